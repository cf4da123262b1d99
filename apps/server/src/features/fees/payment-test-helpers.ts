// Shared by the payments, orders, notification, receipts and refunds tests: the real app with
// PayHere set to the local stand-in (test/fake-payhere.ts) and its mail going to a real SMTP
// receiver, listening on loopback so the stand-in's notifications arrive over HTTP as PayHere's
// do; and the calls a test makes to pay.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Order, Payment, PaymentBody } from '@academy/contract';
import { standInCheckoutHash, startFakePayHere, type FakePayHere, type PayOptions, type SentNotification } from '../../../test/fake-payhere';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../../../test/smtp-receiver';
import { startTestApp, type TestApp } from '../../../test/test-app';
import type { Db } from '../../db/database';
import type { Headers } from '../class-material/test-helpers';
import { newOrderId } from './order-service';

export const STAND_IN_MERCHANT = { merchantId: '1211149', merchantSecret: 'MTIzNDU2Nzg5MDEyMzQ1Njc4OTAxMjM0NTY3ODkw' } as const;
/** The portal's address as PayHere knows it; the stand-in forwards it to the app's real port, as a tunnel would. */
export const TEST_PUBLIC_URL = 'https://portal.example.lk';

export type PaymentsTestApp = TestApp & { payhere: FakePayHere; smtp: SmtpReceiver; url: string };

/** The settings that point an app at the stand-in and the SMTP receiver. */
export function paymentsEnv(payhere: FakePayHere, smtp: SmtpReceiver): Record<string, string> {
  return {
    PAYHERE_MERCHANT_ID: STAND_IN_MERCHANT.merchantId,
    PAYHERE_MERCHANT_SECRET: STAND_IN_MERCHANT.merchantSecret,
    PAYHERE_CHECKOUT_URL: payhere.checkoutUrl,
    PUBLIC_URL: TEST_PUBLIC_URL,
    SMTP_URL: smtp.url,
  };
}

/** beforeAll/afterAll wiring, as useTestApp, with PayHere, SMTP and a listening app. */
export function usePaymentsApp(env: Record<string, string> = {}, options: { feesClock?: () => number } = {}): PaymentsTestApp {
  const holder = {} as PaymentsTestApp;
  beforeAll(async () => {
    const [payhere, smtp] = await Promise.all([startFakePayHere(STAND_IN_MERCHANT), startSmtpReceiver()]);
    const started = await startTestApp({ ...paymentsEnv(payhere, smtp), ...env }, options);
    const url = await started.app.listen({ port: 0, host: '127.0.0.1' });
    payhere.settings.notifyOrigin = url;
    Object.assign(holder, started, { payhere, smtp, url });
  });
  afterAll(async () => {
    await holder.payhere?.close();
    await holder.app?.close();
    await holder.database?.drop();
    await holder.smtp?.close();
  });
  return holder;
}

export function postOrder(app: FastifyInstance, headers: Headers, folderId: string, month: string, extra: object = {}) {
  return app.inject({ method: 'POST', url: '/api/fees/orders', headers, payload: { folderId, month, ...extra } });
}

/** A student's order that must be made: its answer. */
export async function orderOk(app: FastifyInstance, headers: Headers, folderId: string, month: string): Promise<Order> {
  const response = await postOrder(app, headers, folderId, month);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Order }>().data;
}

/** The student's browser posts the checkout form to PayHere (the stand-in), which must take it. */
export async function checkOut(payhere: FakePayHere, order: Order): Promise<void> {
  const { status, page } = await payhere.checkout(order.checkout.fields);
  expect(status, page).toBe(200);
}

/** Orders a month, checks out at the stand-in, and has it notify (a `2` unless told): the notification and its answer. */
export async function payThroughStandIn(t: PaymentsTestApp, headers: Headers, folderId: string, month: string, options: PayOptions = {}): Promise<{ order: Order; sent: SentNotification }> {
  const order = await orderOk(t.app, headers, folderId, month);
  await checkOut(t.payhere, order);
  return { order, sent: await t.payhere.pay(order.orderId, options) };
}

/** An admin's payment body: cash for the months, a fresh request id, received today unless told. */
export function cashBody(studentId: string, folderId: string, months: string[], extra: Partial<PaymentBody> = {}): PaymentBody {
  return { requestId: crypto.randomUUID(), studentId, folderId, months, method: 'cash', receivedOn: '2026-11-20', ...extra };
}

export function postPayment(app: FastifyInstance, admin: Headers, body: PaymentBody) {
  return app.inject({ method: 'POST', url: '/api/fees/payments', headers: admin, payload: body });
}

/** An admin's payment that must be recorded: its answer. */
export async function paymentOk(app: FastifyInstance, admin: Headers, body: PaymentBody): Promise<Payment> {
  const response = await postPayment(app, admin, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Payment }>().data;
}

/** Whether a mail is the receipt mail of `receiptNo` to `email`. */
export const isReceiptMail = (email: string, receiptNo: number) => (mail: ReceivedMail) =>
  mail.to.some((to) => to.toLowerCase() === email.toLowerCase()) && mail.subject.includes(`receipt ${String(receiptNo).padStart(6, '0')}`);

/** Orders written straight into the table and checked out at the stand-in: the notification is what is timed, not the ordering. */
export async function checkedOutOrders(
  db: Db,
  payhere: FakePayHere,
  target: { classId: string; className: string; month: string },
  accountIds: string[],
): Promise<string[]> {
  const { classId, className, month } = target;
  const at = new Date().toISOString();
  const ids = accountIds.map(() => newOrderId());
  await db
    .insertInto('fee_orders')
    .values(
      accountIds.map((accountId, index) => ({
        id: ids[index] ?? '',
        account_id: accountId,
        class_id: classId,
        class_name: className,
        month,
        amount_cents: 250_000,
        currency: 'LKR',
        state: 'created',
        payhere_payment_id: null,
        payment_id: null,
        last_status_code: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  for (const orderId of ids) {
    const fields = {
      merchant_id: STAND_IN_MERCHANT.merchantId,
      return_url: `${TEST_PUBLIC_URL}/api/fees/payhere/return/${orderId}`,
      cancel_url: `${TEST_PUBLIC_URL}/api/fees/payhere/cancel/${orderId}`,
      notify_url: `${TEST_PUBLIC_URL}/api/fees/payhere/notify`,
      first_name: 'Audience',
      last_name: 'Student',
      email: 'audience@example.lk',
      phone: '0771234567',
      address: 'Colombo',
      city: 'Colombo',
      country: 'Sri Lanka',
      order_id: orderId,
      items: `${className} · ${month}`,
      currency: 'LKR',
      amount: '2500.00',
      hash: standInCheckoutHash(STAND_IN_MERCHANT.merchantId, orderId, '2500.00', 'LKR', STAND_IN_MERCHANT.merchantSecret),
    };
    expect((await payhere.checkout(fields)).status).toBe(200);
  }
  return ids;
}
