import type { Insertable, Selectable, Transaction } from 'kysely';
import { OTP_MAX_WRONG_TRIES } from '@academy/contract';
import type { Db } from '../../db/database';
import type { Database, PasswordResetCodesTable } from '../../db/schema';

export type CodeRow = Selectable<PasswordResetCodesTable>;
type DbOrTx = Db | Transaction<Database>;

/** The few account fields this feature needs; features/students keeps the rest. */
export function findLiveAccount(db: Db, emailKey: string) {
  return db
    .selectFrom('accounts')
    .select(['id', 'email', 'name', 'token_version', 'account_type'])
    .where('email_key', '=', emailKey)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function recordClientRequest(db: Db, client: string, at: string): Promise<void> {
  await db.insertInto('password_reset_client_requests').values({ id: crypto.randomUUID(), client, requested_at: at }).execute();
}

export async function countClientRequests(db: Db, client: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('password_reset_client_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('client', '=', client)
    .where('requested_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countCodesSince(db: Db, emailKey: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('password_reset_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('email_key', '=', emailKey)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertCode(db: Db, code: Insertable<PasswordResetCodesTable>): Promise<void> {
  await db.insertInto('password_reset_codes').values(code).execute();
}

/** Only the newest code of an address counts; asking for a new one retires the older ones. */
export function findLatestCode(db: Db, emailKey: string): Promise<CodeRow | undefined> {
  return db
    .selectFrom('password_reset_codes')
    .selectAll()
    .where('email_key', '=', emailKey)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Takes one try in a single statement before the code is compared, so even simultaneous guesses
 * get at most OTP_MAX_WRONG_TRIES between them. Undefined: the code has no tries left or is used.
 */
export async function takeTry(db: Db, id: string): Promise<number | undefined> {
  const row = await db
    .updateTable('password_reset_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('tries', '<', OTP_MAX_WRONG_TRIES)
    .returning('tries')
    .executeTakeFirst();
  return row?.tries;
}

/** Marks the code used and stores its reset token; false when another request used it first. */
export async function claimCode(
  db: Db,
  id: string,
  claim: { now: string; resetTokenHash: string; resetExpiresAt: string; tokenVersion: number },
): Promise<boolean> {
  const result = await db
    .updateTable('password_reset_codes')
    .set({
      used_at: claim.now,
      reset_token_hash: claim.resetTokenHash,
      reset_expires_at: claim.resetExpiresAt,
      token_version: claim.tokenVersion,
    })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findByResetToken(db: Db, resetTokenHash: string): Promise<CodeRow | undefined> {
  return db.selectFrom('password_reset_codes').selectAll().where('reset_token_hash', '=', resetTokenHash).executeTakeFirst();
}

/** Single use: only the first of two simultaneous resets with one token gets true. */
export async function claimResetToken(tx: Transaction<Database>, id: string, now: string): Promise<boolean> {
  const result = await tx
    .updateTable('password_reset_codes')
    .set({ reset_used_at: now })
    .where('id', '=', id)
    .where('reset_used_at', 'is', null)
    .where('reset_expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Sets the password (the owner's own from now on, no longer temporary) and bumps the token
 * version, which ends every session of the account. Only
 * while the version is the one the reset token was issued under: a password changed meanwhile
 * (or a suspension, a deletion) voids the token.
 */
export async function setPassword(
  tx: Transaction<Database>,
  accountId: string,
  change: { passwordHash: string; tokenVersion: number; now: string },
): Promise<boolean> {
  const result = await tx
    .updateTable('accounts')
    .set((eb) => ({ password_hash: change.passwordHash, temporary_password_expires_at: null, token_version: eb('token_version', '+', 1), updated_at: change.now }))
    .where('id', '=', accountId)
    .where('deleted_at', 'is', null)
    .where('token_version', '=', change.tokenVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** After a reset, any other code still open for the address is dead. */
export async function closeOpenCodes(tx: DbOrTx, emailKey: string, now: string): Promise<void> {
  await tx
    .updateTable('password_reset_codes')
    .set({ used_at: now })
    .where('email_key', '=', emailKey)
    .where('used_at', 'is', null)
    .execute();
}

/** Rows outlive their code's use so the hourly count holds; a day later they are only clutter. */
export async function prune(db: Db, codesBefore: string, requestsBefore: string): Promise<void> {
  await db.deleteFrom('password_reset_codes').where('created_at', '<', codesBefore).execute();
  await db.deleteFrom('password_reset_client_requests').where('requested_at', '<', requestsBefore).execute();
}
