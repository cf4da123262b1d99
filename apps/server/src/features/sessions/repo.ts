import type { CompiledQuery, Insertable, Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, SessionsTable } from '../../db/schema';

/** The database, or a transaction on it. */
export type Executor = Db | Transaction<Database>;

export async function insertSession(db: Executor, row: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

const CALLER_COLUMNS = [
  'a.id',
  'a.account_type',
  'a.account_state',
  'a.token_version',
  'a.deleted_at',
  'a.batch',
  'a.class_type',
  'a.history_type',
  'a.temporary_password_expires_at',
  's.ended_at',
  's.expires_at',
  's.last_seen_at',
  's.second_factor',
] as const;

function compileCallerQuery(db: Db) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('accounts as a', 'a.id', 's.account_id')
    .select(CALLER_COLUMNS)
    .where('s.id', '=', '')
    .where('s.account_id', '=', '')
    .compile();
}
type CallerQuery = ReturnType<typeof compileCallerQuery>;
export type CallerRow = CallerQuery extends CompiledQuery<infer Row> ? Row : never;

/**
 * This runs on every authenticated request, so its SQL is built once per database and then only
 * given its two parameters: building it anew each time cost more than running it (the feed bench).
 */
const callerQueries = new WeakMap<Db, CallerQuery>();

/** The account and the session a token names, read together on every authenticated request. */
export async function findCaller(db: Db, accountId: string, sessionId: string): Promise<CallerRow | undefined> {
  let query = callerQueries.get(db);
  if (!query) {
    query = compileCallerQuery(db);
    callerQueries.set(db, query);
  }
  const { rows } = await db.executeQuery<CallerRow>({ ...query, parameters: [sessionId, accountId] });
  return rows[0];
}

export async function touchSession(db: Executor, sessionId: string, now: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}

/**
 * Sessions that still let their token in: not ended, not expired, and opened (or renewed) at the
 * account's current token version. Newest first.
 */
export function listOpen(db: Executor, accountId: string, now: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .selectAll('sessions')
    .where('sessions.account_id', '=', accountId)
    .whereRef('sessions.token_version', '=', 'accounts.token_version')
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('sessions.created_at', 'desc')
    .orderBy('sessions.id', 'desc')
    .execute();
}

export async function endSessions(db: Executor, ids: string[], now: string, reason: string): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('sessions')
    .set({ ended_at: now, end_reason: reason })
    .where('id', 'in', ids)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function renewSession(db: Executor, sessionId: string, tokenVersion: number): Promise<void> {
  await db.updateTable('sessions').set({ token_version: tokenVersion }).where('id', '=', sessionId).execute();
}

export async function readSetting(db: Executor, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function writeSetting(db: Executor, key: string, value: string, now: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}
