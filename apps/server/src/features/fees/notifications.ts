// Fees' four notifications (docs/notifications.md 'The kinds'), raised through the notification
// centre in the transaction of the change that caused them, beside fees' own mails: the centre
// puts them in the bell, pushes and texts them, and never e-mails them (their rule `emailAllowed:
// false`), so the receipt, the rejection, the reminder and the chargeback each arrive by mail once.
// Called from events.ts only, so the services that record payments know no channel.
import { feeMonthLabel, receiptNumberLabel, type NotificationKind } from '@academy/contract';
import type { Db } from '../../db/database';
import type { NotificationEvent, Notifier } from '../../notify/notifier';
import { MAX_EXPLICIT_RECIPIENTS } from '../notifications/notifier';
import { findOrder } from './orders-repo';
import { activeAdmins, findPaymentBy, monthsOfPayments } from './payments-repo';
import { findPlan, planRules } from './repo';
import { dueStart, graceEnd } from './rules';
import { findSlip } from './slip-repo';

export const PAYMENT_RECEIPT_NOTIFICATION = 'payment.receipt' satisfies NotificationKind;
export const SLIP_REJECTED_NOTIFICATION = 'slip.rejected' satisfies NotificationKind;
export const FEE_DUE_NOTIFICATION = 'fee.due' satisfies NotificationKind;
export const PAYMENT_REVERSED_NOTIFICATION = 'payment.reversed' satisfies NotificationKind;

/** The student's fees screen (their months, Pay, Bank slip); the admins' screen opens on its own tab. */
const FEES_PATH = '/fees';
const ALERTS_PATH = '/fees?tab=alerts';
const DAY_MS = 86_400_000;

type Deps = { notifier: Notifier | null };

/** A receipt's own page, as the web app routes it. */
export function receiptPath(paymentId: string): string {
  return `/fees/receipts/${encodeURIComponent(paymentId)}`;
}

/** 'LKR 2,500.00': the receipt's amount, kept for the kind's e-mail words (never in a push or SMS). */
function lkr(cents: number): string {
  return new Intl.NumberFormat('en-LK', { style: 'currency', currency: 'LKR' }).format(cents / 100);
}

/** A due day as a Sri Lanka date: '10 November'. */
function dueDayLabel(ms: number): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Colombo', day: 'numeric', month: 'long' }).format(new Date(ms));
}

const monthsLabel = (months: readonly string[]) => months.map(feeMonthLabel).join(', ');

/** `payment.receipt` to the payer: one per payment, however it was paid; an approved slip says so. */
export async function announcePayment(ctx: Deps, tx: Db, paymentId: string): Promise<void> {
  if (!ctx.notifier) return;
  const payment = await findPaymentBy(tx, 'id', paymentId);
  if (!payment?.account_id) return;
  const months = (await monthsOfPayments(tx, [payment.id])).map((month) => month.month);
  await ctx.notifier.raise(tx, {
    kind: PAYMENT_RECEIPT_NOTIFICATION,
    subjectKey: `payment:${payment.id}`,
    params: {
      receiptNo: receiptNumberLabel(Number(payment.receipt_no)),
      className: payment.class_name,
      month: monthsLabel(months),
      amount: lkr(Number(payment.amount_cents)),
      ...(payment.slip_id ? { slip: 'yes' } : {}),
    },
    link: receiptPath(payment.id),
    to: { accounts: [payment.account_id] },
    actorId: payment.recorded_by,
  });
}

/** `slip.rejected` to the student who uploaded it; the reason stays on the fees screen. */
export async function announceSlipRejected(ctx: Deps, tx: Db, slipId: string): Promise<void> {
  if (!ctx.notifier) return;
  const slip = await findSlip(tx, slipId);
  if (!slip) return;
  await ctx.notifier.raise(tx, {
    kind: SLIP_REJECTED_NOTIFICATION,
    subjectKey: `slip:${slip.id}`,
    params: { className: slip.class_name, month: monthsLabel(JSON.parse(slip.months_json) as string[]) },
    link: FEES_PATH,
    to: { accounts: [slip.account_id] },
    actorId: slip.decided_by,
  });
}

/**
 * The `fee.due` event of one student's unpaid month (an admin's Remind, or the daily source):
 * its words name the due day, true before it and after it; it is delivered until the grace ends,
 * or for a day when an overdue month is reminded after that.
 */
export async function dueNotification(
  tx: Db,
  due: { classId: string; month: string; accountId: string; subjectKey: string },
  now: number,
): Promise<NotificationEvent | null> {
  const planRow = await findPlan(tx, due.classId);
  const classRow = await tx.selectFrom('classes').select('name').where('id', '=', due.classId).executeTakeFirst();
  if (!planRow || !classRow) return null;
  const plan = planRules(planRow);
  return {
    kind: FEE_DUE_NOTIFICATION,
    subjectKey: due.subjectKey,
    params: { month: feeMonthLabel(due.month), className: classRow.name, dueOn: dueDayLabel(dueStart(plan, due.month)) },
    link: FEES_PATH,
    to: { accounts: [due.accountId] },
    expiresAt: new Date(Math.max(graceEnd(plan, due.month), now + DAY_MS)).toISOString(),
  };
}

/** `fee.due` to a student an admin reminded; `day` keys it, as it keys the mail, so a retry raises it once. */
export async function announceReminder(ctx: Deps, tx: Db, reminder: { classId: string; month: string; accountId: string; day: string }, now: number): Promise<void> {
  if (!ctx.notifier) return;
  const { classId, month, accountId, day } = reminder;
  const event = await dueNotification(tx, { classId, month, accountId, subjectKey: `remind:${classId}:${month}:${accountId}:${day}` }, now);
  if (event) await ctx.notifier.raise(tx, event);
}

/** `payment.reversed` to every active admin: the receipt reversed (or, with no payment, the order). */
export async function announceChargeback(ctx: Deps, tx: Db, reversal: { orderId: string; paymentId: string | null }): Promise<void> {
  if (!ctx.notifier) return;
  const admins = await activeAdmins(tx);
  if (admins.length === 0) return;
  const order = await findOrder(tx, reversal.orderId);
  const payment = reversal.paymentId ? await findPaymentBy(tx, 'id', reversal.paymentId) : undefined;
  await ctx.notifier.raise(tx, {
    kind: PAYMENT_REVERSED_NOTIFICATION,
    subjectKey: `chargeback:${reversal.paymentId ?? reversal.orderId}`,
    params: {
      receiptNo: payment ? receiptNumberLabel(Number(payment.receipt_no)) : reversal.orderId,
      className: payment?.class_name ?? order?.class_name ?? '',
      month: order ? feeMonthLabel(order.month) : '',
    },
    link: ALERTS_PATH,
    to: { accounts: admins.slice(0, MAX_EXPLICIT_RECIPIENTS).map((admin) => admin.id) },
  });
}
