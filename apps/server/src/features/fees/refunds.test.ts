import { describe, expect, it } from 'vitest';
import { FEES_TEXT, notRefundableMessage, type Payment, type Receipt } from '@academy/contract';
import { adminHeaders, type Headers } from '../class-material/test-helpers';
import { cashBody, paymentOk, payThroughStandIn, usePaymentsApp } from './payment-test-helpers';
import { classWithPlanFor } from './slip-test-helpers';
import { classIdOf, feeClock } from './test-helpers';

// Refunds (fees.md 'Refunds and chargebacks'): an admin records money given back for some or all
// of a payment's months; those months close, the payment and its receipt say so, and it is audited.

const clock = feeClock('2026-11-28T06:00:00.000Z');
const t = usePaymentsApp({}, { feesClock: clock.now });

const refund = (admin: Headers, paymentId: string, months: string[], way = 'cash') =>
  t.app.inject({ method: 'POST', url: `/api/fees/payments/${paymentId}/refund`, headers: admin, payload: { months, way, reason: 'Left the class' } });

async function openMonths(classFolderId: string, accountId: string): Promise<string[]> {
  const classId = await classIdOf(t.database.db, classFolderId);
  const rows = await t.database.db.selectFrom('fee_openings').select('month').where('class_id', '=', classId).where('account_id', '=', accountId).execute();
  return rows.map((row) => row.month).sort();
}

describe('a refund', () => {
  it('of one month closes it, leaves the other open, and shows on the payment and its receipt', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const payment = await paymentOk(t.app, admin, cashBody(student.student._id, classFolder.id, ['2026-11', '2026-12']));
    const response = await refund(admin, payment.id, ['2026-12'], 'bank');
    expect(response.statusCode, response.body).toBe(200);
    const refunded = response.json<{ data: Payment }>().data;
    expect(refunded).toMatchObject({
      state: 'partly-refunded',
      refundedCents: 250_000,
      months: [
        { month: '2026-11', state: 'paid' },
        { month: '2026-12', state: 'refunded' },
      ],
      refunds: [{ months: ['2026-12'], amountCents: 250_000, way: 'bank', reason: 'Left the class' }],
    });
    expect(refunded.refunds[0]?.recordedBy?.id).toBeTruthy();
    expect(await openMonths(classFolder.id, student.student._id)).toEqual(['2026-11']);

    const receipt = await t.app.inject({ url: `/api/fees/receipts/${payment.id}`, headers: student.headers });
    expect(receipt.json<{ data: Receipt }>().data).toMatchObject({ state: 'partly-refunded', refunds: [{ months: ['2026-12'], amountCents: 250_000, way: 'bank' }] });
    const audit = await t.database.db.selectFrom('audit_log').select('action').where('target_id', '=', payment.id).orderBy('at').execute();
    expect(audit.map((entry) => entry.action)).toEqual(['fee.payment', 'fee.refund']);
  });

  it('of the rest makes the payment refunded; a month refunded twice, or never paid by it, is 409 naming it', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const payment = await paymentOk(t.app, admin, cashBody(student.student._id, classFolder.id, ['2026-11']));
    expect((await refund(admin, payment.id, ['2026-11'])).json<{ data: Payment }>().data.state).toBe('refunded');
    const twice = await refund(admin, payment.id, ['2026-11']);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(notRefundableMessage(['2026-11']));
    expect((await refund(admin, payment.id, ['2026-12'])).json().message).toBe('December 2026 is not part of this payment, or is already refunded.');
    expect(await openMonths(classFolder.id, student.student._id)).toEqual([]);
    // The month closed by the refund can be paid again.
    await paymentOk(t.app, admin, cashBody(student.student._id, classFolder.id, ['2026-11']));
  });

  it('is refused for a charged-back payment and an unknown one', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const { order } = await payThroughStandIn(t, student.headers, classFolder.id, '2026-11');
    await t.payhere.chargeback(order.orderId);
    const payment = await t.database.db.selectFrom('fee_payments').select('id').where('order_id', '=', order.orderId).executeTakeFirstOrThrow();
    const charged = await refund(admin, payment.id, ['2026-11'], 'payhere');
    expect(charged.statusCode).toBe(409);
    expect(charged.json().message).toBe(FEES_TEXT.chargedBackNoRefund);
    const unknown = await refund(admin, crypto.randomUUID(), ['2026-11']);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(FEES_TEXT.paymentNotFound);
  });

  it('is for admins only', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const payment = await paymentOk(t.app, admin, cashBody(student.student._id, classFolder.id, ['2026-11']));
    expect((await refund(student.headers, payment.id, ['2026-11'])).statusCode).toBe(403);
    expect(await openMonths(classFolder.id, student.student._id)).toEqual(['2026-11']);
  });
});
