// Recording money (docs/design/fees-build-plan.md 'Recording a payment'): every way a payment
// arrives ends in `recordPayment`, inside its caller's transaction: PayHere's verified `2`, an
// approved bank slip, cash, a bank transfer seen in the statement, a lost PayHere notification
// recorded by hand. Locks are taken in one order everywhere, so two instances never deadlock:
// the order row (PayHere, by the notification), the slip row (by the approval), the student's
// ledger row, last the receipt counter.
import {
  FEES_TEXT,
  monthAlreadyPaidMessage,
  monthFreeMessage,
  receiptNumberLabel,
  SERVER_TEXT,
  type PaymentMethod,
} from '@academy/contract';
import type { Db } from '../../db/database';
import { errors } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit-log/service';
import type { FeesContext } from './context';
import { feeEvents } from './events';
import { addOpenings } from './openings';
import { findPaymentBy, insertPayment, lockLedger, nextReceiptNo, paidAndFreeMonths, type PaymentRow } from './payments-repo';
import { cardRules, cardsOf, findPlan, planRules } from './repo';
import { raiseAlert } from './raise-alert';
import { cardForMonth, isPlanMonth, monthAmountCents, sriLankaDay } from './rules';

/** One payment to record. Amounts are never given by a caller, except PayHere's: the order's, fixed when it was made. */
export interface RecordPaymentInput {
  method: PaymentMethod;
  /** The paying student's account. */
  accountId: string;
  /** The class (`classes.id`) and the fee months paid, sorted, distinct, each in the plan. */
  classId: string;
  months: readonly string[];
  /** The Sri Lanka day the money was received; today by the fees clock when left out. */
  receivedOn?: string;
  bank?: string | null;
  /** Bank: the transfer's reference; cash: the paper receipt book's number; PayHere: its payment id. */
  reference?: string | null;
  /** Upper-cased, without spaces, dashes or slashes, prefixed by the bank (money.ts `referenceKey`). */
  referenceKey?: string | null;
  note?: string | null;
  /** PayHere: the order paid (locked by the caller first), its PayHere payment id, and the order's amount. */
  order?: { id: string; payherePaymentId: string; amountCents: number };
  /** An approved slip (locked by the caller first); the approval writes its own audit entry. */
  slipId?: string;
  /** An admin's dialog's id: a retry or a double click records one payment. */
  requestId?: string;
  /** The admin recording it; null or left out for PayHere's notification. */
  actor?: AuditActor | null;
}

export interface RecordedPayment {
  payment: PaymentRow;
  /** True when the payment already existed (the same request, order or slip again): nothing was written. */
  repeated: boolean;
}

/** An admin's payment refuses months already paid or free; PayHere's notification records the money anyway. */
function isNotification(input: RecordPaymentInput): boolean {
  return input.method === 'payhere' && !input.actor;
}

/** The payment a once-only key of the input already recorded, if any. */
async function existingPayment(tx: Db, input: RecordPaymentInput): Promise<PaymentRow | undefined> {
  if (input.requestId) {
    const found = await findPaymentBy(tx, 'request_id', input.requestId);
    if (found) return found;
  }
  if (input.slipId) {
    const found = await findPaymentBy(tx, 'slip_id', input.slipId);
    if (found) return found;
  }
  if (input.order) {
    const found = (await findPaymentBy(tx, 'order_id', input.order.id)) ?? (await findPaymentBy(tx, 'payhere_payment_id', input.order.payherePaymentId));
    if (found) return found;
  }
  if (input.method === 'payhere' && input.reference) return findPaymentBy(tx, 'payhere_payment_id', input.reference);
  return undefined;
}

/**
 * Records one payment in the caller's transaction `tx`: its receipt number (gap-free: the counter is
 * incremented in this transaction), its months and their openings, the order's new state, the
 * receipt mail job, a `paid-twice` alert when PayHere paid a month already paid or free, and the
 * audit entry of an admin's payment. The caller wakes the mail worker after its commit
 * (`ctx.worker.wake()`). Throws the 4xx of fees.md for an admin's payment of months already paid or
 * free, months outside the plan, a class without a plan or an unknown student.
 */
export async function recordPayment(ctx: FeesContext, tx: Db, input: RecordPaymentInput): Promise<RecordedPayment> {
  const now = ctx.clock();
  const at = new Date(now).toISOString();
  await lockLedger(tx, input.classId, input.accountId, at);
  const existing = await existingPayment(tx, input);
  if (existing) {
    // A payment recorded by hand from the student's PayHere receipt, without its order: the
    // notification arriving now names the order, which becomes that payment's.
    if (input.order) await linkOrder(tx, input.order, existing, at);
    return { payment: existing.order_id || !input.order ? existing : { ...existing, order_id: input.order.id }, repeated: true };
  }

  const student = await tx.selectFrom('accounts').select(['name', 'reg_no']).where('id', '=', input.accountId).executeTakeFirst();
  if (!student) throw errors.notFound(SERVER_TEXT.studentNotFound);
  const classRow = await tx.selectFrom('classes').select(['name']).where('id', '=', input.classId).executeTakeFirst();
  const planRow = await findPlan(tx, input.classId);
  if (!classRow || !planRow) throw errors.conflict('folderId', FEES_TEXT.setPlanFirst);
  const plan = planRules(planRow);
  const months = [...new Set(input.months)].sort();
  if (months.length === 0 || months.some((month) => !isPlanMonth(plan, month))) throw errors.field('months', `months ${FEES_TEXT.monthNotInPlan}`);

  const { paid, free } = await paidAndFreeMonths(tx, input.classId, input.accountId, months);
  const paidTwice = months.filter((month) => paid.has(month) || free.has(month));
  if (!isNotification(input)) {
    if (paid.size > 0) throw errors.conflict('months', monthAlreadyPaidMessage(months.filter((month) => paid.has(month))));
    if (free.size > 0) throw errors.conflict('months', monthFreeMessage(months.filter((month) => free.has(month))));
  }

  const cards = (await cardsOf(tx, input.classId, input.accountId)).map(cardRules);
  const amounts = months.map((month) => ({ month, amountCents: monthAmountCents(plan, cardForMonth(cards, plan, month)) }));
  // PayHere charged what the order said when it was made; a fee changed since does not change it.
  if (input.order && amounts.length === 1 && amounts[0]) amounts[0].amountCents = input.order.amountCents;
  const amountCents = amounts.reduce((sum, month) => sum + month.amountCents, 0);

  const receiptNo = await nextReceiptNo(tx);
  const id = crypto.randomUUID();
  const payment: PaymentRow = {
    id,
    receipt_no: receiptNo,
    account_id: input.accountId,
    student_name: student.name,
    reg_no: student.reg_no,
    class_id: input.classId,
    class_name: classRow.name,
    method: input.method,
    amount_cents: amountCents,
    currency: 'LKR',
    received_at: at,
    received_on: input.receivedOn ?? sriLankaDay(now),
    order_id: input.order?.id ?? null,
    payhere_payment_id: input.order?.payherePaymentId ?? (input.method === 'payhere' ? (input.reference ?? null) : null),
    slip_id: input.slipId ?? null,
    request_id: input.requestId ?? null,
    bank: input.bank ?? null,
    reference: input.reference ?? input.order?.payherePaymentId ?? null,
    reference_key: input.referenceKey ?? null,
    note: input.note ?? null,
    recorded_by: input.actor?.id ?? null,
    state: 'paid',
    refunded_cents: 0,
    created_at: at,
    updated_at: at,
  };
  await insertPayment(
    tx,
    payment,
    amounts.map((month) => ({ payment_id: id, class_id: input.classId, account_id: input.accountId, month: month.month, amount_cents: month.amountCents, state: 'paid' })),
  );
  await addOpenings(
    tx,
    months.map((month) => ({ classId: input.classId, accountId: input.accountId, month, source: 'payment' as const, sourceId: id })),
  );
  if (input.order) await linkOrder(tx, input.order, payment, at);
  if (paidTwice.length > 0) {
    await raiseAlert(tx, { kind: 'paid-twice', paymentId: id, orderId: input.order?.id, accountId: input.accountId, detail: { months: paidTwice, receiptNo } }, at);
  }
  await feeEvents(ctx).paid(tx, { id });
  if (input.actor && !input.slipId) {
    await recordAudit(tx, input.actor, {
      action: 'fee.payment',
      target: paymentTarget(payment),
      summary: `Recorded a ${input.method} payment of ${months.join(', ')} for ${student.name}`,
      detail: { method: input.method, months, amountCents, requestId: input.requestId ?? null },
    });
  }
  return { payment, repeated: false };
}

/** The order is paid by this payment; the payment names the order if it did not yet. */
async function linkOrder(tx: Db, order: NonNullable<RecordPaymentInput['order']>, payment: Pick<PaymentRow, 'id' | 'order_id'>, at: string): Promise<void> {
  await tx.updateTable('fee_orders').set({ state: 'paid', payment_id: payment.id, payhere_payment_id: order.payherePaymentId, updated_at: at }).where('id', '=', order.id).execute();
  if (payment.order_id === null) await tx.updateTable('fee_payments').set({ order_id: order.id, updated_at: at }).where('id', '=', payment.id).execute();
}

/** A payment as the audit log names it: "Receipt 000123", found by the student, reg no and class. */
export function paymentTarget(payment: Pick<PaymentRow, 'id' | 'receipt_no' | 'student_name' | 'reg_no' | 'class_name'>) {
  return {
    type: 'payment' as const,
    id: payment.id,
    label: `Receipt ${receiptNumberLabel(payment.receipt_no)}`,
    keywords: [payment.student_name, payment.reg_no, payment.class_name],
  };
}

