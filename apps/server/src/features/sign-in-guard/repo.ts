import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, SignInTriesTable } from '../../db/schema';

/** The database, or a transaction on it. */
export type Executor = Db | Transaction<Database>;

export type TryOutcome = 'pending' | 'failed' | 'succeeded';

export async function insertTry(db: Executor, row: SignInTriesTable): Promise<void> {
  await db.insertInto('sign_in_tries').values(row).execute();
}

/** The account's tries since `since` that did not succeed: failed, or still being checked. */
export function openTries(db: Executor, accountKey: string, since: string) {
  return db
    .selectFrom('sign_in_tries')
    .select(['id', 'address', 'device', 'at', 'outcome'])
    .where('account_key', '=', accountKey)
    .where('at', '>', since)
    .where('outcome', '!=', 'succeeded')
    .execute();
}

/** An address's finished tries from unknown devices since `since`, by outcome. */
export function addressOutcomes(db: Executor, address: string, since: string) {
  return db
    .selectFrom('sign_in_tries')
    .select((eb) => ['outcome', eb.fn.countAll<number | string>().as('count'), eb.fn.min('at').as('oldest')])
    .where('address', '=', address)
    .where('at', '>', since)
    .where('outcome', 'in', ['failed', 'succeeded'])
    .where('device', 'is', null)
    .groupBy('outcome')
    .execute();
}

export async function settleTry(db: Executor, id: string, outcome: TryOutcome): Promise<void> {
  await db.updateTable('sign_in_tries').set({ outcome }).where('id', '=', id).execute();
}

/** A refused try is not a guess: it leaves nothing behind. */
export async function deleteTry(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('sign_in_tries').where('id', '=', id).execute();
}

/** The failures of one account from one place (a known device, or an address without one). */
export async function clearPlace(db: Executor, accountKey: string, place: { address: string; device: string | null }): Promise<void> {
  let query = db.deleteFrom('sign_in_tries').where('account_key', '=', accountKey).where('outcome', '=', 'failed');
  query = place.device === null ? query.where('device', 'is', null).where('address', '=', place.address) : query.where('device', '=', place.device);
  await query.execute();
}

export async function clearAccount(db: Executor, accountKey: string): Promise<void> {
  await db.deleteFrom('sign_in_tries').where('account_key', '=', accountKey).where('outcome', '!=', 'succeeded').execute();
}

/** Tries older than the window no longer count; dropping them keeps the table small. */
export async function pruneTries(db: Executor, before: string): Promise<void> {
  await db.deleteFrom('sign_in_tries').where('at', '<', before).execute();
}

export async function deviceGeneration(db: Executor, accountId: string): Promise<number> {
  const row = await db.selectFrom('known_device_generations').select('generation').where('account_id', '=', accountId).executeTakeFirst();
  return row?.generation ?? 0;
}

export async function bumpDeviceGeneration(db: Executor, accountId: string): Promise<void> {
  await db
    .insertInto('known_device_generations')
    .values({ account_id: accountId, generation: 1 })
    .onConflict((oc) => oc.column('account_id').doUpdateSet((eb) => ({ generation: eb('known_device_generations.generation', '+', 1) })))
    .execute();
}
