import { createHash, timingSafeEqual } from 'node:crypto';
import { amountToCents, centsToAmount } from './money';

// PayHere Checkout's side of the protocol (docs/fees.md 'The protocol'), pure: the form's
// fields and `hash`, the notification's `md5sig`, and what a verified notification does to an
// order. The formulas are PayHere's own (its WooCommerce plugin's generate_frontend_hash and
// verify_hash). MD5 is PayHere's choice, not ours: the secret only ever enters as MD5 of it inside
// another MD5, and nothing here rests on collision resistance, since the order's amount is compared
// as well. No PayHere SDK.

/** What PayHere's side needs of the settings; the secret itself stays in config, only its digest comes here. */
export interface PayHereAccount {
  merchantId: string;
  /** UPPER(MD5(merchant secret)), computed once at start by `secretDigest`. */
  secretDigest: string;
  /** Where the browser posts the checkout form. */
  checkoutUrl: string;
}

/** PayHere's `status_code`s: success, pending, canceled, failed, charged back. */
export const PAYHERE_STATUS = { success: 2, pending: 0, canceled: -1, failed: -2, chargedBack: -3 } as const;
export type PayHereStatus = (typeof PAYHERE_STATUS)[keyof typeof PAYHERE_STATUS];

/** An order's states (fees.md 'End to end' and 'The notification'). */
export type PayHereOrderState = 'created' | 'superseded' | 'pending' | 'paid' | 'canceled' | 'failed' | 'charged-back';

/** `items` is cut to this many characters (fees-build-plan.md 'Risks': PayHere's limit is not documented). */
const ITEMS_MAX_CHARS = 100;

function upperMd5(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();
}

/**
 * UPPER(MD5(secret)), the only form in which the secret enters a hash. Throws, naming the reason,
 * on a Node built FIPS-only (no MD5), so the server refuses to start rather than fail a payment.
 */
export function secretDigest(merchantSecret: string): string {
  try {
    return upperMd5(merchantSecret);
  } catch (error) {
    throw new Error(`PayHere needs MD5 (its hash and notification signature), which this Node refuses: ${(error as Error).message}`, { cause: error });
  }
}

/** The checkout form's `hash`: UPPER(MD5(merchant_id + order_id + amount + currency + UPPER(MD5(secret)))). */
export function checkoutHash(input: { merchantId: string; orderId: string; amount: string; currency: string; secretDigest: string }): string {
  return upperMd5(input.merchantId + input.orderId + input.amount + input.currency + input.secretDigest);
}

/**
 * A notification's `md5sig`: UPPER(MD5(merchant_id + order_id + payhere_amount + payhere_currency +
 * status_code + UPPER(MD5(secret)))), the amount as PayHere's plugin takes it: without commas, two
 * decimals. Null when the amount is not one.
 */
export function notifySignature(input: {
  merchantId: string;
  orderId: string;
  payhereAmount: string;
  payhereCurrency: string;
  statusCode: string;
  secretDigest: string;
}): string | null {
  const cents = amountToCents(input.payhereAmount);
  if (cents === null) return null;
  return upperMd5(input.merchantId + input.orderId + centsToAmount(cents) + input.payhereCurrency + input.statusCode + input.secretDigest);
}

/** The fields of a notification the signature covers, as they arrived. */
export interface SignedNotification {
  merchant_id: string;
  order_id: string;
  payhere_amount: string;
  payhere_currency: string;
  status_code: string;
  md5sig: string;
}

/** Whether `md5sig` is the one our secret gives: compared in constant time, upper or lower case alike. */
export function verifyNotification(fields: SignedNotification, digest: string): boolean {
  const expected = notifySignature({
    merchantId: fields.merchant_id,
    orderId: fields.order_id,
    payhereAmount: fields.payhere_amount,
    payhereCurrency: fields.payhere_currency,
    statusCode: fields.status_code,
    secretDigest: digest,
  });
  if (expected === null) return false;
  const given = Buffer.from(fields.md5sig.toUpperCase(), 'utf8');
  const wanted = Buffer.from(expected, 'utf8');
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The order a checkout is for, its amount fixed by the server when the order was made. */
export interface CheckoutOrder {
  orderId: string;
  amountCents: number;
  currency: string;
  /** "Combined History 2026 · November 2026". */
  items: string;
}

/** The student paying, as PayHere's form asks for them. */
export interface CheckoutPayer {
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
}

/** First name word, and the rest (the first word again for a one-word name) (fees.md 'End to end'). */
export function splitName(name: string): { first: string; last: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first, last: rest.length > 0 ? rest.join(' ') : first };
}

/** The portal's addresses PayHere sends the browser and its notification to. */
export function payhereUrls(publicUrl: string, orderId: string): { return_url: string; cancel_url: string; notify_url: string } {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    return_url: `${base}/api/fees/payhere/return/${orderId}`,
    cancel_url: `${base}/api/fees/payhere/cancel/${orderId}`,
    notify_url: `${base}/api/fees/payhere/notify`,
  };
}

/** Every field the checkout form posts, `hash` included, in PayHere's order. */
export function checkoutFields(order: CheckoutOrder, payer: CheckoutPayer, account: PayHereAccount, publicUrl: string): Record<string, string> {
  const amount = centsToAmount(order.amountCents);
  const { first, last } = splitName(payer.name);
  return {
    merchant_id: account.merchantId,
    ...payhereUrls(publicUrl, order.orderId),
    first_name: first,
    last_name: last,
    email: payer.email,
    phone: payer.phone,
    address: payer.address,
    city: payer.city,
    country: 'Sri Lanka',
    order_id: order.orderId,
    items: Array.from(order.items).slice(0, ITEMS_MAX_CHARS).join(''),
    currency: order.currency,
    amount,
    hash: checkoutHash({ merchantId: account.merchantId, orderId: order.orderId, amount, currency: order.currency, secretDigest: account.secretDigest }),
  };
}

/** What a verified notification does to its order (fees.md 'The notification', the status table). */
export type NotifyEffect = 'record-payment' | 'mark-pending' | 'mark-canceled' | 'mark-failed' | 'charge-back' | 'nothing';

const UNPAID: readonly PayHereOrderState[] = ['created', 'superseded', 'pending', 'canceled', 'failed'];

/**
 * The status table as a function. A `2` for a `paid` order is a repeat when its payment id is the
 * order's, which the caller tells by that id; a late or reordered 0, -1 or -2 never undoes a
 * payment, and a chargeback is final.
 */
export function notificationEffect(state: PayHereOrderState, status: PayHereStatus): NotifyEffect {
  switch (status) {
    case PAYHERE_STATUS.success:
      return UNPAID.includes(state) ? 'record-payment' : 'nothing';
    case PAYHERE_STATUS.pending:
      return state === 'created' || state === 'superseded' ? 'mark-pending' : 'nothing';
    case PAYHERE_STATUS.canceled:
      return state === 'created' || state === 'superseded' || state === 'pending' ? 'mark-canceled' : 'nothing';
    case PAYHERE_STATUS.failed:
      return state === 'created' || state === 'superseded' || state === 'pending' ? 'mark-failed' : 'nothing';
    case PAYHERE_STATUS.chargedBack:
      return state === 'charged-back' ? 'nothing' : 'charge-back';
  }
}

/** A `status_code` as it arrived, as one of PayHere's, or null. */
export function parseStatus(statusCode: string): PayHereStatus | null {
  const known = Object.values(PAYHERE_STATUS) as number[];
  if (!/^-?\d$/.test(statusCode)) return null;
  const value = Number(statusCode);
  return known.includes(value) ? (value as PayHereStatus) : null;
}
