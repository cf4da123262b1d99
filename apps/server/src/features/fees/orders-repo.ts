// The SQL of PayHere orders and PayHere's verified notifications.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { FeeOrdersTable, FeePayhereEventsTable } from '../../db/schema';
import { isPostgres } from '../../db/statements';

export type OrderRow = Selectable<FeeOrdersTable>;

export function findOrder(db: Db, orderId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('fee_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** The order, locked FOR UPDATE on PostgreSQL: the first lock of a notification (and of a payment by hand for it). */
export function lockOrder(tx: Db, orderId: string): Promise<OrderRow | undefined> {
  const query = tx.selectFrom('fee_orders').selectAll().where('id', '=', orderId);
  return (isPostgres(tx) ? query.forUpdate() : query).executeTakeFirst();
}

export async function insertOrder(tx: Db, order: Insertable<FeeOrdersTable>): Promise<void> {
  await tx.insertInto('fee_orders').values(order).execute();
}

/** A student's `created` orders of a month become `superseded` by a new one. */
export async function supersedeOrders(tx: Db, accountId: string, classId: string, month: string, at: string): Promise<void> {
  await tx
    .updateTable('fee_orders')
    .set({ state: 'superseded', updated_at: at })
    .where('account_id', '=', accountId)
    .where('class_id', '=', classId)
    .where('month', '=', month)
    .where('state', '=', 'created')
    .execute();
}

export async function setOrderState(tx: Db, orderId: string, change: { state?: string; last_status_code: number; updated_at: string }): Promise<void> {
  await tx.updateTable('fee_orders').set(change).where('id', '=', orderId).execute();
}

/**
 * Stores a verified notification unless the same one (order, status, PayHere payment id) is
 * stored: true for a first delivery, false for a repeat, told apart in one statement.
 */
export async function storeEvent(tx: Db, event: Insertable<FeePayhereEventsTable>): Promise<boolean> {
  const row = await tx
    .insertInto('fee_payhere_events')
    .values(event)
    .onConflict((conflict) => conflict.columns(['order_id', 'status_code', 'payhere_payment_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setEventOutcome(tx: Db, eventId: string, outcome: string): Promise<void> {
  await tx.updateTable('fee_payhere_events').set({ outcome }).where('id', '=', eventId).execute();
}
