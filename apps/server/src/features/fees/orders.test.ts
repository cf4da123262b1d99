import { describe, expect, it } from 'vitest';
import { FEES_TEXT, monthAlreadyPaidMessage, monthFreeMessage, payherePendingMessage, slipWaitingMessage, type Order } from '@academy/contract';
import { standInCheckoutHash } from '../../../test/fake-payhere';
import { signedInStudent } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { adminHeaders, createClass, type Headers } from '../class-material/test-helpers';
import { STAND_IN_MERCHANT, TEST_PUBLIC_URL, cashBody, checkOut, orderOk, paymentOk, postOrder, usePaymentsApp } from './payment-test-helpers';
import { anotherStudent, classWithPlanFor, uploadSlipOk, slipFields } from './slip-test-helpers';
import { feeClock, feePlan } from './test-helpers';

// A student's order (fees.md 'End to end'): the server fixes the amount and signs the checkout,
// nothing the student sends sets a price, and a month already settled or pending is not ordered.

const clock = feeClock('2026-11-28T06:00:00.000Z');
const t = usePaymentsApp({}, { feesClock: clock.now });

async function orderCount(): Promise<number> {
  const row = await t.database.db.selectFrom('fee_orders').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

const freeCard = (admin: Headers, studentId: string, folderId: string, kind: 'full' | 'half') =>
  t.app.inject({ method: 'POST', url: '/api/fees/free-cards', headers: admin, payload: { studentId, folderId, kind, fromMonth: '2026-11', reason: 'Hardship' } });

describe('an order', () => {
  it('carries every checkout field, the plan’s amount and a hash PayHere takes', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const order = await orderOk(t.app, student.headers, classFolder.id, '2026-11');
    expect(order.orderId).toMatch(/^F[A-Z2-7]{19}$/);
    expect(order).toMatchObject({ amountCents: 250_000, currency: 'LKR', checkout: { action: t.payhere.checkoutUrl } });
    const [first, ...rest] = student.body.name.split(' ');
    expect(order.checkout.fields).toEqual({
      merchant_id: STAND_IN_MERCHANT.merchantId,
      return_url: `${TEST_PUBLIC_URL}/api/fees/payhere/return/${order.orderId}`,
      cancel_url: `${TEST_PUBLIC_URL}/api/fees/payhere/cancel/${order.orderId}`,
      notify_url: `${TEST_PUBLIC_URL}/api/fees/payhere/notify`,
      first_name: first,
      last_name: rest.length > 0 ? rest.join(' ') : first,
      email: student.body.email,
      phone: student.body.whatsAppNo,
      address: expect.any(String),
      city: expect.any(String),
      country: 'Sri Lanka',
      order_id: order.orderId,
      items: `${classFolder.name} · November 2026`,
      currency: 'LKR',
      amount: '2500.00',
      hash: standInCheckoutHash(STAND_IN_MERCHANT.merchantId, order.orderId, '2500.00', 'LKR', STAND_IN_MERCHANT.merchantSecret),
    });
    await checkOut(t.payhere, order);
  });

  it('is half the fee under a half card', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin, { monthlyFee: 1999 });
    expect((await freeCard(admin, student.student._id, classFolder.id, 'half')).statusCode).toBe(200);
    const order = await orderOk(t.app, student.headers, classFolder.id, '2026-12');
    expect(order.amountCents).toBe(99_950);
    expect(order.checkout.fields.amount).toBe('999.50');
    await checkOut(t.payhere, order);
  });

  it('takes no amount: a body with one is 400 and makes no order', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const before = await orderCount();
    const response = await postOrder(t.app, student.headers, classFolder.id, '2026-11', { amount: '1.00' });
    expect(response.statusCode).toBe(400);
    expect(await orderCount()).toBe(before);
  });

  it('edited in the browser to 1.00, is refused by PayHere, and a notification of 1.00 pays nothing', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const order = await orderOk(t.app, student.headers, classFolder.id, '2026-11');
    const edited = await t.payhere.checkout({ ...order.checkout.fields, amount: '1.00' });
    expect(edited.status).toBe(400);
    await checkOut(t.payhere, order);
    expect((await t.payhere.pay(order.orderId, { amount: '1.00' })).answer).toBe(400);
    expect(await t.database.db.selectFrom('fee_payments').select('id').where('order_id', '=', order.orderId).execute()).toEqual([]);
  });

  it('supersedes the month’s earlier order that was never paid', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const first = await orderOk(t.app, student.headers, classFolder.id, '2026-11');
    const second = await orderOk(t.app, student.headers, classFolder.id, '2026-11');
    const states = await t.database.db.selectFrom('fee_orders').select(['id', 'state']).where('id', 'in', [first.orderId, second.orderId]).execute();
    expect(Object.fromEntries(states.map((row) => [row.id, row.state]))).toEqual({ [first.orderId]: 'superseded', [second.orderId]: 'created' });
  });
});

describe('what is not ordered', () => {
  it('by an admin (403), outside the student’s classes (404), outside the plan (400)', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder } = await classWithPlanFor(t.app, admin);
    const byAdmin = await postOrder(t.app, admin, classFolder.id, '2026-11');
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(FEES_TEXT.onlyStudentsPay);
    const stranger = await signedInStudent(t.app);
    expect((await postOrder(t.app, stranger.headers, classFolder.id, '2026-11')).statusCode).toBe(404);
    const member = await anotherStudent(t.app, admin, classFolder);
    const outside = await postOrder(t.app, member.headers, classFolder.id, '2027-01');
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toEqual([{ field: 'month', message: `month ${FEES_TEXT.monthNotInPlan}` }]);
  });

  it('a month already paid, free, waiting on a slip, or pending at PayHere (409, naming it)', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    await paymentOk(t.app, admin, cashBody(student.student._id, classFolder.id, ['2026-11']));
    const paid = await postOrder(t.app, student.headers, classFolder.id, '2026-11');
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(monthAlreadyPaidMessage(['2026-11']));

    const carded = await anotherStudent(t.app, admin, classFolder);
    expect((await freeCard(admin, carded.student._id, classFolder.id, 'full')).statusCode).toBe(200);
    expect((await postOrder(t.app, carded.headers, classFolder.id, '2026-12')).json().message).toBe(monthFreeMessage(['2026-12']));

    const slipper = await anotherStudent(t.app, admin, classFolder);
    await uploadSlipOk(t.app, slipper.headers, slipFields(classFolder.id, ['2026-12']));
    const waiting = await postOrder(t.app, slipper.headers, classFolder.id, '2026-12');
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toBe(slipWaitingMessage(['2026-12']));

    const pending = await orderOk(t.app, slipper.headers, classFolder.id, '2026-11');
    await checkOut(t.payhere, pending);
    await t.payhere.pay(pending.orderId, { status: 0 });
    const again = await postOrder(t.app, slipper.headers, classFolder.id, '2026-11');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(payherePendingMessage('2026-11'));
  });

  it('another student’s order is not found', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const order: Order = await orderOk(t.app, student.headers, classFolder.id, '2026-11');
    const other = await anotherStudent(t.app, admin, classFolder);
    const response = await t.app.inject({ url: `/api/fees/orders/${order.orderId}`, headers: other.headers });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(FEES_TEXT.orderNotFound);
    expect((await t.app.inject({ url: `/api/fees/orders/${order.orderId}`, headers: admin })).statusCode).toBe(200);
  });
});

describe('with online payment off', () => {
  const off = useTestApp({}, { feesClock: clock.now });

  it('orders are refused with the way to pay instead; the notify address takes nothing', async () => {
    const admin = await adminHeaders(off.app);
    const classFolder = await createClass(off.app, admin);
    await feePlan(off.app, admin, classFolder.id);
    const student = await anotherStudent(off.app, admin, classFolder);
    const response = await postOrder(off.app, student.headers, classFolder.id, '2026-11');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(FEES_TEXT.onlinePaymentOff);
    const notify = await off.app.inject({
      method: 'POST',
      url: '/api/fees/payhere/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'merchant_id=1&order_id=F1&payment_id=1&payhere_amount=1.00&payhere_currency=LKR&status_code=2&md5sig=00000000000000000000000000000000',
    });
    expect(notify.statusCode).toBe(400);
  });
});
