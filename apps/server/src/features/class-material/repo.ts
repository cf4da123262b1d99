import { type Expression, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { ClassesTable, ClassGrantsTable, Database } from '../../db/schema';

export type ClassRow = Selectable<ClassesTable>;
export type GrantRow = Selectable<ClassGrantsTable> & { class_name: string };

/** The caller's account as access is decided on: read fresh on every request. */
export interface Reader {
  id: string;
  name: string;
  email_key: string;
  reg_no: string | null;
  batch: string;
  class_type: string;
  account_type: string;
  account_state: string;
  token_version: number;
}

/** Who a grant reaches: the reader's e-mail, or their batch with a class type that covers theirs. */
export interface Audience {
  emailKey: string;
  batch: string;
  /** The rule class types that cover the student's own (PRODUCT.md: Theory&Revision is both). */
  ruleClassTypes: string[];
}

// ---- Classes ----

export function listClasses(db: Db): Promise<ClassRow[]> {
  return db.selectFrom('classes').selectAll().orderBy('name_key').execute();
}

export function findClassByName(db: Db, name: string): Promise<ClassRow | undefined> {
  return db.selectFrom('classes').selectAll().where('name_key', '=', name.toLowerCase()).executeTakeFirst();
}

export function findClassByFolder(db: Db, folderId: string): Promise<ClassRow | undefined> {
  return db.selectFrom('classes').selectAll().where('folder_id', '=', folderId).executeTakeFirst();
}

export async function insertClass(db: Db, row: ClassRow): Promise<void> {
  await db.insertInto('classes').values(row).execute();
}

export async function updateClass(db: Db, id: string, change: { name: string; folderId: string }): Promise<void> {
  await db
    .updateTable('classes')
    .set({ name: change.name, name_key: change.name.toLowerCase(), folder_id: change.folderId })
    .where('id', '=', id)
    .execute();
}

export async function deleteClass(db: Db, id: string): Promise<void> {
  await db.deleteFrom('classes').where('id', '=', id).execute();
}

// ---- Readers ----

function liveReaders(db: Db) {
  return db
    .selectFrom('accounts')
    .select(['id', 'name', 'email_key', 'reg_no', 'batch', 'class_type', 'account_type', 'account_state', 'token_version'])
    .where('deleted_at', 'is', null);
}

export function findReader(db: Db, id: string): Promise<Reader | undefined> {
  return liveReaders(db).where('id', '=', id).executeTakeFirst();
}

export function findReaderByEmail(db: Db, emailKey: string): Promise<Reader | undefined> {
  return liveReaders(db).where('email_key', '=', emailKey).executeTakeFirst();
}

function current(eb: ExpressionBuilder<Database, 'class_grants'>, now: string): Expression<SqlBool> {
  return eb.or([eb('class_grants.ends_at', 'is', null), eb('class_grants.ends_at', '>', now)]);
}

function reaches(eb: ExpressionBuilder<Database, 'class_grants'>, audience: Audience): Expression<SqlBool> {
  const byEmail = eb('class_grants.email_key', '=', audience.emailKey);
  // No class types (an e-mail without an account): no batch rule can reach it, and `in ()` is not SQL.
  if (audience.ruleClassTypes.length === 0) return byEmail;
  return eb.or([
    byEmail,
    eb.and([eb('class_grants.batch', '=', audience.batch), eb('class_grants.class_type', 'in', audience.ruleClassTypes)]),
  ]);
}

/** The classes an audience may open now, by name. */
export function openableClasses(db: Db, audience: Audience, now: string): Promise<ClassRow[]> {
  return db
    .selectFrom('classes')
    .selectAll()
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('class_grants')
          .select('class_grants.id')
          .whereRef('class_grants.class_id', '=', 'classes.id')
          .where((g) => g.and([current(g, now), reaches(g, audience)])),
      ),
    )
    .orderBy('name_key')
    .execute();
}

/** True when an unexpired grant of the class reaches the audience. */
export async function mayOpen(db: Db, classId: string, audience: Audience, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('class_grants')
    .select('id')
    .where('class_id', '=', classId)
    .where((eb) => eb.and([current(eb, now), reaches(eb, audience)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// ---- Grants ----

function grantsWithClass(db: Db) {
  return db
    .selectFrom('class_grants')
    .innerJoin('classes', 'classes.id', 'class_grants.class_id')
    .selectAll('class_grants')
    .select('classes.name as class_name');
}

export function findGrant(db: Db, id: string): Promise<GrantRow | undefined> {
  return grantsWithClass(db).where('class_grants.id', '=', id).executeTakeFirst();
}

/** Every grant that reaches the audience, lapsed ones too (the admin sees what ran out). */
export function grantsReaching(db: Db, audience: Audience): Promise<GrantRow[]> {
  return grantsWithClass(db)
    .where((eb) => reaches(eb, audience))
    .orderBy('classes.name_key')
    .orderBy('class_grants.created_at')
    .execute();
}

export function grantsOfClass(db: Db, classId: string): Promise<GrantRow[]> {
  return grantsWithClass(db)
    .where('class_grants.class_id', '=', classId)
    .orderBy('class_grants.batch')
    .orderBy('class_grants.email_key')
    .execute();
}

export interface NewGrant {
  classId: string;
  endsAt: string | null;
  now: string;
  to: { emailKey: string } | { batch: string; classType: string };
}

/**
 * One grant per class and e-mail (or batch and class type): giving it again moves its end date.
 * One statement, so two admins giving the same grant at once leave one row.
 */
export async function upsertGrant(db: Db, grant: NewGrant): Promise<string> {
  const values = {
    id: crypto.randomUUID(),
    class_id: grant.classId,
    email_key: 'emailKey' in grant.to ? grant.to.emailKey : null,
    batch: 'batch' in grant.to ? grant.to.batch : null,
    class_type: 'classType' in grant.to ? grant.to.classType : null,
    ends_at: grant.endsAt,
    created_at: grant.now,
  };
  const row = await db
    .insertInto('class_grants')
    .values(values)
    .onConflict((oc) => {
      const target = 'emailKey' in grant.to
        ? oc.columns(['class_id', 'email_key']).where('email_key', 'is not', null)
        : oc.columns(['class_id', 'batch', 'class_type']).where('batch', 'is not', null);
      return target.doUpdateSet({ ends_at: grant.endsAt });
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteGrant(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('class_grants').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface ClassStudentRow {
  id: string;
  name: string;
  email: string;
  reg_no: string | null;
  batch: string;
  class_type: string;
  account_state: string;
}

/** Who a class's current grants reach: e-mails, and batches with the student class types each covers. */
export interface Reach {
  emailKeys: string[];
  rules: { batch: string; classTypes: string[] }[];
}

/** Live students the reach covers, by batch then name. */
export async function studentsReached(db: Db, reach: Reach): Promise<ClassStudentRow[]> {
  if (reach.emailKeys.length === 0 && reach.rules.length === 0) return [];
  return db
    .selectFrom('accounts')
    .select(['id', 'name', 'email', 'reg_no', 'batch', 'class_type', 'account_state'])
    .where('deleted_at', 'is', null)
    .where('account_type', '<>', 'admin')
    .where((eb) =>
      eb.or([
        ...(reach.emailKeys.length ? [eb('email_key', 'in', reach.emailKeys)] : []),
        ...reach.rules.map((rule) => eb.and([eb('batch', '=', rule.batch), eb('class_type', 'in', rule.classTypes)])),
      ]),
    )
    .orderBy('batch')
    .orderBy('name')
    .execute();
}
