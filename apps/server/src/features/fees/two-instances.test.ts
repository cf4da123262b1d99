// Fees on two instances sharing PostgreSQL and Redis (fees.md 'The access rule': nothing is
// cached): a notification taken by one instance opens the month for a ticket asked of the other
// at once; the receipt mail goes once though both run fee mail jobs; notifications sent to both
// pay each order once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePayHere, type FakePayHere } from '../../../test/fake-payhere';
import { insertAccounts } from '../../../test/factories';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver';
import { twoInstancesUnavailable, useTwoInstances } from '../../../test/two-instances';
import { until } from '../../../test/until';
import { adminHeaders, createClass, fileTicket, PDF_BYTES, uploadFile } from '../class-material/test-helpers';
import { checkedOutOrders, checkOut, isReceiptMail, orderOk, paymentsEnv, STAND_IN_MERCHANT } from './payment-test-helpers';
import { nextMonth, sriLankaMonth } from './rules';
import { anotherStudent } from './slip-test-helpers';
import { classIdOf, feePlan, monthFolder } from './test-helpers';

const reason = await twoInstancesUnavailable();

describe.skipIf(reason)(`fees on two instances${reason ? ` (skipped: ${reason})` : ''}`, () => {
  // The plan runs this Sri Lanka month and the next, so the paid month is open by the real clock.
  const thisMonth = sriLankaMonth(Date.now());
  const months = [thisMonth, nextMonth(thisMonth)];
  const env: Record<string, string> = {};
  const held = {} as { payhere: FakePayHere; smtp: SmtpReceiver };
  beforeAll(async () => {
    held.payhere = await startFakePayHere(STAND_IN_MERCHANT);
    held.smtp = await startSmtpReceiver();
    Object.assign(env, paymentsEnv(held.payhere, held.smtp));
  });
  const pair = useTwoInstances(env);
  afterAll(async () => {
    await held.payhere?.close();
    await held.smtp?.close();
  });

  async function plannedClass() {
    const admin = await adminHeaders(pair.first);
    const classFolder = await createClass(pair.first, admin);
    await feePlan(pair.first, admin, classFolder.id, { months });
    return { admin, classFolder };
  }

  it('a notification on the first instance opens the month for a ticket on the second at once; the receipt mail goes once', async () => {
    const { admin, classFolder } = await plannedClass();
    const folder = await monthFolder(pair.first, admin, classFolder.id, thisMonth);
    const notes = await uploadFile(pair.first, admin, folder.id, 'notes.pdf', PDF_BYTES);
    const student = await anotherStudent(pair.first, admin, classFolder);
    expect((await fileTicket(pair.second, student.headers, notes.id)).statusCode).toBe(403);

    const order = await orderOk(pair.second, student.headers, classFolder.id, thisMonth);
    await checkOut(held.payhere, order);
    expect((await held.payhere.pay(order.orderId, { notifyOrigin: pair.urls.first })).answer).toBe(200);
    const ticket = await fileTicket(pair.second, student.headers, notes.id);
    expect(ticket.statusCode, ticket.body).toBe(200);

    // The same notification again, to the other instance: a repeat.
    expect((await held.payhere.pay(order.orderId, { notifyOrigin: pair.urls.second })).answer).toBe(200);
    const payment = await pair.database.db.selectFrom('fee_payments').selectAll().where('order_id', '=', order.orderId).executeTakeFirstOrThrow();
    await held.smtp.waitFor(isReceiptMail(student.body.email, payment.receipt_no), 15_000);
    const job = () => pair.database.db.selectFrom('jobs').select('state').where('kind', '=', 'fees.mail').where('job_key', '=', `receipt:${payment.id}`).execute();
    await until('the receipt job done', async () => (await job()).every((row) => row.state === 'done'), 15_000, 50);
    expect(await job()).toEqual([{ state: 'done' }]);
    expect(held.smtp.mails.filter(isReceiptMail(student.body.email, payment.receipt_no))).toHaveLength(1);
  });

  it('each of 60 notifications sent to both instances at once pays its order once, with contiguous receipt numbers', async () => {
    const { classFolder } = await plannedClass();
    const classId = await classIdOf(pair.database.db, classFolder.id);
    const students = await insertAccounts(pair.database.db, Array.from({ length: 60 }, () => ({})));
    const orders = await checkedOutOrders(pair.database.db, held.payhere, { classId, className: classFolder.name, month: thisMonth }, students);
    const answers = await Promise.all(
      orders.flatMap((orderId) => [pair.urls.first, pair.urls.second].map(async (notifyOrigin) => (await held.payhere.pay(orderId, { notifyOrigin })).answer)),
    );
    expect(answers.filter((answer) => answer !== 200)).toEqual([]);
    const payments = await pair.database.db.selectFrom('fee_payments').select(['order_id', 'receipt_no']).where('class_id', '=', classId).orderBy('receipt_no').execute();
    expect(payments.map((payment) => payment.order_id).sort()).toEqual([...orders].sort());
    const numbers = payments.map((payment) => Number(payment.receipt_no));
    const first = numbers[0] ?? 0;
    expect(numbers).toEqual(Array.from({ length: 60 }, (_, index) => first + index));
  });
});
