import { sql, type Expression, type ExpressionBuilder, type Selectable, type SqlBool, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { AccountsTable, Database } from '../../db/schema';

export type AccountRow = Selectable<AccountsTable>;
export type NewAccount = Omit<AccountRow, 'token_version' | 'deleted_at' | 'search_text' | 'temporary_password_expires_at'> & {
  /** Only the CSV import's generated passwords are temporary. */
  temporary_password_expires_at?: string | null;
};

type Searchable = Pick<AccountRow, 'name' | 'email_key' | 'reg_no' | 'whatsapp_no' | 'additional_no'>;

/** What the Student List's search box matches, in one lower-cased column (migration 002). */
function searchTextOf(row: Searchable): string {
  return [row.name.toLowerCase(), row.email_key, (row.reg_no ?? '').toLowerCase(), row.whatsapp_no, row.additional_no].join(' ');
}

export function findLiveByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('email_key', '=', email.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findLiveById(db: Db, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/** Any account by its id, deleted or not: what the records of its past acts name. */
export function findAnyById(db: Db, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertAccount(db: Db | Transaction<Database>, account: NewAccount): Promise<void> {
  await db.insertInto('accounts').values({ ...account, search_text: searchTextOf(account) }).execute();
}

/**
 * Takes the next number for a regNo prefix in one atomic statement, so concurrent registrations
 * never share a number, on SQLite and PostgreSQL alike.
 */
export async function nextRegNoSequence(tx: Transaction<Database>, prefix: string): Promise<number> {
  const row = await tx
    .insertInto('reg_no_sequences')
    .values({ prefix, last_value: 1 })
    .onConflict((oc) => oc.column('prefix').doUpdateSet((eb) => ({ last_value: eb('reg_no_sequences.last_value', '+', 1) })))
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return row.last_value;
}

export async function countRecentFailures(db: Db, subject: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('sign_in_failures')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('subject', '=', subject)
    .where('failed_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function recordFailures(db: Db, subjects: string[], at: string): Promise<void> {
  await db
    .insertInto('sign_in_failures')
    .values(subjects.map((subject) => ({ id: crypto.randomUUID(), subject, failed_at: at })))
    .execute();
}

export async function clearFailures(db: Db, subject: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('subject', '=', subject).execute();
}

/** Sets an account's password and admin role, and ends its sessions (token version). */
export async function makeAdmin(db: Db, id: string, passwordHash: string, now: string): Promise<void> {
  await db
    .updateTable('accounts')
    .set((eb) => ({
      account_type: 'admin',
      account_state: 'active',
      password_hash: passwordHash,
      temporary_password_expires_at: null,
      token_version: eb('token_version', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', id)
    .execute();
}

// ---- Student administration ----

export interface ListFilter {
  search?: string | undefined;
  batch?: string | undefined;
  classType?: string | undefined;
  state?: string | undefined;
}

/** '%' and '_' typed into the search box are matched literally ('!' is the LIKE escape). */
function likePattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** Digits with the spaces, dashes, dots or brackets people type inside phone numbers. */
const PHONE_LIKE = /^[\d\s().+-]+$/;

/**
 * The search matches name, e-mail and regNo in any letter case; a search that looks like a phone
 * number also matches by its digits alone, so '077 123' finds 0771234567.
 */
function searchCondition(eb: ExpressionBuilder<Database, 'accounts'>, search: string): Expression<SqlBool> {
  const like = (text: string) => sql<SqlBool>`${sql.ref('search_text')} like ${likePattern(text)} escape '!'`;
  const parts = [like(search.toLowerCase())];
  const digits = search.replace(/\D/g, '');
  if (PHONE_LIKE.test(search) && digits.length >= 3 && digits !== search) parts.push(like(digits));
  return eb.or(parts);
}

function studentConditions(
  eb: ExpressionBuilder<Database, 'accounts'>,
  filter: ListFilter,
  deleted: boolean,
): Expression<SqlBool> {
  // 'admin' as a literal, not a parameter: only then may the planner use the partial list index.
  const parts: Expression<SqlBool>[] = [
    eb('deleted_at', deleted ? 'is not' : 'is', null),
    eb('account_type', '<>', sql.lit('admin')),
  ];
  // An erased student (privacy/erase.ts) is an anonymous record, never listed or restored.
  if (deleted) parts.push(eb('account_state', '<>', sql.lit('erased')));
  if (filter.batch) parts.push(eb('batch', '=', filter.batch));
  if (filter.classType) parts.push(eb('class_type', '=', filter.classType));
  if (filter.state) parts.push(eb('account_state', '=', filter.state));
  if (filter.search) parts.push(searchCondition(eb, filter.search));
  return eb.and(parts);
}

export interface PageRequest {
  page: number;
  pageSize: number;
}

/** A page of live students in list order (batch, then name), and how many match in all. */
export async function listStudents(
  db: Db,
  filter: ListFilter,
  page: PageRequest,
): Promise<{ rows: AccountRow[]; total: number }> {
  // The page's ids first, from the list index alone; then only those rows are read in full. Sorting
  // whole rows to skip thousands of them is what made deep pages slow on PostgreSQL.
  const pageIds = db
    .selectFrom('accounts')
    .select('id')
    .where((eb) => studentConditions(eb, filter, false))
    .orderBy('batch')
    .orderBy('name')
    .orderBy('id')
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('accounts')
      .innerJoin(pageIds.as('page'), 'page.id', 'accounts.id')
      .selectAll('accounts')
      .orderBy('accounts.batch')
      .orderBy('accounts.name')
      .orderBy('accounts.id')
      .execute(),
    countStudents(db, filter, false),
  ]);
  return { rows, total: count };
}

/** Every live student matching the filter, in list order: the CSV export. */
export function allStudents(db: Db, filter: ListFilter): Promise<AccountRow[]> {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where((eb) => studentConditions(eb, filter, false))
    .orderBy('batch')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** A page of deleted students, newest deletion first. */
export async function listDeletedStudents(
  db: Db,
  filter: ListFilter,
  page: PageRequest,
): Promise<{ rows: AccountRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('accounts')
      .selectAll()
      .where((eb) => studentConditions(eb, filter, true))
      .orderBy('deleted_at', 'desc')
      .orderBy('id')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    countStudents(db, filter, true),
  ]);
  return { rows, total: count };
}

async function countStudents(db: Db, filter: ListFilter, deleted: boolean): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where((eb) => studentConditions(eb, filter, deleted))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function studentById(db: Db, id: string) {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).where('account_type', '<>', 'admin');
}

/** A live student (never an admin): the only accounts the admin actions touch. */
export function findLiveStudent(db: Db, id: string): Promise<AccountRow | undefined> {
  return studentById(db, id).where('deleted_at', 'is', null).executeTakeFirst();
}

/** A deleted student (never an admin): what restore brings back. */
export function findDeletedStudent(db: Db, id: string): Promise<AccountRow | undefined> {
  return studentById(db, id).where('deleted_at', 'is not', null).where('account_state', '<>', 'erased').executeTakeFirst();
}

/** Sets the state; suspending also moves the token version so every session ends at once. */
export async function setStudentState(db: Db, id: string, state: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set((eb) => ({
      account_state: state,
      updated_at: now,
      ...(state === 'active' ? {} : { token_version: eb('token_version', '+', 1) }),
    }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('account_type', '<>', 'admin')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Soft delete: the row stays, its e-mail is free again, its sessions end. */
export async function softDeleteStudent(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set((eb) => ({ deleted_at: now, updated_at: now, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('account_type', '<>', 'admin')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Brings a deleted student back; the live e-mail index refuses it if the address was taken meanwhile. */
export async function restoreStudent(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set({ deleted_at: null, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .where('account_type', '<>', 'admin')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export type AccountChanges = Partial<
  Pick<
    AccountRow,
    | 'name'
    | 'email'
    | 'email_key'
    | 'whatsapp_no'
    | 'additional_no'
    | 'district'
    | 'scl'
    | 'address'
    | 'batch'
    | 'class_type'
    | 'history_type'
    | 'student_id_img'
    | 'account_state'
    | 'profile_img'
  >
>;

/**
 * Writes profile changes to a live account, read just before as `current`; `endSessions` also
 * moves the token version.
 */
export async function updateAccount(
  db: Db,
  current: AccountRow,
  changes: AccountChanges,
  now: string,
  endSessions = false,
): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set((eb) => ({
      ...changes,
      search_text: searchTextOf({ ...current, ...changes }),
      updated_at: now,
      ...(endSessions ? { token_version: eb('token_version', '+', 1) } : {}),
    }))
    .where('id', '=', current.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** New password hash, the owner's own (no longer temporary); every session ends. Answers the new token version for the caller's fresh token. */
export async function setPassword(db: Db, id: string, passwordHash: string, now: string): Promise<number | undefined> {
  const row = await db
    .updateTable('accounts')
    .set((eb) => ({ password_hash: passwordHash, temporary_password_expires_at: null, updated_at: now, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning('token_version')
    .executeTakeFirst();
  return row?.token_version;
}

/** Whether any account, live or deleted, still shows this picture (content-hashed files are shared). */
export async function isProfileImageUsed(db: Db, url: string): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('id').where('profile_img', '=', url).executeTakeFirst();
  return row !== undefined;
}

/** Live e-mail keys among these, for the import's duplicate check in one query. */
export async function liveEmailKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('accounts')
    .select('email_key')
    .where('email_key', 'in', keys)
    .where('deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.email_key));
}
