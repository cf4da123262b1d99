// One valid call of every payments, orders and PayHere route of class fees, as route-examples.ts
// asks of every API route. Each call that pays or orders a month does so in a fresh class with a
// plan, granted to the first student, so nothing is ever "already paid" for the next caller.
import { randomInt } from 'node:crypto';
import type { Order, Payment } from '@academy/contract';
import { createClass, giveAccess } from '../../src/features/class-material/test-helpers';
import { standInSignature } from '../fake-payhere';
import type { RouteExample } from './route-examples';
import type { World } from './world';

/**
 * PayHere as the security suites' app is set up: sandbox, a merchant of its own, checkout nowhere
 * it posts; and no fee mail worker, whose runs would change the jobs table while a refused call is
 * fingerprinted (as the notifications' is off there too).
 */
export const SECURITY_PAYHERE = { merchantId: '1211149', merchantSecret: 'security-suite-merchant-secret-7d41' } as const;
export const SECURITY_PAYHERE_ENV: Record<string, string> = {
  PAYHERE_MERCHANT_ID: SECURITY_PAYHERE.merchantId,
  PAYHERE_MERCHANT_SECRET: SECURITY_PAYHERE.merchantSecret,
  PUBLIC_URL: 'http://127.0.0.1:9',
  FEES_JOB_CONCURRENCY: '0',
};

const id = encodeURIComponent;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A new class with a plan of November and December 2026, granted to the first student only. */
export async function paidForClass(world: World): Promise<{ id: string; name: string }> {
  const classFolder = await createClass(world.app, world.admin.headers);
  const plan = { monthlyFee: 2500, months: ['2026-11', '2026-12'], dueDay: 10, graceDays: 5 };
  const response = await world.app.inject({ method: 'PUT', url: `/api/fees/classes/${id(classFolder.id)}`, headers: world.admin.headers, payload: plan });
  if (response.statusCode !== 200) throw new Error(`the example's plan was refused: ${response.body}`);
  await giveAccess(world.app, world.admin.headers, world.student.email, classFolder.name);
  return classFolder;
}

/** The first student's order for November of a new class. */
async function studentOrder(world: World): Promise<Order> {
  const classFolder = await paidForClass(world);
  const response = await world.app.inject({ method: 'POST', url: '/api/fees/orders', headers: world.student.headers, payload: { folderId: classFolder.id, month: '2026-11' } });
  if (response.statusCode !== 200) throw new Error(`the example's order was refused: ${response.body}`);
  return response.json<{ data: Order }>().data;
}

/** An admin's cash payment body for the first student's November of a new class. */
async function cashPayment(world: World) {
  const classFolder = await paidForClass(world);
  return { requestId: crypto.randomUUID(), studentId: world.student.id, folderId: classFolder.id, months: ['2026-11'], method: 'cash', receivedOn: '2026-11-02' };
}

/** The first student's cash payment of November of a new class. */
async function studentPayment(world: World): Promise<Payment> {
  const response = await world.app.inject({ method: 'POST', url: '/api/fees/payments', headers: world.admin.headers, payload: await cashPayment(world) });
  if (response.statusCode !== 200) throw new Error(`the example's payment was refused: ${response.body}`);
  return response.json<{ data: Payment }>().data;
}

/** PayHere's signed success for an order, form-encoded, with the card fields it sends. */
function notification(order: Order): string {
  const fields = {
    merchant_id: SECURITY_PAYHERE.merchantId,
    order_id: order.orderId,
    payment_id: String(320_025_000_000 + randomInt(999_999)),
    payhere_amount: order.checkout.fields.amount ?? '',
    payhere_currency: 'LKR',
    status_code: '2',
    md5sig: standInSignature(SECURITY_PAYHERE.merchantId, order.orderId, order.checkout.fields.amount ?? '', 'LKR', '2', SECURITY_PAYHERE.merchantSecret),
    status_message: 'Successfully completed the payment.',
    method: 'VISA',
    card_holder_name: 'Matrix Cardholder',
    card_no: '411111******1111',
    card_expiry: '12/29',
  };
  return new URLSearchParams(fields).toString();
}

/** What `make` gives for this world, made once: one order and one payment serve every call that only reads them. */
export function once<T>(make: (world: World) => Promise<T>): (world: World) => Promise<T> {
  const made = new WeakMap<World, Promise<T>>();
  return (world) => {
    const value = made.get(world) ?? make(world);
    made.set(world, value);
    return value;
  };
}
const readOrder = once(studentOrder);
const readPayment = once(studentPayment);

export const PAYMENT_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'POST /api/fees/orders': {
    access: 'signed-in',
    build: async ({ world }) => ({ url: '/api/fees/orders', payload: { folderId: (await paidForClass(world)).id, month: '2026-11' } }),
    narrower: [
      { actors: ['admin'], status: 403, because: 'only students pay fees' },
      { actors: ['otherStudent'], status: 404, because: 'the class is granted to the first student only' },
    ],
  },
  'GET /api/fees/orders/:orderId': { access: 'owner', build: async ({ world }) => ({ url: `/api/fees/orders/${(await readOrder(world)).orderId}` }) },
  'POST /api/fees/payhere/notify': {
    access: 'public',
    build: async ({ world }) => ({ url: '/api/fees/payhere/notify', payload: notification(await studentOrder(world)), headers: FORM }),
    refusalWrites: [],
  },
  'GET /api/fees/payhere/return/:orderId': { access: 'public', status: 303, build: async ({ world }) => ({ url: `/api/fees/payhere/return/${(await readOrder(world)).orderId}` }) },
  'GET /api/fees/payhere/cancel/:orderId': { access: 'public', status: 303, build: async ({ world }) => ({ url: `/api/fees/payhere/cancel/${(await readOrder(world)).orderId}` }) },
  'POST /api/fees/payments': { access: 'admin', build: async ({ world }) => ({ url: '/api/fees/payments', payload: await cashPayment(world) }) },
  'GET /api/fees/payments': { access: 'admin', build: () => ({ url: '/api/fees/payments?method=cash&pageSize=5' }) },
  'POST /api/fees/payments/:paymentId/refund': {
    access: 'admin',
    build: async ({ world }) => ({ url: `/api/fees/payments/${(await studentPayment(world)).id}/refund`, payload: { months: ['2026-11'], way: 'cash', reason: 'Left the class' } }),
  },
  'GET /api/fees/receipts/:paymentId': { access: 'owner', build: async ({ world }) => ({ url: `/api/fees/receipts/${(await readPayment(world)).id}` }) },
};
