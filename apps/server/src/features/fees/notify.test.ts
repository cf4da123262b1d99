import { describe, expect, it } from 'vitest';
import { FEES_TEXT } from '@academy/contract';
import { standInSignature } from '../../../test/fake-payhere';
import { until } from '../../../test/until';
import { adminHeaders } from '../class-material/test-helpers';
import { STAND_IN_MERCHANT, checkOut, isReceiptMail, orderOk, payThroughStandIn, usePaymentsApp } from './payment-test-helpers';
import { anotherStudent, classWithPlanFor } from './slip-test-helpers';
import { classIdOf, feeClock } from './test-helpers';

// PayHere's notification through the local stand-in, over HTTP as PayHere sends it (fees.md 'The
// notification'): only a verified one changes anything; the same one again, or a late or
// reordered one, never pays twice nor undoes a payment; a chargeback closes the month.

const clock = feeClock('2026-11-28T06:00:00.000Z');
const t = usePaymentsApp({}, { feesClock: clock.now });

async function paymentsOfOrder(orderId: string) {
  return t.database.db.selectFrom('fee_payments').selectAll().where('order_id', '=', orderId).execute();
}

async function orderState(orderId: string): Promise<string | undefined> {
  return (await t.database.db.selectFrom('fee_orders').select('state').where('id', '=', orderId).executeTakeFirst())?.state;
}

async function paymentOpenings(classFolderId: string, accountId: string): Promise<string[]> {
  const classId = await classIdOf(t.database.db, classFolderId);
  const rows = await t.database.db
    .selectFrom('fee_openings')
    .select('month')
    .where('class_id', '=', classId)
    .where('account_id', '=', accountId)
    .where('source', '=', 'payment')
    .execute();
  return rows.map((row) => row.month).sort();
}

async function alertsOf(orderId: string): Promise<string[]> {
  return (await t.database.db.selectFrom('fee_alerts').select('kind').where('order_id', '=', orderId).orderBy('created_at').execute()).map((row) => row.kind);
}

const post = (payload: string, contentType = 'application/x-www-form-urlencoded', url = '/api/fees/payhere/notify') =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });

describe('an authentic success', () => {
  it('pays the month once, however often it is sent, with one receipt and one mail', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const { order, sent } = await payThroughStandIn(t, student.headers, classFolder.id, '2026-11');
    expect(sent.answer).toBe(200);
    const replays = await t.payhere.replay(order.orderId, 5);
    expect(replays.map((replay) => replay.answer)).toEqual([200, 200, 200, 200, 200]);

    const payments = await paymentsOfOrder(order.orderId);
    expect(payments).toHaveLength(1);
    const [payment] = payments;
    expect(payment).toMatchObject({ method: 'payhere', amount_cents: 250_000, payhere_payment_id: sent.fields.payment_id, recorded_by: null, state: 'paid' });
    expect(await orderState(order.orderId)).toBe('paid');
    expect(await paymentOpenings(classFolder.id, student.student._id)).toEqual(['2026-11']);

    const receiptNo = payment?.receipt_no ?? 0;
    await t.smtp.waitFor(isReceiptMail(student.body.email, receiptNo));
    const jobs = () => t.database.db.selectFrom('jobs').select(['job_key', 'state']).where('kind', '=', 'fees.mail').where('job_key', '=', `receipt:${payment?.id}`).execute();
    await until('the receipt job done', async () => (await jobs()).every((job) => job.state === 'done'), 10_000, 20);
    expect(await jobs()).toEqual([{ job_key: `receipt:${payment?.id}`, state: 'done' }]);
    expect(t.smtp.mails.filter(isReceiptMail(student.body.email, receiptNo))).toHaveLength(1);
    // Each verified notification is kept once, whatever the number of deliveries; no card field.
    const events = await t.database.db.selectFrom('fee_payhere_events').selectAll().where('order_id', '=', order.orderId).execute();
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events)).not.toContain(sent.fields.card_no);
  });

  it('answers a state the return page shows: paid, with its receipt', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const { order } = await payThroughStandIn(t, student.headers, classFolder.id, '2026-12');
    const response = await t.app.inject({ url: `/api/fees/orders/${order.orderId}`, headers: student.headers });
    expect(response.statusCode, response.body).toBe(200);
    const [payment] = await paymentsOfOrder(order.orderId);
    expect(response.json().data).toMatchObject({
      orderId: order.orderId,
      state: 'paid',
      className: classFolder.name,
      classFolderId: classFolder.id,
      month: '2026-12',
      amountCents: 250_000,
      receipt: { paymentId: payment?.id, receiptNo: payment?.receipt_no },
    });
  });
});

describe('refused notifications change nothing', () => {
  it('a signature made with another secret is 400', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const order = await orderOk(t.app, student.headers, classFolder.id, '2026-11');
    await checkOut(t.payhere, order);
    const forged = await t.payhere.pay(order.orderId, { secret: 'a-guessed-secret' });
    expect(forged.answer).toBe(400);
    expect(await paymentsOfOrder(order.orderId)).toEqual([]);
    expect(await orderState(order.orderId)).toBe('created');
    expect(await t.database.db.selectFrom('fee_payhere_events').select('id').where('order_id', '=', order.orderId).execute()).toEqual([]);
  });

  it('an authentic notification with another amount is 400, pays nothing and raises one alert', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const order = await orderOk(t.app, student.headers, classFolder.id, '2026-11');
    await checkOut(t.payhere, order);
    const cheap = await t.payhere.pay(order.orderId, { amount: '1.00' });
    expect(cheap.answer).toBe(400);
    expect((await t.payhere.replay(order.orderId, 2)).map((replay) => replay.answer)).toEqual([400, 400]);
    expect(await paymentsOfOrder(order.orderId)).toEqual([]);
    expect(await orderState(order.orderId)).toBe('created');
    expect(await alertsOf(order.orderId)).toEqual(['amount-mismatch']);
    const usd = await t.payhere.pay(order.orderId, { currency: 'USD' });
    expect(usd.answer).toBe(400);
    expect(await paymentsOfOrder(order.orderId)).toEqual([]);
  });

  it('an unknown order is 404, another merchant 400, an incomplete form 400', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const order = await orderOk(t.app, student.headers, classFolder.id, '2026-11');
    await checkOut(t.payhere, order);
    const otherMerchant = await t.payhere.pay(order.orderId, { merchantId: '1299999' });
    expect(otherMerchant.answer).toBe(400);

    const unknownId = 'FAAAAAAAAAAAAAAAAAAA';
    const fields = {
      merchant_id: STAND_IN_MERCHANT.merchantId,
      order_id: unknownId,
      payment_id: '320025000001',
      payhere_amount: '2500.00',
      payhere_currency: 'LKR',
      status_code: '2',
      md5sig: standInSignature(STAND_IN_MERCHANT.merchantId, unknownId, '2500.00', 'LKR', '2', STAND_IN_MERCHANT.merchantSecret),
    };
    const unknown = await post(new URLSearchParams(fields).toString());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(FEES_TEXT.notificationUnknownOrder);

    const { md5sig: _dropped, ...unsigned } = fields;
    const incomplete = await post(new URLSearchParams(unsigned).toString());
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().message).toBe(FEES_TEXT.notificationIncomplete);
    expect(await paymentsOfOrder(order.orderId)).toEqual([]);
  });

  it('a field given twice is refused, never guessed between', async () => {
    const twice = await post('merchant_id=1211149&order_id=F1&order_id=F2&payment_id=1&payhere_amount=1.00&payhere_currency=LKR&status_code=2&md5sig=00000000000000000000000000000000');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual([{ field: 'order_id', message: 'order_id is given twice' }]);
  });

  it('takes forms only at the notify address: JSON there, and a form anywhere else, are 415', async () => {
    const json = await post(JSON.stringify({ order_id: 'F1' }), 'application/json');
    expect(json.statusCode).toBe(415);
    const admin = await adminHeaders(t.app);
    const elsewhere = await t.app.inject({ method: 'POST', url: '/api/fees/payments', headers: { ...admin, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'requestId=x' });
    expect(elsewhere.statusCode).toBe(415);
    const big = await post(`merchant_id=${'1'.repeat(17 * 1024)}`);
    expect(big.statusCode).toBe(413);
  });
});

describe('late and reordered notifications', () => {
  it('0 and -2 after 2 change nothing; 0 then -1 is pending, then canceled', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const { order } = await payThroughStandIn(t, student.headers, classFolder.id, '2026-11');
    expect((await t.payhere.pay(order.orderId, { status: 0 })).answer).toBe(200);
    expect((await t.payhere.pay(order.orderId, { status: -2 })).answer).toBe(200);
    expect(await orderState(order.orderId)).toBe('paid');
    expect(await paymentOpenings(classFolder.id, student.student._id)).toEqual(['2026-11']);

    const other = await anotherStudent(t.app, admin, classFolder);
    const pending = await orderOk(t.app, other.headers, classFolder.id, '2026-11');
    await checkOut(t.payhere, pending);
    await t.payhere.pay(pending.orderId, { status: 0 });
    expect(await orderState(pending.orderId)).toBe('pending');
    expect(await paymentOpenings(classFolder.id, other.student._id)).toEqual([]);
    await t.payhere.pay(pending.orderId, { status: -1 });
    expect(await orderState(pending.orderId)).toBe('canceled');
  });

  it('a success after a failure still pays: the money arrived', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const order = await orderOk(t.app, student.headers, classFolder.id, '2026-12');
    await checkOut(t.payhere, order);
    await t.payhere.pay(order.orderId, { status: -2 });
    expect(await orderState(order.orderId)).toBe('failed');
    await t.payhere.pay(order.orderId);
    expect(await orderState(order.orderId)).toBe('paid');
    expect(await paymentsOfOrder(order.orderId)).toHaveLength(1);
  });

  it('a second PayHere payment of a paid order pays nothing more and raises "paid twice"', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const { order } = await payThroughStandIn(t, student.headers, classFolder.id, '2026-12');
    expect((await t.payhere.pay(order.orderId, { paymentId: '320025077777' })).answer).toBe(200);
    expect(await paymentsOfOrder(order.orderId)).toHaveLength(1);
    expect(await alertsOf(order.orderId)).toEqual(['paid-twice']);
  });

  it('a superseded order paid after the month was paid records the money and raises "paid twice"', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const first = await orderOk(t.app, student.headers, classFolder.id, '2026-11');
    await checkOut(t.payhere, first);
    const { order: second } = await payThroughStandIn(t, student.headers, classFolder.id, '2026-11');
    expect(await orderState(first.orderId)).toBe('superseded');
    expect((await t.payhere.pay(first.orderId)).answer).toBe(200);
    expect(await paymentsOfOrder(first.orderId)).toHaveLength(1);
    expect(await paymentsOfOrder(second.orderId)).toHaveLength(1);
    expect(await alertsOf(first.orderId)).toEqual(['paid-twice']);
  });
});

describe('a chargeback', () => {
  it('closes the month at once, marks the payment, raises an alert and mails every admin; a 2 after it pays nothing', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const { order } = await payThroughStandIn(t, student.headers, classFolder.id, '2026-11');
    expect(await paymentOpenings(classFolder.id, student.student._id)).toEqual(['2026-11']);
    expect((await t.payhere.chargeback(order.orderId)).answer).toBe(200);
    expect(await paymentOpenings(classFolder.id, student.student._id)).toEqual([]);
    expect(await orderState(order.orderId)).toBe('charged-back');
    const [payment] = await paymentsOfOrder(order.orderId);
    expect(payment?.state).toBe('charged-back');
    const months = await t.database.db.selectFrom('fee_payment_months').select('state').where('payment_id', '=', payment?.id ?? '').execute();
    expect(months).toEqual([{ state: 'charged-back' }]);
    expect(await alertsOf(order.orderId)).toEqual(['chargeback']);
    const number = String(payment?.receipt_no).padStart(6, '0');
    const mail = await t.smtp.waitFor((m) => m.subject.includes('a payment was reversed') && m.text.includes(number));
    expect(mail.to).toEqual(['tutor@academy.test']);

    expect((await t.payhere.pay(order.orderId, { paymentId: '320025099999' })).answer).toBe(200);
    expect(await paymentsOfOrder(order.orderId)).toHaveLength(1);
    expect(await paymentOpenings(classFolder.id, student.student._id)).toEqual([]);
    expect(await orderState(order.orderId)).toBe('charged-back');
  });
});

describe('the return and cancel addresses', () => {
  it('change nothing and send the browser to the return page with 303', async () => {
    for (const path of ['return', 'cancel']) {
      const response = await t.app.inject({ url: `/api/fees/payhere/${path}/FABCDEFGHIJKLMNOPQRS` });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/#/fees/orders/FABCDEFGHIJKLMNOPQRS');
    }
  });
});
