// One group of the attempt writer (attempt-writer.ts), in one transaction:
//   1. lock: a first start marks its paper, the papers are held for share (PostgreSQL), new
//      attempts are inserted, then every attempt named is locked FOR UPDATE in id order;
//   2. judge every operation in arrival order against the attempts as locked and as the group has
//      changed them (open or closed, the device known), so time and state are decided where they
//      are authoritative across instances; a refusal is that operation's answer, the others go on;
//   3. write the saves, reduced to one winner per (attempt, question), unless a higher one is held;
//   4. add the page-away and offline periods not recorded yet;
//   5. mark what was handed in, from the answers as written and the key as the locked paper has it;
//   6. write the changed attempts whole, in a few statements; then, after the commit, move the
//      close jobs.
import type { HeldAnswer, Save } from '@academy/contract';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { PaperAttemptDevicesTable, PaperAttemptEventsTable } from '../../db/schema';
import type { AppError } from '../../lib/errors';
import { groupBy } from '../../lib/group-by';
import type { GroupDeps, HandedIn, Operation, Outcome, SaveOp, Saved, Started } from './attempt-operations';
import * as repo from './attempt-repo';
import type { AnswerRow, SittingAttempt } from './attempt-repo';
import { markAttempt } from './marking';
import { insertNewAttempts, uniquePairs } from './new-attempts';
import { paperNotFound } from './paper-access';
import type { PaperCache, PaperContent } from './paper-cache';
import { PAPER_CLOSE_JOB, runPaperJobBy } from './paper-jobs';
import type { PaperRow } from './paper-repo';
import { attemptClock, handedInByOf, iso } from './rows';
import { acceptedUntil, judgeStart, saveCounts, saveTiming, type HandedInBy, type SaveTiming } from './rules';
import { closedRefusal, sittingRefusals, startRefusal } from './sitting-refusals';

/** One attempt as the group sees and changes it. */
interface AttemptState {
  row: SittingAttempt;
  paper: PaperRow;
  changed: boolean;
  /** Marked in this group: its marks are computed once the group's saves are written. */
  marking: boolean;
  /** Closed by a hand-in call (not by the close job, which looks at the paper itself when it is done). */
  handedIn: boolean;
}

/** A save that counted, waiting for the upsert to say whether it is the one stored. */
interface Candidate {
  attemptId: string;
  questionId: string;
  seq: number;
  device: number;
}

const beats = (a: { seq: number; device: number }, b: { seq: number; device: number } | undefined) =>
  !b || a.seq > b.seq || (a.seq === b.seq && a.device > b.device);

/** Time taken counts the student's own time: from the opening to the hand-in, never past the deadline. */
function secondsTaken(row: SittingAttempt, handedInAt: number): number {
  const end = Math.min(handedInAt, Date.parse(row.deadline_at));
  return Math.max(0, Math.round((end - Date.parse(row.opened_at)) / 1000));
}

/** One group in one transaction; then the close jobs its starts and late hand-ins move. */
export async function writeGroup(deps: GroupDeps, operations: Operation[]): Promise<Outcome[]> {
  const now = deps.clock();
  const { outcomes, jobs } = await deps.db.transaction().execute((tx) => applyGroup(tx, deps.cache, deps.graceMs, operations, now));
  for (const [paperId, at] of jobs) {
    // The start is committed whatever happens here: the sweep queues a close the job row missed.
    await runPaperJobBy(deps, PAPER_CLOSE_JOB, paperId, at).catch((error: unknown) => {
      deps.log.error({ err: error, paperId }, 'the close job of a paper could not be queued');
    });
  }
  return outcomes;
}

async function applyGroup(tx: Db, cache: PaperCache, graceMs: number, operations: Operation[], now: number): Promise<{ outcomes: Outcome[]; jobs: Map<string, number> }> {
  const at = iso(now);
  const starts = operations.flatMap((operation) => (operation.kind === 'start' ? [operation.op] : []));
  const startPairs = uniquePairs(starts);
  const namedIds = [
    ...new Set(
      operations.flatMap((operation) =>
        operation.kind === 'close' ? operation.op.attemptIds : operation.kind === 'start' ? [] : [operation.op.attemptId],
      ),
    ),
  ];

  // 1. Lock: the papers for share (after a first start has marked its paper), then the attempts,
  //    the new ones inserted first so they are locked with the rest.
  await repo.markFirstStarts(tx, [...new Set(starts.map((op) => op.paperId))], at);
  const papers = new Map((await repo.lockPapers(tx, [...new Set(operations.map((operation) => operation.op.paperId))])).map((row) => [row.id, row]));
  const newIds = await insertNewAttempts(tx, papers, starts, startPairs, now);
  const states = new Map<string, AttemptState>();
  const byPair = new Map<string, AttemptState>();
  for (const row of await repo.lockAttempts(tx, namedIds, startPairs)) {
    const paper = papers.get(row.paper_id);
    if (!paper) continue;
    const state = { row: { ...row }, paper, changed: false, marking: false, handedIn: false };
    states.set(row.id, state);
    byPair.set(repo.pairKey(row.paper_id, row.account_id), state);
  }
  const devices = await repo.devicesOf(tx, [...new Set(starts.flatMap((op) => byPair.get(repo.pairKey(op.paperId, op.accountId))?.row.id ?? []))]);
  const deviceOfKey = new Map(devices.map((row) => [repo.pairKey(row.attempt_id, row.device_key_hash), row.device]));
  const namedPairs = operations.flatMap((operation) =>
    operation.kind === 'save' || operation.kind === 'handIn' ? operation.op.saves.map((save) => ({ attemptId: operation.op.attemptId, questionId: save.questionId })) : [],
  );
  const held = new Map((await repo.heldAnswers(tx, namedPairs)).map((row) => [repo.pairKey(row.attempt_id, row.question_id), row]));
  /** The saves of this group that beat what was held: one per (attempt, question). */
  const winners = new Map<string, AnswerRow>();

  // 2. Judge every operation in arrival order against the attempts as locked (and as the group has changed them).
  const judged: Judged[] = [];
  const newDevices: Insertable<PaperAttemptDevicesTable>[] = [];
  const seenDevices = new Map<string, { attemptId: string; device: number }>();
  const events = new Map<string, Insertable<PaperAttemptEventsTable>>();
  const seen = (attemptId: string, device: number) => seenDevices.set(repo.pairKey(attemptId, String(device)), { attemptId, device });

  for (const operation of operations) {
    if (operation.kind === 'start') {
      const { op } = operation;
      const paper = papers.get(op.paperId);
      const state = byPair.get(repo.pairKey(op.paperId, op.accountId));
      if (!paper) {
        judged.push({ kind: 'refused', refusal: paperNotFound() });
        continue;
      }
      const verdict = judgeStart(
        { opensAt: Date.parse(paper.opens_at), closesAt: Date.parse(paper.closes_at) },
        state ? attemptClock(state.row) : null,
        now,
        graceMs,
      );
      if (!state || (verdict !== 'start' && verdict !== 'resume')) {
        judged.push({ kind: 'refused', refusal: startRefusal(verdict, paper, state?.row, graceMs) });
        continue;
      }
      const keyOf = repo.pairKey(state.row.id, op.deviceKeyHash);
      let device = deviceOfKey.get(keyOf);
      if (device === undefined) {
        device = state.row.devices + 1;
        state.row.devices = device;
        state.changed = true;
        deviceOfKey.set(keyOf, device);
        newDevices.push({ attempt_id: state.row.id, device, device_key_hash: op.deviceKeyHash, label: op.label, ip: op.ip, first_seen_at: at, last_seen_at: at });
      } else {
        seen(state.row.id, device);
      }
      judged.push({ kind: 'start', state, device });
      continue;
    }

    if (operation.kind === 'close') {
      let count = 0;
      for (const id of operation.op.attemptIds) {
        const state = states.get(id);
        if (!state || state.row.handed_in_by !== null) continue;
        const until = acceptedUntil(Date.parse(state.row.deadline_at), graceMs);
        if (operation.op.now <= until) continue;
        closeAttempt(state, 'time', until);
        count += 1;
      }
      judged.push({ kind: 'close', count });
      continue;
    }

    const { op } = operation;
    const state = states.get(op.attemptId);
    if (!state) {
      judged.push({ kind: 'refused', refusal: sittingRefusals.notStarted() });
      continue;
    }
    if (op.device < 1 || op.device > state.row.devices) {
      judged.push({ kind: 'refused', refusal: sittingRefusals.unknownDevice() });
      continue;
    }
    const timing = saveTiming(attemptClock(state.row), now, graceMs);
    const key = (questionId: string) => repo.pairKey(op.attemptId, questionId);
    if (!saveCounts(timing)) {
      const repeat = op.saves.every((save) => {
        const stored = held.get(key(save.questionId));
        return stored !== undefined && !beats({ seq: save.seq, device: op.device }, stored);
      });
      if (!repeat) {
        const current = currentFor(op.saves, (questionId) => held.get(key(questionId)));
        judged.push({ kind: 'refused', refusal: closedRefusal(timing, state.row, graceMs, current) });
        continue;
      }
    }
    seen(op.attemptId, op.device);
    const candidates: Candidate[] = [];
    if (saveCounts(timing)) {
      for (const save of op.saves) {
        const candidate = { attemptId: op.attemptId, questionId: save.questionId, seq: save.seq, device: op.device };
        candidates.push(candidate);
        if (beats(candidate, held.get(key(save.questionId)))) {
          const row = { attempt_id: op.attemptId, question_id: save.questionId, option_id: save.optionId, seq: save.seq, device: op.device, saved_at: at };
          held.set(key(save.questionId), row);
          winners.set(key(save.questionId), row);
        }
      }
    }
    for (const event of op.events) {
      const length = Math.max(0, (Date.parse(state.row.deadline_at) - Date.parse(state.row.started_at)) / 1000);
      const seconds = Math.round(Math.min(length, Math.max(0, (Date.parse(event.to) - Date.parse(event.from)) / 1000)));
      events.set(repo.pairKey(op.attemptId, event.id), {
        attempt_id: op.attemptId,
        event_id: event.id,
        kind: event.kind,
        device: op.device,
        from_at: event.from,
        to_at: event.to,
        seconds,
        received_at: at,
      });
    }
    if (operation.kind === 'handIn' && state.row.handed_in_by === null) {
      // Inside the time a hand-in is the student's; past deadline + grace it was the server's already.
      if (saveCounts(timing)) closeAttempt(state, 'student', now);
      else closeAttempt(state, 'time', acceptedUntil(Date.parse(state.row.deadline_at), graceMs));
      state.handedIn = true;
    }
    judged.push({ kind: operation.kind, state, op, timing, candidates });
  }

  // 3. Saves: one winner per (attempt, question), written unless the row holds a higher one.
  const saveKey = (save: Candidate) => `${repo.pairKey(save.attemptId, save.questionId)}\n${save.seq}\n${save.device}`;
  const written = new Set(
    (await repo.upsertAnswers(tx, [...winners.values()])).map((row) => saveKey({ attemptId: row.attempt_id, questionId: row.question_id, seq: row.seq, device: row.device })),
  );
  const isWritten = (candidate: Candidate) => written.has(saveKey(candidate));
  // A save written inside the grace is late, counted once even when a retry brought it twice.
  const countedLate = new Set<string>();
  for (const entry of judged) {
    if ((entry.kind !== 'save' && entry.kind !== 'handIn') || entry.timing !== 'late') continue;
    for (const candidate of entry.candidates.filter(isWritten)) {
      if (countedLate.has(saveKey(candidate))) continue;
      countedLate.add(saveKey(candidate));
      entry.state.row.late_saves += 1;
      entry.state.changed = true;
    }
  }

  // 4. Periods: the counters grow by the rows actually added (a retried request adds nothing).
  for (const added of await repo.insertEvents(tx, [...events.values()])) {
    const state = states.get(added.attempt_id);
    if (!state) continue;
    if (added.kind === 'away') {
      state.row.away_count += 1;
      state.row.away_seconds += added.seconds;
    } else {
      state.row.offline_count += 1;
      state.row.offline_seconds += added.seconds;
    }
    state.changed = true;
  }

  // 5. Hand-ins and closes are marked from the answers as now written and the key as locked.
  const marking = [...states.values()].filter((state) => state.marking);
  const startIds = judged.flatMap((entry) => (entry.kind === 'start' ? [entry.state.row.id] : []));
  const answers = groupBy(await repo.answersOf(tx, [...new Set([...marking.map((state) => state.row.id), ...startIds])]), (row) => row.attempt_id);
  const orders = await repo.ordersOf(tx, startIds);
  const keys = new Map<string, PaperContent>();
  for (const paper of new Set(marking.map((state) => state.paper))) keys.set(paper.id, await cache.contentFor(tx, paper));
  for (const state of marking) {
    const key = keys.get(state.paper.id)?.questions ?? [];
    const result = markAttempt(key, (answers.get(state.row.id) ?? []).map((row) => ({ questionId: row.question_id, optionId: row.option_id })));
    // The total keeps the written part's marks once they are joined (answer-scripts.md 'Totals everywhere').
    Object.assign(state.row, { mcq_marks: result.marks, marks: result.marks + (state.row.written_marks ?? 0), correct: result.correct, answered: result.answered });
  }

  await repo.insertDevices(tx, newDevices);
  await repo.touchDevices(tx, [...seenDevices.values()], at);
  await repo.saveAttempts(
    tx,
    [...states.values()].filter((state) => state.changed).map((state) => ({ ...state.row, updated_at: at })),
  );

  // 6. Each operation's answer, and the close jobs to move.
  const jobs = new Map<string, number>();
  const runBy = (paperId: string, time: number) => jobs.set(paperId, Math.min(jobs.get(paperId) ?? Infinity, time));
  for (const state of states.values()) {
    if (newIds.has(state.row.id)) {
      runBy(state.paper.id, Math.min(acceptedUntil(Date.parse(state.row.deadline_at), graceMs), Date.parse(state.paper.closes_at)));
    } else if (state.handedIn && now >= Date.parse(state.paper.closes_at)) {
      // The last hand-in of a closed paper makes its results ready at once.
      runBy(state.paper.id, now);
    }
  }
  const outcomes = judged.map((entry): Outcome => {
    switch (entry.kind) {
      case 'refused':
        return { refusal: entry.refusal };
      case 'close':
        return { value: entry.count };
      case 'start':
        return {
          value: { attempt: entry.state.row, orderJson: orders.get(entry.state.row.id) ?? '', device: entry.device, answers: answers.get(entry.state.row.id) ?? [] } satisfies Started,
        };
      case 'save': {
        const applied = entry.candidates.filter(isWritten);
        const ignored = entry.op.saves.filter((save) => !applied.some((candidate) => candidate.seq === save.seq));
        const current = currentFor(ignored, (questionId) => held.get(repo.pairKey(entry.op.attemptId, questionId)));
        return { value: { applied: applied.map((save) => save.seq), ignored: ignored.map((save) => save.seq), current, attempt: entry.state.row } satisfies Saved };
      }
      case 'handIn': {
        const row = entry.state.row;
        return { value: { handedInAt: row.handed_in_at ?? at, handedInBy: handedInByOf(row.handed_in_by) ?? 'time', answered: row.answered ?? 0 } satisfies HandedIn };
      }
    }
  });
  return { outcomes, jobs };
}

type Judged =
  | { kind: 'refused'; refusal: AppError }
  | { kind: 'start'; state: AttemptState; device: number }
  | { kind: 'close'; count: number }
  | { kind: 'save' | 'handIn'; state: AttemptState; op: SaveOp; timing: SaveTiming; candidates: Candidate[] };

/** Handed in for good: marked once the group's saves are written. */
function closeAttempt(state: AttemptState, by: HandedInBy, handedInAt: number): void {
  state.row.handed_in_at = iso(handedInAt);
  state.row.handed_in_by = by;
  state.row.time_taken_seconds += secondsTaken(state.row, handedInAt);
  state.changed = true;
  state.marking = true;
}

/** What the server holds for each question the saves name (a question with nothing held is left out). */
function currentFor(saves: readonly Pick<Save, 'questionId'>[], heldFor: (questionId: string) => AnswerRow | undefined): HeldAnswer[] {
  const questionIds = [...new Set(saves.map((save) => save.questionId))];
  return questionIds.flatMap((questionId) => {
    const row = heldFor(questionId);
    return row ? [{ questionId, optionId: row.option_id, seq: row.seq }] : [];
  });
}
