import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

/** The database, or a transaction on it. */
export type Executor = Db | Transaction<Database>;

export async function findFactor(db: Executor, accountId: string) {
  return db.selectFrom('admin_second_factors').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/**
 * A new pending enrolment, replacing one not yet confirmed; never an enrolled factor (answers false).
 * One statement, so two enrolments begun at once (two tabs, two instances) leave one secret, not a
 * key violation.
 */
export async function putPendingFactor(db: Db, accountId: string, secret: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('admin_second_factors')
    .values({ account_id: accountId, secret, enrolled_at: null, last_step: 0, created_at: now })
    .onConflict((conflict) => conflict.column('account_id').doUpdateSet({ secret, last_step: 0, created_at: now }).where('admin_second_factors.enrolled_at', 'is', null))
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/**
 * Takes time step `step` for the account: true only if it is later than every step used before,
 * in one statement, so two requests with one code cannot both pass.
 */
export async function claimStep(db: Executor, accountId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('admin_second_factors')
    .set({ last_step: step })
    .where('account_id', '=', accountId)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markEnrolled(db: Executor, accountId: string, now: string): Promise<void> {
  await db.updateTable('admin_second_factors').set({ enrolled_at: now }).where('account_id', '=', accountId).execute();
}

export async function removeFactor(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('admin_second_factors').where('account_id', '=', accountId).execute();
  await db.deleteFrom('admin_recovery_codes').where('account_id', '=', accountId).execute();
}

export async function replaceRecoveryCodes(db: Executor, accountId: string, hashes: string[]): Promise<void> {
  await db.deleteFrom('admin_recovery_codes').where('account_id', '=', accountId).execute();
  await db.insertInto('admin_recovery_codes').values(hashes.map((code_hash) => ({ code_hash, account_id: accountId, used_at: null }))).execute();
}

/** Spends a recovery code: true when it was the account's and unused, in one statement. */
export async function useRecoveryCode(db: Executor, accountId: string, hash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('admin_recovery_codes')
    .set({ used_at: now })
    .where('account_id', '=', accountId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countRecoveryCodesLeft(db: Executor, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('admin_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function insertChallenge(db: Db, row: { id_hash: string; account_id: string; token_version: number; created_at: string; expires_at: string }): Promise<void> {
  // Old challenges are of no use to anyone: each new one sweeps the expired.
  await db.deleteFrom('admin_sign_in_challenges').where('expires_at', '<', row.created_at).execute();
  await db.insertInto('admin_sign_in_challenges').values({ ...row, used_at: null }).execute();
}

/**
 * Counts one try of a live challenge, answering it (with its try count) or null when it is
 * unknown, used, expired or out of tries: a challenge is a fixed number of tries, not a window.
 */
export async function takeTry(db: Db, idHash: string, now: string, maxTries: number) {
  const result = await db
    .updateTable('admin_sign_in_challenges')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id_hash', '=', idHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('tries', '<', maxTries)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  return db.selectFrom('admin_sign_in_challenges').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
}

export async function useChallenge(db: Executor, idHash: string, now: string): Promise<boolean> {
  const result = await db.updateTable('admin_sign_in_challenges').set({ used_at: now }).where('id_hash', '=', idHash).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the session as having passed the second factor (after enrolment in it). */
export async function verifySession(db: Executor, sessionId: string, how: string): Promise<void> {
  await db.updateTable('sessions').set({ second_factor: how }).where('id', '=', sessionId).execute();
}

/** Every open session of the account falls back to 'password': limited to enrolment again. */
export async function unverifySessions(db: Executor, accountId: string): Promise<void> {
  await db.updateTable('sessions').set({ second_factor: 'password' }).where('account_id', '=', accountId).where('ended_at', 'is', null).execute();
}

export async function endAllSessions(db: Executor, accountId: string, now: string, reason: string): Promise<void> {
  await db.updateTable('sessions').set({ ended_at: now, end_reason: reason }).where('account_id', '=', accountId).where('ended_at', 'is', null).execute();
}
