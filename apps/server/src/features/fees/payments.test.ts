import { describe, expect, it } from 'vitest';
import { FEES_TEXT, monthAlreadyPaidMessage, monthFreeMessage, SERVER_TEXT, type Payment, type PaymentsPageAnswer, type Receipt } from '@academy/contract';
import { createClass, adminHeaders, type Headers } from '../class-material/test-helpers';
import { cashBody, checkOut, isReceiptMail, orderOk, paymentOk, postPayment, usePaymentsApp } from './payment-test-helpers';
import { anotherStudent, classWithPlanFor } from './slip-test-helpers';
import { classIdOf, feeClock } from './test-helpers';

// Money an admin records (fees.md 'Cash at the class'): cash, a bank transfer seen in the
// statement, a lost PayHere notification. Amounts are the plan's, a request id records once,
// months already paid or free are refused by name, and the receipt mail goes to the payer.

const clock = feeClock('2026-11-28T06:00:00.000Z');
const t = usePaymentsApp({}, { feesClock: clock.now });

async function openings(classFolderId: string, accountId: string): Promise<string[]> {
  const classId = await classIdOf(t.database.db, classFolderId);
  const rows = await t.database.db
    .selectFrom('fee_openings')
    .select('month')
    .where('class_id', '=', classId)
    .where('account_id', '=', accountId)
    .where('source', '=', 'payment')
    .orderBy('month')
    .execute();
  return rows.map((row) => row.month);
}

async function paymentCount(): Promise<number> {
  const row = await t.database.db.selectFrom('fee_payments').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

const freeCard = (admin: Headers, studentId: string, folderId: string, kind: 'full' | 'half', fromMonth = '2026-11') =>
  t.app.inject({ method: 'POST', url: '/api/fees/free-cards', headers: admin, payload: { studentId, folderId, kind, fromMonth, reason: 'Sibling discount' } });

describe('cash at the class', () => {
  it('records the plan’s amounts with a receipt number, opens the months and mails the receipt', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const payment = await paymentOk(t.app, admin, cashBody(student.student._id, classFolder.id, ['2026-12', '2026-11'], { reference: 'Book 4 / 117' }));
    expect(payment).toMatchObject({
      method: 'cash',
      amountCents: 500_000,
      currency: 'LKR',
      state: 'paid',
      className: classFolder.name,
      classFolderId: classFolder.id,
      receivedOn: '2026-11-20',
      reference: 'Book 4 / 117',
      student: { id: student.student._id, name: student.body.name },
      months: [
        { month: '2026-11', amountCents: 250_000, state: 'paid' },
        { month: '2026-12', amountCents: 250_000, state: 'paid' },
      ],
    });
    expect(payment.receiptNo).toBeGreaterThan(0);
    expect(payment.recordedBy?.id).toBeTruthy();
    expect(await openings(classFolder.id, student.student._id)).toEqual(['2026-11', '2026-12']);

    const mail = await t.smtp.waitFor(isReceiptMail(student.body.email, payment.receiptNo));
    expect(mail.subject).not.toMatch(/2,500|LKR|රු/);
    const number = String(payment.receiptNo).padStart(6, '0');
    expect(mail.text).toContain(`Receipt No. / රිසිට්පත් අංකය: ${number}`);
    expect(mail.text).toContain('November 2026');
    // Intl writes a no-break space between the currency and the amount.
    const text = mail.text.replaceAll('\u00a0', ' ');
    expect(text).toContain('November 2026 / 2026 නොවැම්බර්: LKR 2,500.00 / රු. 2,500.00');
    expect(text).toContain('Total / එකතුව: LKR 5,000.00');
    expect(mail.text).toContain(`https://portal.example.lk/#/fees/receipts/${payment.id}`);
  });

  it('is in the audit log, named by its receipt', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const payment = await paymentOk(t.app, admin, cashBody(student.student._id, classFolder.id, ['2026-11']));
    const entry = await t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'fee.payment').where('target_id', '=', payment.id).executeTakeFirst();
    expect(entry?.target_label).toBe(`Receipt ${String(payment.receiptNo).padStart(6, '0')}`);
  });

  it('records one payment for a repeated request id, even two at once', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const body = cashBody(student.student._id, classFolder.id, ['2026-11']);
    const before = await paymentCount();
    const [first, second] = await Promise.all([postPayment(t.app, admin, body), postPayment(t.app, admin, body)]);
    const third = await postPayment(t.app, admin, body);
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([200, 200, 200]);
    const ids = [first, second, third].map((response) => response.json<{ data: Payment }>().data.id);
    expect(new Set(ids).size).toBe(1);
    expect(await paymentCount()).toBe(before + 1);
  });

  it('refuses months already paid, naming them, and records nothing', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    await paymentOk(t.app, admin, cashBody(student.student._id, classFolder.id, ['2026-11']));
    const before = await paymentCount();
    const again = await postPayment(t.app, admin, cashBody(student.student._id, classFolder.id, ['2026-11', '2026-12']));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(monthAlreadyPaidMessage(['2026-11']));
    expect(again.json().message).toBe('November 2026 is already paid.');
    expect(await paymentCount()).toBe(before);
  });

  it('refuses a month free for the student; halves the fee under a half card', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin, { monthlyFee: 2501 });
    expect((await freeCard(admin, student.student._id, classFolder.id, 'full', '2026-12')).statusCode).toBe(200);
    const free = await postPayment(t.app, admin, cashBody(student.student._id, classFolder.id, ['2026-12']));
    expect(free.statusCode).toBe(409);
    expect(free.json().message).toBe(monthFreeMessage(['2026-12']));

    const other = await anotherStudent(t.app, admin, classFolder);
    expect((await freeCard(admin, other.student._id, classFolder.id, 'half')).statusCode).toBe(200);
    const half = await paymentOk(t.app, admin, cashBody(other.student._id, classFolder.id, ['2026-11', '2026-12']));
    // Half of 2,501.00 is 1,250.50: the smaller half cent, exact in cents.
    expect(half.months.map((month) => month.amountCents)).toEqual([125_050, 125_050]);
    expect(half.amountCents).toBe(250_100);
  });

  it('refuses a month outside the plan, a class without a plan, an unknown student and a day to come', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const outside = await postPayment(t.app, admin, cashBody(student.student._id, classFolder.id, ['2027-01']));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toEqual([{ field: 'months', message: `months ${FEES_TEXT.monthNotInPlan}` }]);

    const noPlan = await createClass(t.app, admin);
    const planless = await postPayment(t.app, admin, cashBody(student.student._id, noPlan.id, ['2026-11']));
    expect(planless.statusCode).toBe(409);
    expect(planless.json().message).toBe(FEES_TEXT.setPlanFirst);

    const unknown = await postPayment(t.app, admin, cashBody(crypto.randomUUID(), classFolder.id, ['2026-11']));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(SERVER_TEXT.studentNotFound);

    const future = await postPayment(t.app, admin, cashBody(student.student._id, classFolder.id, ['2026-11'], { receivedOn: '2026-11-29' }));
    expect(future.statusCode).toBe(400);
    expect(future.json().errors[0].field).toBe('receivedOn');
  });

  it('takes no amount from the body: an amount field is 400 and records nothing', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const before = await paymentCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/fees/payments',
      headers: admin,
      payload: { ...cashBody(student.student._id, classFolder.id, ['2026-11']), amountCents: 100 },
    });
    expect(response.statusCode).toBe(400);
    expect(await paymentCount()).toBe(before);
  });
});

describe('a bank transfer seen in the statement', () => {
  it('needs the bank and the reference, and keeps its reference key for duplicates', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const bare = await postPayment(t.app, admin, cashBody(student.student._id, classFolder.id, ['2026-11'], { method: 'bank' }));
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors.map((error: { field: string }) => error.field).sort()).toEqual(['bank', 'reference']);
    const payment = await paymentOk(t.app, admin, cashBody(student.student._id, classFolder.id, ['2026-11'], { method: 'bank', bank: 'Sampath Bank', reference: 'tt-22 / 91' }));
    expect(payment).toMatchObject({ method: 'bank', bank: 'Sampath Bank', reference: 'tt-22 / 91' });
    const row = await t.database.db.selectFrom('fee_payments').select('reference_key').where('id', '=', payment.id).executeTakeFirstOrThrow();
    expect(row.reference_key).toBe('SAMPATH BANK:TT2291');
  });
});

describe('a PayHere payment whose notification never came', () => {
  it('is recorded by hand from the student’s PayHere receipt; the notification arriving later is the same payment', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const order = await orderOk(t.app, student.headers, classFolder.id, '2026-11');
    await checkOut(t.payhere, order);
    const payherePaymentId = t.payhere.checkouts.get(order.orderId)?.paymentId ?? '';
    const byHand = await paymentOk(
      t.app,
      admin,
      cashBody(student.student._id, classFolder.id, ['2026-11'], { method: 'payhere', reference: payherePaymentId, orderId: order.orderId }),
    );
    expect(byHand).toMatchObject({ method: 'payhere', orderId: order.orderId, payherePaymentId, amountCents: 250_000 });

    const late = await t.payhere.pay(order.orderId);
    expect(late.answer).toBe(200);
    const payments = await t.database.db.selectFrom('fee_payments').select('id').where('order_id', '=', order.orderId).execute();
    expect(payments).toEqual([{ id: byHand.id }]);
    const stored = await t.app.inject({ url: `/api/fees/orders/${order.orderId}`, headers: student.headers });
    expect(stored.json().data).toMatchObject({ state: 'paid', receipt: { paymentId: byHand.id, receiptNo: byHand.receiptNo } });
  });

  it('recorded by hand without its order, is linked to the order when the notification comes', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const order = await orderOk(t.app, student.headers, classFolder.id, '2026-12');
    await checkOut(t.payhere, order);
    const payherePaymentId = t.payhere.checkouts.get(order.orderId)?.paymentId ?? '';
    const byHand = await paymentOk(t.app, admin, cashBody(student.student._id, classFolder.id, ['2026-12'], { method: 'payhere', reference: payherePaymentId }));
    expect(byHand.orderId).toBeNull();
    expect((await t.payhere.pay(order.orderId)).answer).toBe(200);
    const stored = await t.app.inject({ url: `/api/fees/orders/${order.orderId}`, headers: student.headers });
    expect(stored.json().data).toMatchObject({ state: 'paid', receipt: { paymentId: byHand.id } });
    const payments = await t.database.db.selectFrom('fee_payments').select(['id', 'order_id']).where('account_id', '=', student.student._id).execute();
    expect(payments).toEqual([{ id: byHand.id, order_id: order.orderId }]);
  });

  it('needs the PayHere payment id, and an order of that student, class and month', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const noId = await postPayment(t.app, admin, cashBody(student.student._id, classFolder.id, ['2026-11'], { method: 'payhere' }));
    expect(noId.statusCode).toBe(400);
    expect(noId.json().errors[0].field).toBe('reference');
    const order = await orderOk(t.app, student.headers, classFolder.id, '2026-11');
    const other = await anotherStudent(t.app, admin, classFolder);
    const wrongStudent = await postPayment(
      t.app,
      admin,
      cashBody(other.student._id, classFolder.id, ['2026-11'], { method: 'payhere', reference: '320025099001', orderId: order.orderId }),
    );
    expect(wrongStudent.statusCode).toBe(404);
    expect(wrongStudent.json().message).toBe(FEES_TEXT.orderNotFound);
  });
});

describe('the payments list and receipts', () => {
  it('lists newest first, filtered by class, month, method and days of receipt', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const cash = await paymentOk(t.app, admin, cashBody(student.student._id, classFolder.id, ['2026-11'], { receivedOn: '2026-11-02' }));
    const bank = await paymentOk(t.app, admin, cashBody(student.student._id, classFolder.id, ['2026-12'], { method: 'bank', bank: 'HSBC', reference: 'X1', receivedOn: '2026-11-25' }));
    const list = async (query: string) => {
      const response = await t.app.inject({ url: `/api/fees/payments?folderId=${encodeURIComponent(classFolder.id)}${query}`, headers: admin });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<PaymentsPageAnswer>();
    };
    const all = await list('');
    expect(all.data.map((payment) => payment.id)).toEqual([bank.id, cash.id]);
    expect(all.paging).toMatchObject({ page: 1, total: 2 });
    expect((await list('&month=2026-11')).data.map((payment) => payment.id)).toEqual([cash.id]);
    expect((await list('&method=bank')).data.map((payment) => payment.id)).toEqual([bank.id]);
    expect((await list('&from=2026-11-10&to=2026-11-30')).data.map((payment) => payment.id)).toEqual([bank.id]);
    expect((await list('&pageSize=1&page=2')).data.map((payment) => payment.id)).toEqual([cash.id]);
  });

  it('shows a receipt to its payer and admins; another student is told it does not exist', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const payment = await paymentOk(t.app, admin, cashBody(student.student._id, classFolder.id, ['2026-11']));
    for (const headers of [student.headers, admin]) {
      const response = await t.app.inject({ url: `/api/fees/receipts/${payment.id}`, headers });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ data: Receipt }>().data).toMatchObject({
        paymentId: payment.id,
        receiptNo: payment.receiptNo,
        student: { name: student.body.name },
        className: classFolder.name,
        months: [{ month: '2026-11', amountCents: 250_000 }],
        method: 'cash',
        totalCents: 250_000,
        state: 'paid',
        refunds: [],
      });
    }
    const other = await anotherStudent(t.app, admin, classFolder);
    const refused = await t.app.inject({ url: `/api/fees/receipts/${payment.id}`, headers: other.headers });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(FEES_TEXT.receiptNotFound);
  });
});
