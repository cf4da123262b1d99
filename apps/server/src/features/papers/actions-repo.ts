// The SQL only the tutor's actions need (extra time, reopening, regrade, the attempt view); the
// paper, its questions and its attempts are read through paper-repo.ts, attempt-repo.ts and the
// question cache, as the sitting and the results read them. Every function takes the database or
// the transaction it is given, so a change reads what it locked.
import type { Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { PaperAttemptsTable } from '../../db/schema';

export interface AccountRow {
  id: string;
  name: string;
  reg_no: string | null;
  account_type: string;
  deleted_at: string | null;
}

export function findAccount(db: Db, accountId: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').select(['id', 'name', 'reg_no', 'account_type', 'deleted_at']).where('id', '=', accountId).executeTakeFirst();
}

/** Page-away and offline periods in the order they happened, by the device's clock. */
export function attemptEvents(db: Db, attemptId: string) {
  return db
    .selectFrom('paper_attempt_events')
    .select(['kind', 'device', 'from_at', 'to_at', 'seconds', 'received_at'])
    .where('attempt_id', '=', attemptId)
    .orderBy('from_at')
    .orderBy('event_id')
    .execute();
}

/** The student's extra time on the paper, set before or during the attempt (the start reads it). */
export async function saveExtraMinutes(db: Db, row: { paper_id: string; account_id: string; extra_minutes: number; set_by: string; set_at: string }): Promise<void> {
  await db
    .insertInto('paper_accommodations')
    .values(row)
    .onConflict((conflict) => conflict.columns(['paper_id', 'account_id']).doUpdateSet({ extra_minutes: row.extra_minutes, set_by: row.set_by, set_at: row.set_at }))
    .execute();
}

export async function updateAttempt(db: Db, attemptId: string, changes: Updateable<PaperAttemptsTable>): Promise<void> {
  await db.updateTable('paper_attempts').set(changes).where('id', '=', attemptId).execute();
}

/** A question's new key (exactly one option of it), marks and dropping. */
export async function writeQuestionKey(db: Db, question: { id: string; keyOptionId: string; marks: number; dropped: boolean }): Promise<void> {
  await db
    .updateTable('paper_options')
    .set((eb) => ({ is_key: eb.case().when('id', '=', question.keyOptionId).then(1).else(0).end() }))
    .where('question_id', '=', question.id)
    .execute();
  await db.updateTable('paper_questions').set({ marks: question.marks, dropped: question.dropped ? 1 : 0 }).where('id', '=', question.id).execute();
}

/** An attempt's marking as a regrade rewrites it: `marks` the total, `mcq_marks` the MCQ part of it. */
export async function writeMarking(db: Db, attempt: { id: string; marks: number; mcq_marks: number; correct: number; answered: number }, now: string): Promise<void> {
  const { id, ...marking } = attempt;
  await db
    .updateTable('paper_attempts')
    .set({ ...marking, updated_at: now })
    .where('id', '=', id)
    .execute();
}
