// Money going back (fees.md 'Refunds and chargebacks'): an admin records a refund of some or all
// of a payment's months; PayHere reports a chargeback. Either way the months close (their openings
// go) in the same transaction, after the payment row and then the student's ledger are locked.
import { FEES_TEXT, notRefundableMessage, type Payment, type refundBodySchema } from '@academy/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { errors } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit-log/service';
import type { FeesContext } from './context';
import { feeEvents } from './events';
import { removeOpenings } from './openings';
import { paymentTarget } from './payment-service';
import { paymentView } from './payment-views';
import { insertRefund, lockLedger, lockPayment, monthsOfPayments, setMonthsState, updatePayment, type PaymentRow } from './payments-repo';
import { raiseAlert } from './raise-alert';

export type RefundBodyValue = z.output<typeof refundBodySchema>;

/** Records a refund of some of a payment's months: they close, the payment shows it, revenue subtracts it in its month. */
export async function refundPayment(ctx: FeesContext, actor: AuditActor, paymentId: string, body: RefundBodyValue): Promise<Payment> {
  const payment = await ctx.db.transaction().execute(async (tx) => {
    const row = await lockPayment(tx, paymentId);
    if (!row) throw errors.notFound(FEES_TEXT.paymentNotFound);
    if (row.state === 'charged-back') throw errors.conflict('paymentId', FEES_TEXT.chargedBackNoRefund);
    const at = new Date(ctx.clock()).toISOString();
    if (row.account_id) await lockLedger(tx, row.class_id, row.account_id, at);
    const months = await monthsOfPayments(tx, [row.id]);
    const refundable = new Map(months.filter((month) => month.state === 'paid').map((month) => [month.month, month.amount_cents]));
    const refused = body.months.filter((month) => !refundable.has(month));
    if (refused.length > 0) throw errors.conflict('months', notRefundableMessage(refused));
    const amountCents = body.months.reduce((sum, month) => sum + (refundable.get(month) ?? 0), 0);
    await insertRefund(tx, {
      id: crypto.randomUUID(),
      payment_id: row.id,
      months_json: JSON.stringify(body.months),
      amount_cents: amountCents,
      way: body.way,
      reason: body.reason,
      recorded_by: actor.id,
      recorded_at: at,
    });
    await setMonthsState(tx, row.id, body.months, 'refunded');
    await removeOpenings(tx, 'payment', row.id, body.months);
    const state = body.months.length === refundable.size ? 'refunded' : 'partly-refunded';
    await updatePayment(tx, row.id, { state, refunded_cents: Number(row.refunded_cents) + amountCents, updated_at: at });
    await recordAudit(tx, actor, {
      action: 'fee.refund',
      target: paymentTarget(row),
      summary: `Recorded a refund of ${body.months.join(', ')} for ${row.student_name}`,
      detail: { months: body.months, amountCents, way: body.way, reason: body.reason },
    });
    return { ...row, state, refunded_cents: Number(row.refunded_cents) + amountCents, updated_at: at };
  });
  return paymentView(ctx.db, payment);
}

/**
 * PayHere's -3 for an order, in the notification's transaction (the order already locked): its
 * payment, if it had one, stops counting and every month of it closes; every active admin is
 * mailed and the fees screen lists an alert. A chargeback is final.
 */
export async function chargeBack(ctx: FeesContext, tx: Db, order: { id: string; paymentId: string | null; accountId: string }, at: string): Promise<PaymentRow | null> {
  await tx.updateTable('fee_orders').set({ state: 'charged-back', last_status_code: -3, updated_at: at }).where('id', '=', order.id).execute();
  const payment = order.paymentId ? await lockPayment(tx, order.paymentId) : undefined;
  if (payment) {
    if (payment.account_id) await lockLedger(tx, payment.class_id, payment.account_id, at);
    const months = await monthsOfPayments(tx, [payment.id]);
    await setMonthsState(
      tx,
      payment.id,
      months.filter((month) => month.state === 'paid').map((month) => month.month),
      'charged-back',
    );
    await removeOpenings(tx, 'payment', payment.id);
    await updatePayment(tx, payment.id, { state: 'charged-back', updated_at: at });
  }
  await raiseAlert(tx, { kind: 'chargeback', orderId: order.id, paymentId: payment?.id ?? null, accountId: order.accountId, detail: { receiptNo: payment?.receipt_no ?? null } }, at);
  await feeEvents(ctx).chargedBack(tx, { orderId: order.id, paymentId: payment?.id ?? null });
  return payment ?? null;
}
