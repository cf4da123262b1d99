// The SQL of bank slips: the row, its lock for a decision, the review queue and the duplicates a
// slip is flagged for.
import { sql, type Insertable, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { FeeSlipsTable } from '../../db/schema';
import { isPostgres } from '../../db/statements';

export type SlipRow = Selectable<FeeSlipsTable>;

export async function insertSlip(tx: Db, row: Insertable<FeeSlipsTable>): Promise<void> {
  await tx.insertInto('fee_slips').values(row).execute();
}

export function findSlip(db: Db, slipId: string): Promise<SlipRow | undefined> {
  return db.selectFrom('fee_slips').selectAll().where('id', '=', slipId).executeTakeFirst();
}

/** The slip row, locked FOR UPDATE on PostgreSQL (SQLite's writer holds the whole database): two admins deciding at once, one wins. */
export function lockSlip(tx: Db, slipId: string): Promise<SlipRow | undefined> {
  const query = tx.selectFrom('fee_slips').selectAll().where('id', '=', slipId);
  return (isPostgres(tx) ? query.forUpdate() : query).executeTakeFirst();
}

export async function decideSlip(
  tx: Db,
  slipId: string,
  decision: { state: 'approved' | 'rejected'; reason: string | null; decided_by: string; decided_at: string; payment_id: string | null },
): Promise<void> {
  await tx.updateTable('fee_slips').set(decision).where('id', '=', slipId).execute();
}

/** A student's slips waiting for review in one class (their months say which months are pending). */
export function pendingSlipsOf(db: Db, classId: string, accountId: string): Promise<SlipRow[]> {
  return db
    .selectFrom('fee_slips')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('class_id', '=', classId)
    .where('state', '=', 'pending')
    .execute();
}

/** Every slip waiting for review in a class (the month screen's "pending"). */
export function pendingSlipsOfClass(db: Db, classId: string): Promise<SlipRow[]> {
  return db.selectFrom('fee_slips').selectAll().where('class_id', '=', classId).where('state', '=', 'pending').execute();
}

/** A student's slips, newest first (their fees page). */
export function slipsOfStudent(db: Db, accountId: string): Promise<SlipRow[]> {
  return db.selectFrom('fee_slips').selectAll().where('account_id', '=', accountId).orderBy('created_at', 'desc').execute();
}

export interface SlipFilter {
  state?: string;
  classId?: string;
  /** Words of the student's name, reg no or e-mail, or of the slip's reference. */
  search?: string;
}

function filtered(db: Db, filter: SlipFilter) {
  let query = db.selectFrom('fee_slips').leftJoin('accounts', 'accounts.id', 'fee_slips.account_id');
  if (filter.state) query = query.where('fee_slips.state', '=', filter.state);
  if (filter.classId) query = query.where('fee_slips.class_id', '=', filter.classId);
  if (filter.search) {
    // '%' and '_' typed into the search box are matched literally ('!' is the LIKE escape).
    const pattern = `%${filter.search.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
    const like = (column: string) => sql<SqlBool>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '!'`;
    query = query.where((eb) => eb.or(['accounts.name', 'accounts.email', 'accounts.reg_no', 'fee_slips.reference'].map(like)));
  }
  return query;
}

/**
 * One page of the queue: pending slips oldest first (the review order), decided ones newest first
 * after them; and how many match.
 */
export async function listSlips(db: Db, filter: SlipFilter, page: number, pageSize: number): Promise<{ rows: SlipRow[]; total: number }> {
  const rows = await filtered(db, filter)
    .selectAll('fee_slips')
    .orderBy((eb) => eb.case().when('fee_slips.state', '=', 'pending').then(0).else(1).end())
    .orderBy((eb) => eb.case().when('fee_slips.state', '=', 'pending').then(eb.ref('fee_slips.created_at')).else(eb.val('')).end())
    .orderBy('fee_slips.created_at', 'desc')
    .orderBy('fee_slips.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const count = await filtered(db, filter).select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirst();
  return { rows, total: Number(count?.total ?? 0) };
}

/** Other slips with one of these reference keys or file hashes: the copies a slip is flagged for. */
export function slipsSharing(db: Db, referenceKeys: readonly string[], sha256s: readonly string[]) {
  if (referenceKeys.length === 0 && sha256s.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('fee_slips')
    .select(['id', 'account_id', 'reference_key', 'file_sha256', 'created_at'])
    .where((eb) =>
      eb.or([
        ...(referenceKeys.length ? [eb('reference_key', 'in', [...referenceKeys])] : []),
        ...(sha256s.length ? [eb('file_sha256', 'in', [...sha256s])] : []),
      ]),
    )
    .orderBy('created_at')
    .execute();
}

/** Payments with one of these reference keys (a transfer recorded from the bank statement, or an approved slip). */
export function paymentsSharing(db: Db, referenceKeys: readonly string[]) {
  if (referenceKeys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('fee_payments')
    .select(['id', 'account_id', 'student_name', 'reg_no', 'reference_key', 'slip_id'])
    .where('reference_key', 'in', [...referenceKeys])
    .orderBy('created_at')
    .execute();
}

/** Students as a slip names them: their name and reg no now. */
export async function studentsOf(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { id: string; name: string; regNo: string; batch: string }>();
  const rows = await db.selectFrom('accounts').select(['id', 'name', 'reg_no', 'batch']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, regNo: row.reg_no ?? '', batch: row.batch }]));
}

/** The receipt numbers of payments by id. */
export async function receiptNumbers(db: Db, paymentIds: readonly string[]): Promise<Map<string, number>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db.selectFrom('fee_payments').select(['id', 'receipt_no']).where('id', 'in', [...new Set(paymentIds)]).execute();
  return new Map(rows.map((row) => [row.id, Number(row.receipt_no)]));
}
