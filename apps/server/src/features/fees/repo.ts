// The SQL of fee plans, month tags, free cards and exceptions, and the gate's two reads.
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { FeeExceptionsTable, FeeFolderMonthsTable, FeeFreeCardsTable, FeePlansTable } from '../../db/schema';
import type { CardRules, PlanRules } from './rules';

export type PlanRow = Selectable<FeePlansTable>;
export type TagRow = Selectable<FeeFolderMonthsTable>;
export type CardRow = Selectable<FeeFreeCardsTable>;
export type ExceptionRow = Selectable<FeeExceptionsTable>;

/** A plan row as the rules read it. */
export function planRules(row: Pick<PlanRow, 'monthly_fee_cents' | 'months_json' | 'due_day' | 'grace_days'>): PlanRules {
  return {
    monthlyFeeCents: row.monthly_fee_cents,
    months: JSON.parse(row.months_json) as string[],
    dueDay: row.due_day,
    graceDays: row.grace_days,
  };
}

/** A card row as the rules read it. */
export function cardRules(row: Pick<CardRow, 'kind' | 'from_month' | 'until_month'>): CardRules {
  return { kind: row.kind === 'half' ? 'half' : 'full', fromMonth: row.from_month, untilMonth: row.until_month };
}

// ---- Classes ----

/** The class whose folder this is (its top-level folder), if any. */
export function findClassByFolder(db: Db, folderId: string) {
  return db.selectFrom('classes').selectAll().where('folder_id', '=', folderId).executeTakeFirst();
}

// ---- Plans ----

export function findPlan(db: Db, classId: string): Promise<PlanRow | undefined> {
  return db.selectFrom('fee_plans').selectAll().where('class_id', '=', classId).executeTakeFirst();
}

export async function upsertPlan(db: Db, row: PlanRow): Promise<void> {
  const { class_id: _classId, created_at: _createdAt, ...change } = row;
  await db
    .insertInto('fee_plans')
    .values(row)
    .onConflict((conflict) => conflict.column('class_id').doUpdateSet(change))
    .execute();
}

/** A plan goes with what only means something under it: its tags, cards, exceptions and their openings. */
export async function deletePlan(db: Db, classId: string): Promise<void> {
  for (const table of ['fee_openings', 'fee_exceptions', 'fee_free_cards', 'fee_folder_months', 'fee_plans'] as const) {
    await db.deleteFrom(table).where('class_id', '=', classId).execute();
  }
}

/** The months among `months` that hold a payment, an open order, a pending slip or an exception. */
export async function monthsInUse(db: Db, classId: string, months: readonly string[]): Promise<string[]> {
  if (months.length === 0) return [];
  const list = [...months];
  const [paid, ordered, excepted, slips] = await Promise.all([
    db.selectFrom('fee_payment_months').select('month').distinct().where('class_id', '=', classId).where('month', 'in', list).where('state', '=', 'paid').execute(),
    db
      .selectFrom('fee_orders')
      .select('month')
      .distinct()
      .where('class_id', '=', classId)
      .where('month', 'in', list)
      .where('state', 'in', ['created', 'superseded', 'pending'])
      .execute(),
    db.selectFrom('fee_exceptions').select('month').distinct().where('class_id', '=', classId).where('month', 'in', list).execute(),
    db.selectFrom('fee_slips').select('months_json').where('class_id', '=', classId).where('state', '=', 'pending').execute(),
  ]);
  const used = new Set([...paid, ...ordered, ...excepted].map((row) => row.month));
  for (const slip of slips) for (const month of JSON.parse(slip.months_json) as string[]) if (months.includes(month)) used.add(month);
  return [...used].sort();
}

/** True when anything was ever paid, ordered or submitted for the class. */
export async function classHasMoney(db: Db, classId: string): Promise<boolean> {
  const found = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('fee_payments').select(sql.lit(1).as('one')).where('class_id', '=', classId)).as('paid'),
      eb.exists(eb.selectFrom('fee_orders').select(sql.lit(1).as('one')).where('class_id', '=', classId)).as('ordered'),
      eb.exists(eb.selectFrom('fee_slips').select(sql.lit(1).as('one')).where('class_id', '=', classId)).as('submitted'),
    ])
    .executeTakeFirstOrThrow();
  return [found.paid, found.ordered, found.submitted].some((value) => Boolean(Number(value)));
}

// ---- Month tags ----

export function tagsOfClass(db: Db, classId: string): Promise<TagRow[]> {
  return db.selectFrom('fee_folder_months').selectAll().where('class_id', '=', classId).execute();
}

/** The tags among these folders of a class, with the class's plan: one read, none when the class has no plan. */
export function tagsWithPlan(db: Db, classId: string, folderIds: readonly string[]) {
  return db
    .selectFrom('fee_folder_months as t')
    .innerJoin('fee_plans as p', 'p.class_id', 't.class_id')
    .select(['t.folder_id', 't.month', 'p.monthly_fee_cents', 'p.months_json', 'p.due_day', 'p.grace_days'])
    .where('t.class_id', '=', classId)
    .where('t.folder_id', 'in', [...folderIds])
    .execute();
}

export async function setTag(db: Db, row: TagRow): Promise<void> {
  await db
    .insertInto('fee_folder_months')
    .values(row)
    .onConflict((conflict) => conflict.column('folder_id').doUpdateSet({ class_id: row.class_id, month: row.month, set_by: row.set_by, set_at: row.set_at }))
    .execute();
}

export async function removeTag(db: Db, folderId: string): Promise<void> {
  await db.deleteFrom('fee_folder_months').where('folder_id', '=', folderId).execute();
}

export async function removeTags(db: Db, folderIds: readonly string[]): Promise<void> {
  if (folderIds.length === 0) return;
  await db.deleteFrom('fee_folder_months').where('folder_id', 'in', [...folderIds]).execute();
}

export async function moveTag(db: Db, fromId: string, toId: string): Promise<void> {
  await db.updateTable('fee_folder_months').set({ folder_id: toId }).where('folder_id', '=', fromId).execute();
}

// ---- Free cards ----

export function findCard(db: Db, id: string): Promise<CardRow | undefined> {
  return db.selectFrom('fee_free_cards').selectAll().where('id', '=', id).executeTakeFirst();
}

export function cardsOf(db: Db, classId: string, accountId: string): Promise<CardRow[]> {
  return db.selectFrom('fee_free_cards').selectAll().where('class_id', '=', classId).where('account_id', '=', accountId).orderBy('created_at').execute();
}

export function fullCardsOfClass(db: Db, classId: string): Promise<CardRow[]> {
  return db.selectFrom('fee_free_cards').selectAll().where('class_id', '=', classId).where('kind', '=', 'full').execute();
}

export async function insertCard(db: Db, row: CardRow): Promise<void> {
  await db.insertInto('fee_free_cards').values(row).execute();
}

export async function endCard(db: Db, id: string, change: { untilMonth: string; endedBy: string; endedAt: string }): Promise<void> {
  await db
    .updateTable('fee_free_cards')
    .set({ until_month: change.untilMonth, ended_by: change.endedBy, ended_at: change.endedAt })
    .where('id', '=', id)
    .execute();
}

// ---- Exceptions ----

export function findException(db: Db, id: string): Promise<ExceptionRow | undefined> {
  return db.selectFrom('fee_exceptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertException(db: Db, row: ExceptionRow): Promise<void> {
  await db.insertInto('fee_exceptions').values(row).execute();
}

export async function deleteException(db: Db, id: string): Promise<void> {
  await db.deleteFrom('fee_exceptions').where('id', '=', id).execute();
}

// ---- People ----

/** A live student account, as cards and exceptions name them. */
export function findStudent(db: Db, id: string) {
  return db
    .selectFrom('accounts')
    .select(['id', 'name', 'email', 'reg_no', 'account_type'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('account_type', '=', 'student')
    .executeTakeFirst();
}

/** Names of accounts by id (who made or ended a card), for answers. */
export async function namesOf(db: Db, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('accounts').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

// ---- Pending payments (listings) ----

/** The months of a class a student has a slip under review for, or a PayHere payment pending. */
export async function pendingMonths(db: Db, classId: string, accountId: string): Promise<Map<string, 'slip' | 'order'>> {
  const [slips, orders] = await Promise.all([
    db.selectFrom('fee_slips').select('months_json').where('account_id', '=', accountId).where('class_id', '=', classId).where('state', '=', 'pending').execute(),
    db.selectFrom('fee_orders').select('month').where('account_id', '=', accountId).where('class_id', '=', classId).where('state', '=', 'pending').execute(),
  ]);
  const pending = new Map<string, 'slip' | 'order'>();
  for (const order of orders) pending.set(order.month, 'order');
  for (const slip of slips) for (const month of JSON.parse(slip.months_json) as string[]) pending.set(month, 'slip');
  return pending;
}
