// What the payments routes do: an admin records cash, a bank transfer or a lost PayHere
// notification; admins list payments; a student or an admin reads a receipt.
import { FEES_TEXT, SERVER_TEXT, type Payment, type Paging, type paymentBodySchema, type paymentsQuerySchema, type Receipt } from '@academy/contract';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/database';
import { errors } from '../../lib/errors';
import type { SessionAccount } from '../../plugins/auth';
import type { AuditActor } from '../audit-log/service';
import { readerOf } from '../class-material/tree';
import type { FeesContext } from './context';
import { feeClassOf } from './fee-class';
import { referenceKey } from './money';
import { lockOrder } from './orders-repo';
import { recordPayment } from './payment-service';
import { paymentView, paymentViews, receiptView } from './payment-views';
import { findPaymentBy, listPayments } from './payments-repo';
import { sriLankaDay } from './rules';

export type PaymentBodyValue = z.output<typeof paymentBodySchema>;
export type PaymentsQueryValue = z.output<typeof paymentsQuerySchema>;

/** The student a payment is for: a student account that is not deleted. */
async function studentAccount(ctx: FeesContext, studentId: string): Promise<{ id: string }> {
  const student = await ctx.db
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', studentId)
    .where('account_type', '=', 'student')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!student) throw errors.notFound(SERVER_TEXT.studentNotFound);
  return student;
}

/**
 * An admin records money received at the class, seen in the bank statement, or paid through
 * PayHere whose notification never came (fees.md 'Cash at the class'). The amount is the server's;
 * a repeated `requestId` answers the payment it recorded.
 */
export async function recordByAdmin(ctx: FeesContext, actor: AuditActor, body: PaymentBodyValue): Promise<Payment> {
  const earlier = await findPaymentBy(ctx.db, 'request_id', body.requestId);
  if (earlier) return paymentView(ctx.db, earlier);
  const student = await studentAccount(ctx, body.studentId);
  const classRow = await feeClassOf(ctx, await readerOf(ctx.db, actor.id), body.folderId);
  if (body.receivedOn > sriLankaDay(ctx.clock())) throw errors.field('receivedOn', `receivedOn ${FEES_TEXT.dayInFuture}`);
  const reference = body.reference ?? null;
  try {
    const recorded = await ctx.db.transaction().execute(async (tx) => {
      let order: { id: string; payherePaymentId: string; amountCents: number } | undefined;
      if (body.orderId) {
        // The order first, as a notification locks it: the two never wait on each other the other way round.
        const row = await lockOrder(tx, body.orderId);
        if (!row || row.account_id !== student.id || row.class_id !== classRow.id) throw errors.notFound(FEES_TEXT.orderNotFound);
        if (body.months.length !== 1 || body.months[0] !== row.month) throw errors.field('months', `months must be ${row.month}, the order's month`);
        order = { id: row.id, payherePaymentId: reference ?? '', amountCents: row.amount_cents };
      }
      return recordPayment(ctx, tx, {
        method: body.method,
        accountId: student.id,
        classId: classRow.id,
        months: body.months,
        receivedOn: body.receivedOn,
        bank: body.method === 'bank' ? (body.bank ?? null) : null,
        reference,
        referenceKey: body.method === 'bank' && body.bank && reference ? referenceKey(body.bank, reference) : null,
        note: body.note || null,
        order,
        requestId: body.requestId,
        actor,
      });
    });
    ctx.worker.wake();
    return paymentView(ctx.db, recorded.payment);
  } catch (error) {
    // Two tries of one request raced past the first look: the loser answers the winner's payment.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findPaymentBy(ctx.db, 'request_id', body.requestId);
    if (!winner) throw error;
    return paymentView(ctx.db, winner);
  }
}

/** Every payment, newest first, by class, month, method and Sri Lanka days of receipt. */
export async function paymentsPage(ctx: FeesContext, adminId: string, query: PaymentsQueryValue): Promise<{ data: Payment[]; paging: Paging }> {
  const classId = query.folderId ? (await feeClassOf(ctx, await readerOf(ctx.db, adminId), query.folderId)).id : undefined;
  const { rows, total } = await listPayments(ctx.db, { classId, month: query.month, method: query.method, from: query.from, to: query.to }, query.page, query.pageSize);
  return { data: await paymentViews(ctx.db, rows), paging: { page: query.page, pageSize: query.pageSize, total } };
}

/** A receipt, to its payer or an admin; anyone else is told it does not exist. */
export async function readReceipt(ctx: FeesContext, caller: SessionAccount, paymentId: string): Promise<Receipt> {
  const payment = await findPaymentBy(ctx.db, 'id', paymentId);
  if (!payment || (!caller.isAdmin && payment.account_id !== caller.id)) throw errors.notFound(FEES_TEXT.receiptNotFound);
  return receiptView(ctx.db, payment, ctx.branding);
}
