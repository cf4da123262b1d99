// The SQL of payments, receipts, refunds and the locks they take (docs/design/fees-build-plan.md
// 'Recording a payment'). On PostgreSQL the ledger row is locked FOR UPDATE, the counter by its
// UPDATE; SQLite's writer holds the whole database for the transaction, which is the same guard.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { FeePaymentMonthsTable, FeePaymentsTable, FeeRefundsTable } from '../../db/schema';
import { isPostgres } from '../../db/statements';

export type PaymentRow = Selectable<FeePaymentsTable>;
export type PaymentMonthRow = Selectable<FeePaymentMonthsTable>;
export type RefundRow = Selectable<FeeRefundsTable>;

/**
 * Locks the student's ledger row in the class, inserting it first: every payment, refund and
 * chargeback of one student and class takes it, so "already paid?" and the insert never interleave.
 */
export async function lockLedger(tx: Db, classId: string, accountId: string, at: string): Promise<void> {
  await tx
    .insertInto('fee_ledgers')
    .values({ class_id: classId, account_id: accountId, created_at: at })
    .onConflict((conflict) => conflict.columns(['class_id', 'account_id']).doNothing())
    .execute();
  if (!isPostgres(tx)) return;
  await tx.selectFrom('fee_ledgers').select('class_id').where('class_id', '=', classId).where('account_id', '=', accountId).forUpdate().execute();
}

/** The next receipt number, taken under the counter row's lock inside the payment's transaction: a rollback gives it back. */
export async function nextReceiptNo(tx: Db): Promise<number> {
  const row = await tx
    .updateTable('fee_counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'receipt')
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/** The months among `months` the student already has paid (a live payment) or free (a full card), by source. */
export async function paidAndFreeMonths(db: Db, classId: string, accountId: string, months: readonly string[]): Promise<{ paid: Set<string>; free: Set<string> }> {
  const paid = new Set<string>();
  const free = new Set<string>();
  if (months.length === 0) return { paid, free };
  const rows = await db
    .selectFrom('fee_openings')
    .select(['month', 'source'])
    .where('class_id', '=', classId)
    .where('account_id', '=', accountId)
    .where('month', 'in', [...months])
    .where('source', 'in', ['payment', 'free-card'])
    .execute();
  for (const row of rows) (row.source === 'payment' ? paid : free).add(row.month);
  return { paid, free };
}

export async function insertPayment(tx: Db, payment: Insertable<FeePaymentsTable>, months: Insertable<FeePaymentMonthsTable>[]): Promise<void> {
  await tx.insertInto('fee_payments').values(payment).execute();
  if (months.length > 0) await tx.insertInto('fee_payment_months').values(months).execute();
}

/** A payment by one of its once-only keys (an order, a PayHere payment id, a slip, an admin's request id). */
export function findPaymentBy(
  db: Db,
  column: 'id' | 'order_id' | 'payhere_payment_id' | 'slip_id' | 'request_id',
  value: string,
): Promise<PaymentRow | undefined> {
  return db.selectFrom('fee_payments').selectAll().where(column, '=', value).executeTakeFirst();
}

/** The payment row, locked FOR UPDATE on PostgreSQL: a refund or chargeback takes it before the ledger. */
export function lockPayment(tx: Db, paymentId: string): Promise<PaymentRow | undefined> {
  const query = tx.selectFrom('fee_payments').selectAll().where('id', '=', paymentId);
  return (isPostgres(tx) ? query.forUpdate() : query).executeTakeFirst();
}

export function monthsOfPayments(db: Db, paymentIds: readonly string[]): Promise<PaymentMonthRow[]> {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('fee_payment_months').selectAll().where('payment_id', 'in', [...paymentIds]).orderBy('month').execute();
}

export function refundsOfPayments(db: Db, paymentIds: readonly string[]): Promise<RefundRow[]> {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('fee_refunds').selectAll().where('payment_id', 'in', [...paymentIds]).orderBy('recorded_at').execute();
}

/** The class folders of classes by id; a deleted class is left out. */
export async function classFolders(db: Db, classIds: readonly string[]): Promise<Map<string, string>> {
  if (classIds.length === 0) return new Map();
  const rows = await db.selectFrom('classes').select(['id', 'folder_id']).where('id', 'in', [...new Set(classIds)]).execute();
  return new Map(rows.map((row) => [row.id, row.folder_id]));
}

export async function setMonthsState(tx: Db, paymentId: string, months: readonly string[], state: 'refunded' | 'charged-back'): Promise<void> {
  if (months.length === 0) return;
  await tx.updateTable('fee_payment_months').set({ state }).where('payment_id', '=', paymentId).where('month', 'in', [...months]).execute();
}

export async function updatePayment(tx: Db, paymentId: string, change: { state: string; refunded_cents?: number; updated_at: string }): Promise<void> {
  await tx.updateTable('fee_payments').set(change).where('id', '=', paymentId).execute();
}

export async function insertRefund(tx: Db, refund: Insertable<FeeRefundsTable>): Promise<void> {
  await tx.insertInto('fee_refunds').values(refund).execute();
}

/** What the payments list filters by (fees.md 'The admins' fees screen', Payments). */
export interface PaymentFilter {
  classId?: string;
  month?: string;
  method?: string;
  /** Sri Lanka days of receipt, both included. */
  from?: string;
  to?: string;
  accountId?: string;
}

function filtered(db: Db, filter: PaymentFilter) {
  let query = db.selectFrom('fee_payments');
  if (filter.classId) query = query.where('class_id', '=', filter.classId);
  if (filter.accountId) query = query.where('account_id', '=', filter.accountId);
  if (filter.method) query = query.where('method', '=', filter.method);
  if (filter.from) query = query.where('received_on', '>=', filter.from);
  if (filter.to) query = query.where('received_on', '<=', filter.to);
  if (filter.month) {
    const month = filter.month;
    query = query.where(({ exists, selectFrom }) =>
      exists(selectFrom('fee_payment_months as m').select('m.month').whereRef('m.payment_id', '=', 'fee_payments.id').where('m.month', '=', month)),
    );
  }
  return query;
}

/** One page of payments, newest first, and how many match. */
export async function listPayments(db: Db, filter: PaymentFilter, page: number, pageSize: number): Promise<{ rows: PaymentRow[]; total: number }> {
  const rows = await filtered(db, filter)
    .selectAll()
    .orderBy('received_at', 'desc')
    .orderBy('receipt_no', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const count = await filtered(db, filter).select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirst();
  return { rows, total: Number(count?.total ?? 0) };
}

/** The admins who are active, with their addresses: a chargeback is mailed to each. */
export function activeAdmins(db: Db): Promise<Array<{ id: string; email: string; name: string }>> {
  return db
    .selectFrom('accounts')
    .select(['id', 'email', 'name'])
    .where('account_type', '=', 'admin')
    .where('account_state', '=', 'active')
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}

