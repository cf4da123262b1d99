import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text as readText } from 'node:stream/consumers';
import { until } from './until';

// A local PayHere Checkout (docs/design/fees-build-plan.md section 4), as fake-google-drive.ts is a
// local Drive: a second, independent implementation of PayHere's side that imports no portal code
// and has its own MD5 formulas, so a mistake in the portal's payhere.ts shows as a disagreement.
//
// POST /pay/checkout takes the browser's form as PayHere does: every required field, the merchant,
// and the `hash`; a bad one is a 400 page naming what is wrong. A good one shows a page (its own
// origin, no script) with Pay, Pay (pending), Fail and Cancel, each a form posting to
// /pay/complete, which sends PayHere's signed, form-encoded notification to the checkout's
// `notify_url` and then sends the browser to `return_url` (or `cancel_url`). Tests drive it
// programmatically too: pay with another amount, secret or merchant, replay, chargeback, raw sends.

/** Card values the notifications carry, which no log line of the portal may contain. */
export const STAND_IN_CARD = { holder: 'Zeta Standin Cardholder', number: '491642******7791', expiry: '11/29' } as const;

const REQUIRED_FIELDS = [
  'merchant_id',
  'return_url',
  'cancel_url',
  'notify_url',
  'first_name',
  'last_name',
  'email',
  'phone',
  'address',
  'city',
  'country',
  'order_id',
  'items',
  'currency',
  'amount',
  'hash',
] as const;

/** A checkout PayHere took: the form's fields as posted, and the payment id it gives the order. */
export interface FakeCheckout {
  fields: Record<string, string>;
  paymentId: string;
}

/** A notification the stand-in sent, and what the portal answered (null: no answer at all). */
export interface SentNotification {
  orderId: string;
  statusCode: string;
  fields: Record<string, string>;
  url: string;
  answer: number | null;
}

export interface PayOptions {
  /** PayHere's status code: 2 (default), 0, -1, -2, -3. */
  status?: 2 | 0 | -1 | -2 | -3;
  /** `payhere_amount` as sent; the checkout's amount by default. */
  amount?: string;
  currency?: string;
  /** Another merchant's id, signed with `secret` (ours by default). */
  merchantId?: string;
  /** Sign with another secret: a forgery. */
  secret?: string;
  /** Another `payment_id` than the checkout's. */
  paymentId?: string;
  /** Send this one to this origin (with the `notify_url`'s path): one of several instances, say. */
  notifyOrigin?: string;
}

export interface FakePayHereOptions {
  merchantId: string;
  merchantSecret: string;
  /** Listen on this port (0 or unset: any free one). */
  port?: number;
  /** Send a completed checkout's notification this long after the browser is redirected, not before. */
  notifyDelayMs?: number;
  /** Send a notification again, up to this many more times, while it gets no 200. */
  resendUntil200?: number;
  /**
   * Send notifications to this origin (with the `notify_url`'s path), as a tunnel forwards PayHere
   * to a laptop: for a portal whose PUBLIC_URL is not where it listens.
   */
  notifyOrigin?: string;
}

export interface FakePayHere {
  /** The stand-in's origin, `http://127.0.0.1:<port>`. */
  url: string;
  /** What PAYHERE_CHECKOUT_URL is set to. */
  checkoutUrl: string;
  merchantId: string;
  merchantSecret: string;
  /** The checkouts taken, by order id. */
  checkouts: Map<string, FakeCheckout>;
  /** Every notification sent, in order. */
  sent: SentNotification[];
  /** Settings a test may change while running. */
  settings: { notifyDelayMs: number; resendUntil200: number; notifyOrigin: string | undefined };
  /** Posts a checkout form to /pay/checkout, as a browser would: its status and page. */
  checkout: (fields: Record<string, string>) => Promise<{ status: number; page: string }>;
  /** Sends a checkout's notification (status 2 unless told), signed unless `secret` forges it. */
  pay: (orderId: string, options?: PayOptions) => Promise<SentNotification>;
  /** Sends the order's last notification again, `times` times one after another. */
  replay: (orderId: string, times: number) => Promise<SentNotification[]>;
  /** Sends a -3 for the order, with its payment id and amount. */
  chargeback: (orderId: string) => Promise<SentNotification>;
  /** Sends exactly these fields to `url` (the notify address of the order's checkout by default). */
  notify: (fields: Record<string, string>, url?: string) => Promise<SentNotification>;
  /** Resolves with the first sent notification `match` accepts (delayed sends). */
  waitForSent: (match: (sent: SentNotification) => boolean, timeoutMs?: number) => Promise<SentNotification>;
  close: () => Promise<void>;
}

function md5Upper(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();
}

/** PayHere's checkout hash, written here from PayHere's page, not from the portal. */
export function standInCheckoutHash(merchantId: string, orderId: string, amount: string, currency: string, secret: string): string {
  return md5Upper(`${merchantId}${orderId}${amount}${currency}${md5Upper(secret)}`);
}

/** PayHere's notification signature, the amount without commas and with two decimals. */
export function standInSignature(merchantId: string, orderId: string, amount: string, currency: string, statusCode: string, secret: string): string {
  const plain = amount.replaceAll(',', '');
  const [whole = '0', fraction = ''] = plain.split('.');
  return md5Upper(`${merchantId}${orderId}${whole}.${fraction.padEnd(2, '0').slice(0, 2)}${currency}${statusCode}${md5Upper(secret)}`);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(response: ServerResponse, status: number, title: string, body: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; form-action *" });
  response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`);
}

function checkoutPage(checkout: FakeCheckout): string {
  const { fields } = checkout;
  const button = (action: string, label: string) =>
    `<form method="post" action="/pay/complete"><input type="hidden" name="order_id" value="${escapeHtml(fields.order_id ?? '')}"><input type="hidden" name="action" value="${action}"><button type="submit">${label}</button></form>`;
  return [
    `<p>${escapeHtml(fields.items ?? '')}</p>`,
    `<p>${escapeHtml(fields.currency ?? '')} ${escapeHtml(fields.amount ?? '')}</p>`,
    button('pay', 'Pay'),
    button('pending', 'Pay (pending)'),
    button('fail', 'Fail'),
    button('cancel', 'Cancel'),
  ].join('');
}

/** Every form field given once, or a problem: PayHere would not know which of two values to take. */
function singleFields(raw: string): Record<string, string> | string {
  const form = new URLSearchParams(raw);
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (name in fields) return `${name} is given twice`;
    fields[name] = value;
  }
  return fields;
}

export async function startFakePayHere(options: FakePayHereOptions): Promise<FakePayHere> {
  const { merchantId, merchantSecret } = options;
  const checkouts = new Map<string, FakeCheckout>();
  const sent: SentNotification[] = [];
  const lastFields = new Map<string, Record<string, string>>();
  const settings = { notifyDelayMs: options.notifyDelayMs ?? 0, resendUntil200: options.resendUntil200 ?? 0, notifyOrigin: options.notifyOrigin };
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();
  let payments = 0;
  let closed = false;

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  };

  /** What is wrong with a checkout form, as PayHere would refuse it, or null. */
  const checkoutProblem = (fields: Record<string, string>): string | null => {
    const missing = REQUIRED_FIELDS.filter((name) => !fields[name]?.trim());
    if (missing.length > 0) return `Missing: ${missing.join(', ')}`;
    if (fields.merchant_id !== merchantId) return 'Unknown merchant';
    if (fields.currency !== 'LKR' && fields.currency !== 'USD') return 'Unsupported currency';
    if (!/^\d+\.\d{2}$/.test(fields.amount ?? '')) return 'The amount must have two decimals';
    for (const name of ['return_url', 'cancel_url', 'notify_url']) {
      if (!URL.canParse(fields[name] ?? '')) return `${name} is not an address`;
    }
    const expected = standInCheckoutHash(merchantId, fields.order_id ?? '', fields.amount ?? '', fields.currency ?? '', merchantSecret);
    if ((fields.hash ?? '').toUpperCase() !== expected) return 'Unauthorized payment request: the hash does not match';
    return null;
  };

  const targetOf = (notifyUrl: string, origin = settings.notifyOrigin): string => {
    if (!origin) return notifyUrl;
    const parsed = new URL(notifyUrl);
    return new URL(`${parsed.pathname}${parsed.search}`, origin).toString();
  };

  /** One POST of a form-encoded notification; the status, or null when nothing answered. */
  const post = async (url: string, fields: Record<string, string>, origin?: string): Promise<number | null> => {
    try {
      const response = await fetch(targetOf(url, origin), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return null;
    }
  };

  const send = (fields: Record<string, string>, url: string, origin?: string): Promise<SentNotification> =>
    track(
      (async () => {
        const orderId = fields.order_id ?? '';
        lastFields.set(orderId, fields);
        let answer = await post(url, fields, origin);
        for (let tries = 0; answer !== 200 && tries < settings.resendUntil200 && !closed; tries += 1) answer = await post(url, fields, origin);
        const entry: SentNotification = { orderId, statusCode: fields.status_code ?? '', fields, url, answer };
        sent.push(entry);
        return entry;
      })(),
    );

  const checkoutOf = (orderId: string): FakeCheckout => {
    const checkout = checkouts.get(orderId);
    if (!checkout) throw new Error(`The stand-in took no checkout for order ${orderId}`);
    return checkout;
  };

  const notificationFor = (orderId: string, pay: PayOptions): { fields: Record<string, string>; url: string } => {
    const checkout = checkoutOf(orderId);
    const status = String(pay.status ?? 2);
    const merchant = pay.merchantId ?? merchantId;
    const amount = pay.amount ?? checkout.fields.amount ?? '';
    const currency = pay.currency ?? checkout.fields.currency ?? 'LKR';
    const paid = status === '2' || status === '-3';
    const fields: Record<string, string> = {
      merchant_id: merchant,
      order_id: orderId,
      payment_id: pay.paymentId ?? checkout.paymentId,
      payhere_amount: amount,
      payhere_currency: currency,
      status_code: status,
      md5sig: standInSignature(merchant, orderId, amount, currency, status, pay.secret ?? merchantSecret),
      status_message: { '2': 'Successfully completed the payment.', '0': 'Payment pending', '-1': 'Canceled', '-2': 'Payment failed', '-3': 'Payment charged back' }[status] ?? 'Unknown',
      method: 'TEST',
      captured_amount: paid ? amount : '0.00',
      card_holder_name: STAND_IN_CARD.holder,
      card_no: STAND_IN_CARD.number,
      card_expiry: STAND_IN_CARD.expiry,
      custom_1: '',
      custom_2: '',
      recurring: '0',
    };
    return { fields, url: checkout.fields.notify_url ?? '' };
  };

  const pay = (orderId: string, payOptions: PayOptions = {}): Promise<SentNotification> => {
    const { fields, url } = notificationFor(orderId, payOptions);
    return send(fields, url, payOptions.notifyOrigin);
  };

  /** The browser's button on the checkout page: notify (now or after the redirect), then redirect. */
  const complete = async (response: ServerResponse, fields: Record<string, string>): Promise<void> => {
    const orderId = fields.order_id ?? '';
    const checkout = checkouts.get(orderId);
    if (!checkout) return page(response, 404, 'Unknown payment', '<p>This payment is not known.</p>');
    const status = ({ pay: 2, pending: 0, fail: -2 } as const)[fields.action as 'pay' | 'pending' | 'fail'];
    const target = status === undefined ? checkout.fields.cancel_url : checkout.fields.return_url;
    if (status !== undefined) {
      if (settings.notifyDelayMs > 0) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          void pay(orderId, { status });
        }, settings.notifyDelayMs);
        timers.add(timer);
      } else {
        await pay(orderId, { status });
      }
    }
    response.writeHead(302, { location: target ?? '/' });
    response.end();
  };

  /**
   * The control calls of a stand-in running as a process of its own (the browser suite's): what it
   * sent, and its settings changed. JSON, on its own origin, never reached by the portal.
   */
  const control = (response: ServerResponse, path: string, raw: string): void => {
    if (path === 'POST /stand-in/settings') Object.assign(settings, JSON.parse(raw || '{}') as Partial<typeof settings>);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(path === 'GET /stand-in/sent' ? sent : settings));
  };

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const path = `${request.method} ${new URL(request.url ?? '/', 'http://localhost').pathname}`;
      const raw = await readText(request);
      if (path === 'GET /') return page(response, 200, 'PayHere (local stand-in)', '');
      if (path.endsWith(' /stand-in/sent') || path.endsWith(' /stand-in/settings')) return control(response, path, raw);
      if (path !== 'POST /pay/checkout' && path !== 'POST /pay/complete') return page(response, 404, 'Not found', '');
      if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return page(response, 415, 'A form is expected', '');
      const fields = singleFields(raw);
      if (typeof fields === 'string') return page(response, 400, 'Bad request', `<p>${escapeHtml(fields)}</p>`);
      if (path === 'POST /pay/complete') return complete(response, fields);
      const problem = checkoutProblem(fields);
      if (problem) return page(response, 400, 'Unauthorized payment request', `<p>${escapeHtml(problem)}</p>`);
      const orderId = fields.order_id ?? '';
      const known = checkouts.get(orderId);
      payments += known ? 0 : 1;
      const checkout = { fields, paymentId: known?.paymentId ?? String(320_025_070_000 + payments) };
      checkouts.set(orderId, checkout);
      page(response, 200, 'PayHere (local stand-in)', checkoutPage(checkout));
    })().catch((error: unknown) => page(response, 500, 'Error', `<p>${escapeHtml(String(error))}</p>`));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    checkoutUrl: `${url}/pay/checkout`,
    merchantId,
    merchantSecret,
    checkouts,
    sent,
    settings,
    checkout: async (fields) => {
      const response = await fetch(`${url}/pay/checkout`, { method: 'POST', body: new URLSearchParams(fields) });
      return { status: response.status, page: await response.text() };
    },
    pay,
    replay: async (orderId, times) => {
      const fields = lastFields.get(orderId);
      if (!fields) throw new Error(`The stand-in sent nothing for order ${orderId}`);
      const url = checkoutOf(orderId).fields.notify_url ?? '';
      const answers: SentNotification[] = [];
      for (let i = 0; i < times; i += 1) answers.push(await send(fields, url));
      return answers;
    },
    chargeback: (orderId) => pay(orderId, { status: -3 }),
    notify: (fields, target) => send(fields, target ?? checkoutOf(fields.order_id ?? '').fields.notify_url ?? ''),
    waitForSent: (match, timeoutMs = 10_000) => until('a notification from the PayHere stand-in', async () => sent.find(match), timeoutMs, 20),
    close: async () => {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.allSettled([...inFlight]);
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
