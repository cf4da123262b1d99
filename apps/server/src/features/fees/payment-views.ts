// Payments as the contract answers them (`paymentSchema`, `receiptSchema`): their months, refunds,
// class folder and the names of the admins who recorded them, read for a whole page at once.
import type { Branding, Payment, PaymentMethod, PaymentMonthState, PaymentState, Receipt, RefundWay } from '@academy/contract';
import type { Db } from '../../db/database';
import { classFolders, monthsOfPayments, refundsOfPayments, type PaymentRow, type RefundRow } from './payments-repo';
import { namesOf } from './repo';

function person(id: string | null, names: Map<string, string>): { id: string; name: string } | null {
  if (!id) return null;
  return { id, name: names.get(id) ?? '' };
}

function refundMonths(refund: RefundRow): string[] {
  return JSON.parse(refund.months_json) as string[];
}

/** The payments as answers, in the order given. */
export async function paymentViews(db: Db, rows: readonly PaymentRow[]): Promise<Payment[]> {
  const ids = rows.map((row) => row.id);
  const [months, refunds, folders] = await Promise.all([monthsOfPayments(db, ids), refundsOfPayments(db, ids), classFolders(db, rows.map((row) => row.class_id))]);
  const names = await namesOf(db, [...rows.flatMap((row) => row.recorded_by ?? []), ...refunds.flatMap((refund) => refund.recorded_by ?? [])]);
  return rows.map((row) => ({
    id: row.id,
    receiptNo: row.receipt_no,
    student: { id: row.account_id, name: row.student_name, regNo: row.reg_no ?? '' },
    classFolderId: folders.get(row.class_id) ?? '',
    className: row.class_name,
    method: row.method as PaymentMethod,
    months: months
      .filter((month) => month.payment_id === row.id)
      .map((month) => ({ month: month.month, amountCents: month.amount_cents, state: month.state as PaymentMonthState })),
    amountCents: row.amount_cents,
    refundedCents: Number(row.refunded_cents),
    currency: row.currency,
    receivedAt: row.received_at,
    receivedOn: row.received_on,
    bank: row.bank,
    reference: row.reference,
    note: row.note,
    orderId: row.order_id,
    payherePaymentId: row.payhere_payment_id,
    slipId: row.slip_id,
    recordedBy: person(row.recorded_by, names),
    state: row.state as PaymentState,
    refunds: refunds
      .filter((refund) => refund.payment_id === row.id)
      .map((refund) => ({
        id: refund.id,
        months: refundMonths(refund),
        amountCents: refund.amount_cents,
        way: refund.way as RefundWay,
        reason: refund.reason,
        recordedBy: person(refund.recorded_by, names),
        recordedAt: refund.recorded_at,
      })),
    createdAt: row.created_at,
  }));
}

export async function paymentView(db: Db, row: PaymentRow): Promise<Payment> {
  const [view] = await paymentViews(db, [row]);
  if (!view) throw new Error(`payment ${row.id} could not be read back`);
  return view;
}

/** The printable receipt (fees.md 'Receipts'): what the student, a parent and the accountant read. */
export async function receiptView(db: Db, row: PaymentRow, branding: Branding): Promise<Receipt> {
  const payment = await paymentView(db, row);
  return {
    paymentId: payment.id,
    receiptNo: payment.receiptNo,
    paidAt: payment.receivedAt,
    student: { name: payment.student.name, regNo: payment.student.regNo },
    className: payment.className,
    months: payment.months.map((month) => ({ month: month.month, amountCents: month.amountCents })),
    method: payment.method,
    bank: payment.bank,
    reference: payment.reference,
    totalCents: payment.amountCents,
    currency: payment.currency,
    refunds: payment.refunds.map((refund) => ({ months: refund.months, amountCents: refund.amountCents, way: refund.way, recordedAt: refund.recordedAt })),
    state: payment.state,
    branding,
  };
}
