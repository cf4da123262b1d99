// A student's sitting (papers.md 'Sitting a paper'): start or resume, saves, hand-in. Each call
// does the cheap checks first (the caller, the paper, their attempt, the question and option ids),
// so a bad request never costs a transaction; the attempt writer then decides time and state under
// its lock, which is the only place that is authoritative across instances.
import { createHash } from 'node:crypto';
import {
  PAPERS_TEXT,
  type AnswersAnswer,
  type AnswersInput,
  type FieldError,
  type HandInAnswer,
  type HandInInput,
  type HeldAnswer,
  type StartAnswer,
  type StartBody,
} from '@academy/contract';
import { errors } from '../../lib/errors';
import type { SessionAccount } from '../../plugins/auth';
import type { SharedAnswer } from '../../plugins/compression';
import { describeDevice } from '../sessions/device';
import { sitterOf, sittingAttempt, type SittingAttempt } from './attempt-repo';
import type { PapersContext } from './context';
import { callerOf, mayOpenPaper, paperNotFound } from './paper-access';
import { loadPaper, type LoadedPaper } from './paper-cache';
import { attemptClock, iso } from './rows';
import { acceptedUntil, judgeStart } from './rules';
import { drawOrder, sittingOrderOf } from './shuffle';
import { refuseNothingToSit } from './answer-scripts/written-start';
import { sharedQuestions } from './sitting-questions';
import { sittingRefusals, startRefusal } from './sitting-refusals';

/** The request's own facts a start records for the tutor. */
export interface SittingClient {
  ip: string;
  userAgent: string | undefined;
}

/** The paper of a `papers/{id}…` call, with its questions (this instance's cache); an admin does not sit papers. */
async function paperToSit(ctx: PapersContext, account: SessionAccount, paperId: string): Promise<LoadedPaper> {
  if (account.isAdmin) throw sittingRefusals.onlyStudents();
  return loadPaper(ctx, paperId);
}

/** Whether the student may open the paper's class now: the folder listings' own check. */
async function mayOpen(ctx: PapersContext, accountId: string, paper: LoadedPaper): Promise<boolean> {
  return mayOpenPaper(ctx, await callerOf(ctx, accountId), paper.row);
}

/**
 * The caller's attempt. Once started it is the student's own, so a class access that ended during
 * the paper does not stop them finishing; without one, a student who may not open the class is
 * told the paper does not exist, as for a guessed id.
 */
async function ownAttempt(ctx: PapersContext, account: SessionAccount, paperId: string): Promise<{ paper: LoadedPaper; attempt: SittingAttempt }> {
  const paper = await paperToSit(ctx, account, paperId);
  const attempt = await sittingAttempt(ctx.db, paper.row.id, account.id);
  if (attempt) return { paper, attempt };
  throw (await mayOpen(ctx, account.id, paper)) ? sittingRefusals.notStarted() : paperNotFound();
}

/**
 * `POST papers/{id}/start`: starts the attempt, or resumes it (any device) with the same order,
 * deadline and answers. It answers the student's order, not the questions: those are one answer
 * every student shares (`sittingQuestions`), so a hall starting together does not serialise the
 * paper once per student.
 */
export async function startSitting(ctx: PapersContext, account: SessionAccount, paperId: string, body: StartBody, client: SittingClient): Promise<StartAnswer['data']> {
  const paper = await paperToSit(ctx, account, paperId);
  const { row } = paper;
  const existing = await sittingAttempt(ctx.db, row.id, account.id);
  if (!existing && !(await mayOpen(ctx, account.id, paper))) throw paperNotFound();
  // Refused here before any question is read; the writer judges again under its lock.
  const verdict = judgeStart({ opensAt: Date.parse(row.opens_at), closesAt: Date.parse(row.closes_at) }, existing ? attemptClock(existing) : null, ctx.clock(), ctx.graceMs);
  if (verdict !== 'start' && verdict !== 'resume') throw startRefusal(verdict, row, existing, ctx.graceMs);
  // A written-only paper has no MCQ question; one with neither part has nothing to sit.
  await refuseNothingToSit(ctx.db, row.id, paper.questions.length);

  const sitter = await sitterOf(ctx.db, account.id);
  if (!sitter) throw errors.unauthorized();
  const { questions } = paper;
  const started = await ctx.writer.start({
    paperId: row.id,
    accountId: account.id,
    deviceKeyHash: createHash('sha256').update(body.deviceKey).digest('hex'),
    label: describeDevice(client.userAgent),
    ip: client.ip,
    order: drawOrder({
      shuffleQuestions: row.shuffle_questions === 1,
      shuffleOptions: row.shuffle_options === 1,
      optionCounts: questions.map((question) => question.options.length),
    }),
    district: sitter.district,
    batch: sitter.batch,
    school: sitter.scl,
  });
  const { attempt } = started;
  const deadline = Date.parse(attempt.deadline_at);
  const answers: HeldAnswer[] = started.answers.map((row) => ({ questionId: row.question_id, optionId: row.option_id, seq: row.seq }));
  return {
    attemptId: attempt.id,
    device: started.device,
    startedAt: attempt.started_at,
    deadline: attempt.deadline_at,
    acceptedUntil: iso(acceptedUntil(deadline, ctx.graceMs)),
    serverNow: iso(ctx.clock()),
    extraMinutes: attempt.extra_minutes,
    lastSeq: answers.reduce((highest, answer) => Math.max(highest, answer.seq), 0),
    order: sittingOrderOf(started.orderJson, questions),
    answers,
    watermark: { name: sitter.name, regNo: sitter.reg_no ?? '' },
  };
}

/**
 * `GET papers/{id}/questions`: the paper's questions in its own order, never a key, to a student
 * who has started it (as its pictures are). The same bytes for every student of this version of
 * the paper, serialised and compressed once (sitting-questions.ts).
 */
export async function sittingQuestions(ctx: PapersContext, account: SessionAccount, paperId: string): Promise<SharedAnswer> {
  const { paper } = await ownAttempt(ctx, account, paperId);
  return sharedQuestions(paper.questions);
}

/** Every save names a question of this paper and, unless it clears it, one of that question's options. */
function checkSaves(paper: LoadedPaper, saves: AnswersInput['saves']): void {
  const fields: FieldError[] = [];
  saves.forEach((save, index) => {
    if (!paper.questionById.has(save.questionId)) {
      const field = `saves.${index}.questionId`;
      fields.push({ field, message: `${field} ${PAPERS_TEXT.notQuestionOfPaper}` });
    } else if (save.optionId !== null && paper.questionOfOption.get(save.optionId) !== save.questionId) {
      const field = `saves.${index}.optionId`;
      fields.push({ field, message: `${field} ${PAPERS_TEXT.notOptionOfQuestion}` });
    }
  });
  if (fields.length > 0) throw errors.badRequest(fields[0]?.message ?? '', fields);
}

/** The cheap checks of a save or hand-in: the caller's attempt, its questions, and the device. */
async function checkedRequest(ctx: PapersContext, account: SessionAccount, paperId: string, body: AnswersInput | HandInInput) {
  const { paper, attempt } = await ownAttempt(ctx, account, paperId);
  checkSaves(paper, body.saves);
  // Devices are numbered 1, 2, … as they start, and a device saves only once its start was answered.
  if (body.device > attempt.devices) throw sittingRefusals.unknownDevice();
  return { paper, op: { paperId: paper.row.id, attemptId: attempt.id, device: body.device, saves: body.saves, events: body.events } };
}

/** `POST papers/{id}/answers`: the saves and periods a phone sends; a save may arrive twice or late. */
export async function saveAnswers(ctx: PapersContext, account: SessionAccount, paperId: string, body: AnswersInput): Promise<AnswersAnswer['data']> {
  const { op } = await checkedRequest(ctx, account, paperId, body);
  const saved = await ctx.writer.save(op);
  const deadline = Date.parse(saved.attempt.deadline_at);
  return {
    applied: saved.applied,
    ignored: saved.ignored,
    current: saved.current,
    deadline: saved.attempt.deadline_at,
    acceptedUntil: iso(acceptedUntil(deadline, ctx.graceMs)),
    serverNow: iso(ctx.clock()),
  };
}

/** `POST papers/{id}/hand-in`: the last saves and the hand-in in one step; marked at once, and no marks answered. */
export async function handInSitting(ctx: PapersContext, account: SessionAccount, paperId: string, body: HandInInput): Promise<HandInAnswer['data']> {
  const { paper, op } = await checkedRequest(ctx, account, paperId, body);
  const handedIn = await ctx.writer.handIn(op);
  return { ...handedIn, questionCount: paper.questions.length };
}
