// The SQL of a student's sitting: what a start copies from the account, and the statements the
// attempt writer runs inside its group transaction (the paper's own rows and questions are
// paper-repo.ts's and the question cache's). Every function takes the database or the
// transaction it is given, so the writer reads what it locked.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { PaperAnswersTable, PaperAttemptDevicesTable, PaperAttemptEventsTable, PaperAttemptsTable } from '../../db/schema';
import { isPostgres, slices } from '../../db/statements';
import type { AttemptRow, PaperRow } from './paper-repo';

export type { AttemptRow };
/**
 * An attempt without its order (`order_json`): what the sitting's saves and hand-ins and the
 * writer's groups read and write back. The order is fixed at the start, so a group of saves never
 * copies it.
 */
export type SittingAttempt = Omit<AttemptRow, 'order_json'>;

/** Every column of an attempt but its order. */
const SITTING_ATTEMPT_COLUMNS = [
  'id', 'paper_id', 'account_id', 'started_at', 'opened_at', 'deadline_at', 'extra_minutes', 'district', 'batch', 'school',
  'devices', 'handed_in_at', 'handed_in_by', 'marks', 'mcq_marks', 'written_marks', 'correct', 'answered', 'time_taken_seconds',
  'island_rank', 'district_rank', 'batch_rank', 'away_count', 'away_seconds', 'offline_count', 'offline_seconds', 'late_saves',
  'reopened', 'updated_at',
] as const satisfies readonly Exclude<keyof PaperAttemptsTable, 'order_json'>[];
/** Every column but the order is named above: `saveAttempts` writes rows whole, and a column left out would be lost. */
const everyColumnNamed: Exclude<keyof PaperAttemptsTable, 'order_json' | (typeof SITTING_ATTEMPT_COLUMNS)[number]> extends never ? true : false = true;
void everyColumnNamed;

export type AnswerRow = Selectable<PaperAnswersTable>;
export type DeviceRow = Selectable<PaperAttemptDevicesTable>;

export const pairKey = (first: string, second: string) => `${first}\n${second}`;

/** The student's attempt of a paper, without its order. */
export function sittingAttempt(db: Db, paperId: string, accountId: string): Promise<SittingAttempt | undefined> {
  return db.selectFrom('paper_attempts').select(SITTING_ATTEMPT_COLUMNS).where('paper_id', '=', paperId).where('account_id', '=', accountId).executeTakeFirst();
}

/** The orders (`order_json`) of these attempts, by id: what a start answers. */
export async function ordersOf(db: Db, attemptIds: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of slices(attemptIds)) {
    for (const row of await db.selectFrom('paper_attempts').select(['id', 'order_json']).where('id', 'in', part).execute()) found.set(row.id, row.order_json);
  }
  return found;
}

/** What a start copies from the account (the ranks' groups) and the watermark shows. */
export function sitterOf(db: Db, accountId: string) {
  return db
    .selectFrom('accounts')
    .select(['name', 'reg_no', 'district', 'batch', 'scl'])
    .where('id', '=', accountId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

// ---- The writer's statements (inside its transaction) ----

/**
 * The first start freezes the paper's structure. Run before the paper rows are locked for share,
 * so two groups starting the same paper on PostgreSQL never both hold a share lock and both wait
 * to write it: the second waits for the first's commit, then finds the column set and skips.
 * Only a paper open at `now` is marked, since only there can a start make an attempt.
 */
export async function markFirstStarts(db: Db, paperIds: readonly string[], now: string): Promise<void> {
  if (paperIds.length === 0) return;
  await db
    .updateTable('papers')
    .set({ first_started_at: now })
    .where('id', 'in', [...paperIds])
    .where('first_started_at', 'is', null)
    .where('opens_at', '<=', now)
    .where('closes_at', '>', now)
    .execute();
}

/** The papers of a group, held for share on PostgreSQL: a regrade (FOR UPDATE) and a marking never interleave. */
export function lockPapers(db: Db, paperIds: readonly string[]): Promise<PaperRow[]> {
  const query = db.selectFrom('papers').selectAll().where('id', 'in', [...paperIds]).orderBy('id');
  return (isPostgres(db) ? query.forShare() : query).execute();
}

/** The extra minutes set for students of papers, before or during their attempt. */
export async function extraMinutesOfStudents(db: Db, pairs: readonly { paperId: string; accountId: string }[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const part of slices(pairs)) {
    const rows = await db
      .selectFrom('paper_accommodations')
      .select(['paper_id', 'account_id', 'extra_minutes'])
      .where((eb) => eb(eb.refTuple('paper_id', 'account_id'), 'in', part.map((pair) => eb.tuple(pair.paperId, pair.accountId))))
      .execute();
    for (const row of rows) found.set(pairKey(row.paper_id, row.account_id), row.extra_minutes);
  }
  return found;
}

/** New attempts; one that exists already (two devices starting at once) is left as it is. */
export async function insertAttempts(db: Db, rows: Insertable<PaperAttemptsTable>[]): Promise<void> {
  for (const part of slices(rows)) {
    await db
      .insertInto('paper_attempts')
      .values(part)
      .onConflict((oc) => oc.columns(['paper_id', 'account_id']).doNothing())
      .execute();
  }
}

/**
 * The attempts a group names, by id or by (paper, student), locked FOR UPDATE on PostgreSQL in id
 * order, so two instances' groups never wait on each other in a circle.
 */
export async function lockAttempts(db: Db, ids: readonly string[], pairs: readonly { paperId: string; accountId: string }[]): Promise<SittingAttempt[]> {
  if (ids.length === 0 && pairs.length === 0) return [];
  let query = db
    .selectFrom('paper_attempts')
    .select(SITTING_ATTEMPT_COLUMNS)
    .where((eb) => {
      const named = [];
      if (ids.length > 0) named.push(eb('id', 'in', [...ids]));
      if (pairs.length > 0) named.push(eb(eb.refTuple('paper_id', 'account_id'), 'in', pairs.map((pair) => eb.tuple(pair.paperId, pair.accountId))));
      return eb.or(named);
    })
    .orderBy('id');
  if (isPostgres(db)) query = query.forUpdate();
  return query.execute();
}

export async function devicesOf(db: Db, attemptIds: readonly string[]): Promise<DeviceRow[]> {
  if (attemptIds.length === 0) return [];
  return db.selectFrom('paper_attempt_devices').selectAll().where('attempt_id', 'in', [...attemptIds]).execute();
}

export async function insertDevices(db: Db, rows: Insertable<PaperAttemptDevicesTable>[]): Promise<void> {
  for (const part of slices(rows)) {
    await db
      .insertInto('paper_attempt_devices')
      .values(part)
      .onConflict((oc) => oc.columns(['attempt_id', 'device_key_hash']).doNothing())
      .execute();
  }
}

/** A device seen again (a resume, a save, a hand-in): the tutor's attempt view shows when it was last. */
export async function touchDevices(db: Db, devices: readonly { attemptId: string; device: number }[], now: string): Promise<void> {
  for (const part of slices(devices)) {
    await db
      .updateTable('paper_attempt_devices')
      .set({ last_seen_at: now })
      .where((eb) => eb(eb.refTuple('attempt_id', 'device'), 'in', part.map((entry) => eb.tuple(entry.attemptId, entry.device))))
      .execute();
  }
}

/** The answers held for these (attempt, question) pairs. */
export async function heldAnswers(db: Db, pairs: readonly { attemptId: string; questionId: string }[]): Promise<AnswerRow[]> {
  const rows: AnswerRow[] = [];
  for (const part of slices(pairs)) {
    rows.push(
      ...(await db
        .selectFrom('paper_answers')
        .selectAll()
        .where((eb) => eb(eb.refTuple('attempt_id', 'question_id'), 'in', part.map((pair) => eb.tuple(pair.attemptId, pair.questionId))))
        .execute()),
    );
  }
  return rows;
}

/** Every answer held for these attempts. */
export async function answersOf(db: Db, attemptIds: readonly string[]): Promise<AnswerRow[]> {
  const rows: AnswerRow[] = [];
  for (const part of slices(attemptIds)) {
    rows.push(...(await db.selectFrom('paper_answers').selectAll().where('attempt_id', 'in', part).execute()));
  }
  return rows;
}

/**
 * Writes each winning save unless the row holds a higher `(seq, device)` already; answers the rows
 * it wrote. The writer has reduced the saves to one per (attempt, question): PostgreSQL refuses a
 * statement that would update a row twice.
 */
export async function upsertAnswers(db: Db, rows: AnswerRow[]): Promise<{ attempt_id: string; question_id: string; seq: number; device: number }[]> {
  const written = [];
  for (const part of slices(rows)) {
    written.push(
      ...(await db
        .insertInto('paper_answers')
        .values(part)
        .onConflict((oc) =>
          oc
            .columns(['attempt_id', 'question_id'])
            .doUpdateSet((eb) => ({
              option_id: eb.ref('excluded.option_id'),
              seq: eb.ref('excluded.seq'),
              device: eb.ref('excluded.device'),
              saved_at: eb.ref('excluded.saved_at'),
            }))
            .where((eb) => eb(eb.refTuple('excluded.seq', 'excluded.device'), '>', eb.refTuple('paper_answers.seq', 'paper_answers.device'))),
        )
        .returning(['attempt_id', 'question_id', 'seq', 'device'])
        .execute()),
    );
  }
  return written;
}

/** Page-away and offline periods; one already recorded (a retried request) is not added again. Answers those added. */
export async function insertEvents(db: Db, rows: Insertable<PaperAttemptEventsTable>[]) {
  const added = [];
  for (const part of slices(rows)) {
    added.push(
      ...(await db
        .insertInto('paper_attempt_events')
        .values(part)
        .onConflict((oc) => oc.columns(['attempt_id', 'event_id']).doNothing())
        .returning(['attempt_id', 'kind', 'seconds'])
        .execute()),
    );
  }
  return added;
}

/**
 * Writes the attempts a group changed, whole rows in a few statements instead of one update each.
 * The rows exist (locked by the group), so the insert's order is never written: it is there only
 * because the column may not be null, and the update leaves the order as the start wrote it.
 */
export async function saveAttempts(db: Db, rows: SittingAttempt[]): Promise<void> {
  for (const part of slices(rows)) {
    await db
      .insertInto('paper_attempts')
      .values(part.map((row) => ({ ...row, order_json: '' })))
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          devices: eb.ref('excluded.devices'),
          handed_in_at: eb.ref('excluded.handed_in_at'),
          handed_in_by: eb.ref('excluded.handed_in_by'),
          marks: eb.ref('excluded.marks'),
          mcq_marks: eb.ref('excluded.mcq_marks'),
          correct: eb.ref('excluded.correct'),
          answered: eb.ref('excluded.answered'),
          time_taken_seconds: eb.ref('excluded.time_taken_seconds'),
          away_count: eb.ref('excluded.away_count'),
          away_seconds: eb.ref('excluded.away_seconds'),
          offline_count: eb.ref('excluded.offline_count'),
          offline_seconds: eb.ref('excluded.offline_seconds'),
          late_saves: eb.ref('excluded.late_saves'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

// ---- The close ----

/** Attempts of a paper not handed in whose deadline + grace came before `before` (the deadline's bound). */
export async function dueAttemptIds(db: Db, paperId: string, deadlineBefore: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('paper_attempts')
    .select('id')
    .where('paper_id', '=', paperId)
    .where('handed_in_at', 'is', null)
    .where('deadline_at', '<', deadlineBefore)
    .orderBy('deadline_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** How many attempts of a paper are not handed in, and the earliest deadline among them. */
export async function openAttemptSummary(db: Db, paperId: string): Promise<{ open: number; earliestDeadline: string | null }> {
  const row = await db
    .selectFrom('paper_attempts')
    .select((eb) => [eb.fn.countAll().as('open'), eb.fn.min('deadline_at').as('earliest')])
    .where('paper_id', '=', paperId)
    .where('handed_in_at', 'is', null)
    .executeTakeFirst();
  // PostgreSQL answers count(*) as a string.
  return { open: Number(row?.open ?? 0), earliestDeadline: (row?.earliest as string | null | undefined) ?? null };
}
