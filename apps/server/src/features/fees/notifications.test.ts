import { describe, expect, it, vi } from 'vitest';
import { receiptNumberLabel, type NotificationItem, type NotificationKind, type NotificationListAnswer } from '@academy/contract';
import { adminHeaders, type Headers } from '../class-material/test-helpers';
import { recipientsOf } from '../notifications/test-helpers';
import { cashBody, isReceiptMail, paymentOk, payThroughStandIn, usePaymentsApp } from './payment-test-helpers';
import { classWithPlanFor, slipFields, uploadSlipOk } from './slip-test-helpers';
import { feeClock } from './test-helpers';

// Fees' events reach the bell through the notification centre, in the transaction of the change
// (docs/notifications.md 'The kinds'), while fees keep sending their own mails: the centre never
// mails these kinds, so each mail arrives once, and no student can switch a second one on.

const clock = feeClock('2026-11-20T06:00:00.000Z');
const t = usePaymentsApp({}, { feesClock: clock.now });

async function bell(headers: Headers): Promise<NotificationItem[]> {
  const response = await t.app.inject({ url: '/api/notifications', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationListAnswer>().data.items;
}

/** The caller's bell item of `kind` that `matches`, once the fan-out has put it there. */
async function bellItem(headers: Headers, kind: NotificationKind, matches: (item: NotificationItem) => boolean): Promise<NotificationItem> {
  let found: NotificationItem | undefined;
  await vi.waitFor(
    async () => {
      found = (await bell(headers)).find((item) => item.kind === kind && matches(item));
      expect(found, `no ${kind} in the bell`).toBeDefined();
    },
    { timeout: 10_000, interval: 50 },
  );
  if (!found) throw new Error(`no ${kind} in the bell`);
  return found;
}

/** The stored notification of a kind and subject, once it has been sent out to its recipients. */
async function sentNotification(kind: NotificationKind, subjectKey: string) {
  const row = () => t.database.db.selectFrom('notifications').selectAll().where('kind', '=', kind).where('subject_key', '=', subjectKey).executeTakeFirst();
  await vi.waitFor(async () => expect((await row())?.state).toBe('sent'), { timeout: 10_000, interval: 50 });
  return (await row()) ?? (undefined as never);
}

async function emailDeliveries(notificationId: string) {
  return t.database.db
    .selectFrom('notification_deliveries')
    .innerJoin('notification_recipients', 'notification_recipients.id', 'notification_deliveries.recipient_id')
    .select('notification_deliveries.id')
    .where('notification_recipients.notification_id', '=', notificationId)
    .where('notification_deliveries.channel', '=', 'email')
    .execute();
}

describe("fees' notifications", () => {
  it('a cash payment puts its receipt in the payer’s bell, and the payer gets one mail: the receipt', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const payment = await paymentOk(t.app, admin, cashBody(student.student._id, classFolder.id, ['2026-11']));

    const item = await bellItem(student.headers, 'payment.receipt', (candidate) => candidate.link === `/fees/receipts/${payment.id}`);
    expect(item.params).toMatchObject({ receiptNo: receiptNumberLabel(payment.receiptNo), month: 'November 2026' });
    expect(item.params.slip).toBeUndefined();

    const notification = await sentNotification('payment.receipt', `payment:${payment.id}`);
    expect(await recipientsOf(t.database.db, notification.id)).toEqual([student.student._id]);
    expect(await emailDeliveries(notification.id)).toEqual([]);
    const recipient = await t.database.db.selectFrom('notification_recipients').select('email_state').where('notification_id', '=', notification.id).executeTakeFirstOrThrow();
    expect(recipient.email_state).toBeNull();

    await t.smtp.waitFor(isReceiptMail(student.body.email, payment.receiptNo));
    // Besides the account's own notices (a new sign-in), the one mail is fees' receipt: no
    // notification mail (its button opens /#/n/…) follows it.
    const mine = t.smtp.mails.filter((mail) => mail.to.some((to) => to.toLowerCase() === student.body.email.toLowerCase()) && !mail.subject.includes('new sign-in'));
    expect(mine.map((mail) => mail.subject)).toEqual([expect.stringContaining(`receipt ${receiptNumberLabel(payment.receiptNo)}`)]);
    expect(mine.some((mail) => mail.text.includes('/#/n/'))).toBe(false);
  });

  it('an approved slip is one receipt that says so; a rejected one puts slip.rejected in the student’s bell', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const approved = await uploadSlipOk(t.app, student.headers, slipFields(classFolder.id, ['2026-11']));
    const approval = await t.app.inject({ method: 'POST', url: `/api/fees/slips/${approved.id}/approve`, headers: admin });
    expect(approval.statusCode, approval.body).toBe(200);
    const paymentId = approval.json<{ data: { payment: { id: string } } }>().data.payment.id;
    const receipt = await bellItem(student.headers, 'payment.receipt', (item) => item.link === `/fees/receipts/${paymentId}`);
    expect(receipt.params.slip).toBe('yes');

    const rejected = await uploadSlipOk(t.app, student.headers, slipFields(classFolder.id, ['2026-12']));
    const rejection = await t.app.inject({ method: 'POST', url: `/api/fees/slips/${rejected.id}/reject`, headers: admin, payload: { reason: 'The slip is for another account.' } });
    expect(rejection.statusCode, rejection.body).toBe(200);
    const item = await bellItem(student.headers, 'slip.rejected', (candidate) => candidate.params.month === 'December 2026');
    expect(item.link).toBe('/fees');
    // The reason is for the fees screen after sign-in, never in the notification's words.
    expect(JSON.stringify(item.params)).not.toContain('another account');
    const notification = await sentNotification('slip.rejected', `slip:${rejected.id}`);
    expect(await emailDeliveries(notification.id)).toEqual([]);
  });

  it("an admin's Remind puts fee.due, naming the due day, in each reminded student's bell", async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const reminded = await t.app.inject({ method: 'POST', url: '/api/fees/remind', headers: admin, payload: { folderId: classFolder.id, month: '2026-11' } });
    expect(reminded.statusCode, reminded.body).toBe(200);
    expect(reminded.json<{ data: { sent: number } }>().data.sent).toBe(1);
    const item = await bellItem(student.headers, 'fee.due', (candidate) => candidate.params.month === 'November 2026' && candidate.params.className === classFolder.name);
    expect(item.link).toBe('/fees');
    expect(item.params.dueOn).toMatch(/^\d{1,2} November$/);
  });

  it("a chargeback through PayHere puts payment.reversed in every active admin's bell", async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const { order } = await payThroughStandIn(t, student.headers, classFolder.id, '2026-12');
    expect((await t.payhere.chargeback(order.orderId)).answer).toBe(200);
    const payment = await t.database.db.selectFrom('fee_payments').select(['id', 'receipt_no']).where('order_id', '=', order.orderId).executeTakeFirstOrThrow();

    const item = await bellItem(admin, 'payment.reversed', (candidate) => candidate.params.receiptNo === receiptNumberLabel(Number(payment.receipt_no)));
    expect(item.link).toBe('/fees?tab=alerts');
    const notification = await sentNotification('payment.reversed', `chargeback:${payment.id}`);
    const admins = await t.database.db
      .selectFrom('accounts')
      .select('id')
      .where('account_type', '=', 'admin')
      .where('account_state', '=', 'active')
      .where('deleted_at', 'is', null)
      .execute();
    expect(await recipientsOf(t.database.db, notification.id)).toEqual(admins.map((row) => row.id).sort());
    expect(await emailDeliveries(notification.id)).toEqual([]);
  });

  it("refuses to switch on e-mail for a kind fees mail themselves, naming the field, and offers no such switch", async () => {
    const admin = await adminHeaders(t.app);
    const { student } = await classWithPlanFor(t.app, admin);
    for (const [headers, kind] of [
      [student.headers, 'payment.receipt'],
      [student.headers, 'fee.due'],
      [student.headers, 'slip.rejected'],
      [admin, 'payment.reversed'],
    ] as const) {
      const refused = await t.app.inject({ method: 'PUT', url: '/api/notifications/preferences', headers, payload: { kinds: [{ kind, email: true }] } });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ errors: [{ field: 'kinds.0.email', message: 'kinds.0.email is not offered for this kind' }] });
      const answer = await t.app.inject({ url: '/api/notifications/preferences', headers });
      const row = answer.json<{ data: { kinds: Array<{ kind: string; email: boolean | null }> } }>().data.kinds.find((entry) => entry.kind === kind);
      expect(row?.email, kind).toBeNull();
    }
  });
});
