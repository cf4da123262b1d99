// PayHere's notification (fees.md 'The notification'): public and unauthenticated, trusted only
// when its signature verifies with our secret. Steps, in order: the signature, the merchant, the
// order (locked), its amount and currency; then the notification is stored once (a repeat is told
// by a unique key in the same statement) and applied by the status table, in one transaction.
// Every refusal is one warn line with the order, status, outcome and address, never a card field
// or the signature, and nothing is written, except the alert an authentic notification with
// another amount raises.
import { FEES_TEXT, type PayHereNotification } from '@academy/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { AppError, errors } from '../../lib/errors';
import type { FeesContext } from './context';
import { amountToCents } from './money';
import { payhereAccount } from './order-service';
import { lockOrder, setEventOutcome, setOrderState, storeEvent, type OrderRow } from './orders-repo';
import { notificationEffect, parseStatus, verifyNotification, type PayHereOrderState, type PayHereStatus } from './payhere';
import { recordPayment } from './payment-service';
import { raiseAlert } from './raise-alert';
import { chargeBack } from './reversals';

/** What became of a notification: the log's `outcome`, and a stored event's. */
export type NotifyOutcome = 'applied' | 'repeat' | 'ignored' | 'amount-mismatch' | 'bad-signature' | 'other-merchant' | 'unknown-order' | 'incomplete';

/** Where the notification came from and where its one line goes. */
export interface NotifySource {
  ip: string;
  log: FastifyBaseLogger;
}

/** The notification's one log line: info when taken, warn when refused. */
export function logLine(source: NotifySource, fields: { order_id?: string; status_code?: string }, outcome: NotifyOutcome): void {
  const line = { payhereNotification: outcome, orderId: fields.order_id ?? null, statusCode: fields.status_code ?? null, ip: source.ip };
  if (outcome === 'applied' || outcome === 'repeat' || outcome === 'ignored') source.log.info(line, 'PayHere notification taken');
  else source.log.warn(line, 'PayHere notification refused');
}

/** Refuses a notification: its warn line, then the 4xx. */
export function refuseNotification(source: NotifySource, fields: { order_id?: string; status_code?: string }, outcome: NotifyOutcome, error: AppError): never {
  logLine(source, fields, outcome);
  throw error;
}

type Applied = Exclude<NotifyOutcome, 'amount-mismatch' | 'bad-signature' | 'other-merchant' | 'unknown-order' | 'incomplete'>;

/** The status table applied to a locked order, in the notification's transaction. */
async function apply(ctx: FeesContext, tx: Db, order: OrderRow, status: PayHereStatus, fields: PayHereNotification, at: string): Promise<Applied> {
  const effect = notificationEffect(order.state as PayHereOrderState, status);
  switch (effect) {
    case 'record-payment':
      await recordPayment(ctx, tx, {
        method: 'payhere',
        accountId: order.account_id,
        classId: order.class_id,
        months: [order.month],
        order: { id: order.id, payherePaymentId: fields.payment_id, amountCents: order.amount_cents },
      });
      await setOrderState(tx, order.id, { last_status_code: status, updated_at: at });
      return 'applied';
    case 'mark-pending':
    case 'mark-canceled':
    case 'mark-failed': {
      const state = { 'mark-pending': 'pending', 'mark-canceled': 'canceled', 'mark-failed': 'failed' }[effect];
      await setOrderState(tx, order.id, { state, last_status_code: status, updated_at: at });
      return 'applied';
    }
    case 'charge-back':
      await chargeBack(ctx, tx, { id: order.id, paymentId: order.payment_id, accountId: order.account_id }, at);
      return 'applied';
    case 'nothing':
      if (order.state === 'paid' && status === 2) {
        // The payment already recorded (by hand, from the student's PayHere receipt) is the same money;
        // another PayHere payment of a paid order is money that arrived twice: an admin refunds one.
        if (order.payhere_payment_id === fields.payment_id) return 'repeat';
        await raiseAlert(tx, { kind: 'paid-twice', orderId: order.id, paymentId: order.payment_id, accountId: order.account_id, detail: { payherePaymentId: fields.payment_id } }, at);
      }
      return 'ignored';
  }
}

/**
 * Takes one notification, already parsed into its fields: 200 (returns) for every verified one,
 * applied or repeated, so PayHere takes it as delivered; a 4xx for the rest.
 */
export async function takeNotification(ctx: FeesContext, fields: PayHereNotification, source: NotifySource): Promise<NotifyOutcome> {
  const payhere = ctx.payhere;
  if (!payhere) return refuseNotification(source, fields, 'other-merchant', errors.badRequest(FEES_TEXT.notificationMerchant));
  const status = parseStatus(fields.status_code);
  const cents = amountToCents(fields.payhere_amount);
  if (status === null || cents === null) return refuseNotification(source, fields, 'incomplete', errors.badRequest(FEES_TEXT.notificationIncomplete));
  if (!verifyNotification(fields, payhereAccount(payhere).secretDigest)) {
    return refuseNotification(source, fields, 'bad-signature', errors.badRequest(FEES_TEXT.notificationSignature));
  }
  if (fields.merchant_id !== payhere.merchantId) return refuseNotification(source, fields, 'other-merchant', errors.badRequest(FEES_TEXT.notificationMerchant));

  const at = new Date(ctx.clock()).toISOString();
  const event = (outcome: string) => ({
    id: crypto.randomUUID(),
    order_id: fields.order_id,
    status_code: status,
    payhere_payment_id: fields.payment_id,
    amount_cents: cents,
    currency: fields.payhere_currency,
    method: fields.method?.slice(0, 40) ?? null,
    status_message: fields.status_message?.slice(0, 200) ?? null,
    outcome,
    received_at: at,
    ip: source.ip,
  });
  const outcome = await ctx.db.transaction().execute(async (tx): Promise<NotifyOutcome> => {
    const order = await lockOrder(tx, fields.order_id);
    if (!order) return 'unknown-order';
    if (cents !== order.amount_cents || fields.payhere_currency !== order.currency) {
      // Authentic, yet not the order's amount: the secret leaked or PayHere erred. Once per delivery.
      const stored = event('amount-mismatch');
      if (await storeEvent(tx, stored)) {
        await raiseAlert(tx, { kind: 'amount-mismatch', orderId: order.id, accountId: order.account_id, detail: { amountCents: cents, currency: fields.payhere_currency, statusCode: status } }, at);
      }
      return 'amount-mismatch';
    }
    const stored = event('applied');
    if (!(await storeEvent(tx, stored))) return 'repeat';
    const applied = await apply(ctx, tx, order, status, fields, at);
    if (applied !== 'applied') await setEventOutcome(tx, stored.id, applied);
    return applied;
  });
  if (outcome === 'unknown-order') return refuseNotification(source, fields, outcome, errors.notFound(FEES_TEXT.notificationUnknownOrder));
  if (outcome === 'amount-mismatch') return refuseNotification(source, fields, outcome, errors.badRequest(FEES_TEXT.notificationAmount));
  ctx.worker.wake();
  logLine(source, fields, outcome);
  return outcome;
}
