// The SQL of the admins' fees screen beyond a class's facts: students by id, reminders sent, and
// money in and out by month. Sums are read as numbers (PostgreSQL answers bigint as text).
import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Live accounts by id, as the month screen lists them. */
export function liveStudents(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('accounts').select(['id', 'name', 'reg_no', 'batch']).where('id', 'in', [...ids]).where('deleted_at', 'is', null).execute();
}

/** When each student of a class was last reminded of a month. */
export async function remindersOf(db: Db, classId: string, month: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('fee_reminders').select(['account_id', 'sent_at']).where('class_id', '=', classId).where('month', '=', month).execute();
  return new Map(rows.map((row) => [row.account_id, row.sent_at]));
}

/** Money received per Sri Lanka month of receipt (`received_on`) and class, between two days. */
export async function receivedByMonth(db: Db, fromDay: string, toDay: string) {
  const month = sql<string>`substr(received_on, 1, 7)`;
  const rows = await db
    .selectFrom('fee_payments')
    .select(['class_id', 'class_name', month.as('month'), (eb) => eb.fn.sum<string | number>('amount_cents').as('cents')])
    .where('received_on', '>=', fromDay)
    .where('received_on', '<=', toDay)
    .groupBy(['class_id', 'class_name', month])
    .execute();
  return rows.map((row) => ({ classId: row.class_id, className: row.class_name, month: row.month, cents: Number(row.cents) }));
}

/** Refunds recorded since an instant, with their payment's class. */
export async function refundsSince(db: Db, since: string) {
  const rows = await db
    .selectFrom('fee_refunds as r')
    .innerJoin('fee_payments as p', 'p.id', 'r.payment_id')
    .select(['p.class_id', 'p.class_name', 'r.amount_cents', 'r.recorded_at'])
    .where('r.recorded_at', '>=', since)
    .execute();
  return rows.map((row) => ({ classId: row.class_id, className: row.class_name, cents: row.amount_cents, at: row.recorded_at }));
}

/**
 * Charged-back payments, each with what it still counted (its amount less what was refunded before)
 * and when PayHere reported it (its -3 notification; the payment's last change when none is stored).
 */
export async function chargebacksSince(db: Db, since: string) {
  const rows = await db
    .selectFrom('fee_payments as p')
    .select((eb) => [
      'p.class_id',
      'p.class_name',
      'p.amount_cents',
      'p.refunded_cents',
      'p.updated_at',
      eb
        .selectFrom('fee_payhere_events as e')
        .select((inner) => inner.fn.min('e.received_at').as('at'))
        .whereRef('e.order_id', '=', 'p.order_id')
        .where('e.status_code', '=', -3)
        .as('reported_at'),
    ])
    .where('p.state', '=', 'charged-back')
    .execute();
  return rows
    .map((row) => ({ classId: row.class_id, className: row.class_name, cents: row.amount_cents - Number(row.refunded_cents), at: row.reported_at ?? row.updated_at }))
    .filter((row) => row.at >= since);
}

/** The payments received between two Sri Lanka days, oldest first, with their months (the accountant's export). */
export async function paymentsBetween(db: Db, fromDay: string, toDay: string) {
  const [payments, months] = await Promise.all([
    db.selectFrom('fee_payments').selectAll().where('received_on', '>=', fromDay).where('received_on', '<=', toDay).orderBy('received_on').orderBy('receipt_no').execute(),
    db
      .selectFrom('fee_payment_months as m')
      .innerJoin('fee_payments as p', 'p.id', 'm.payment_id')
      .select(['m.payment_id', 'm.month'])
      .where('p.received_on', '>=', fromDay)
      .where('p.received_on', '<=', toDay)
      .orderBy('m.month')
      .execute(),
  ]);
  const monthsOf = new Map<string, string[]>();
  for (const row of months) monthsOf.set(row.payment_id, [...(monthsOf.get(row.payment_id) ?? []), row.month]);
  return payments.map((payment) => ({ ...payment, months: monthsOf.get(payment.id) ?? [] }));
}

/** Refunds recorded between two instants, with their payment. */
export function refundsBetween(db: Db, fromInstant: string, toInstant: string) {
  return db
    .selectFrom('fee_refunds as r')
    .innerJoin('fee_payments as p', 'p.id', 'r.payment_id')
    .select(['r.id', 'r.months_json', 'r.amount_cents', 'r.way', 'r.reason', 'r.recorded_by', 'r.recorded_at'])
    .select(['p.receipt_no', 'p.student_name', 'p.reg_no', 'p.class_name', 'p.method', 'p.bank', 'p.reference', 'p.state'])
    .where('r.recorded_at', '>=', fromInstant)
    .where('r.recorded_at', '<', toInstant)
    .orderBy('r.recorded_at')
    .execute();
}
