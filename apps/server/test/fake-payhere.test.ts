import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text as readText } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { standInCheckoutHash, standInSignature, startFakePayHere, STAND_IN_CARD, type FakePayHere } from './fake-payhere';

// The PayHere stand-in itself, pinned by vectors computed outside any code of ours, with the shell
// (the same ones pin the portal's src/features/fees/payhere.test.ts):
//   S=MTIzNDU2Nzg5MDEyMzQ1Njc4OTAxMjM0NTY3ODkw
//   D=$(printf '%s' "$S" | md5sum | cut -d' ' -f1 | tr a-f A-F)          → D767B803B79AD3D7FE9EC30042DC6390
//   printf '%s' "1211149FK7Q2M9XW3RT5BN8HJ4C2500.00LKR$D"   | md5sum   → C171F040BD8B4F63EDE90E6E28345D8C
//   printf '%s' "1211149FK7Q2M9XW3RT5BN8HJ4C2500.00LKR2$D"  | md5sum   → 3724F8C0C2F8E5FD628B9D7BA78C02B5
//   printf '%s' "1211149FK7Q2M9XW3RT5BN8HJ4C2500.00LKR-3$D" | md5sum   → 44D46DFC6B8BE517DA3B99C0DEEA5E3E
//   printf '%s' "1211149FK7Q2M9XW3RT5BN8HJ4C1250.50LKR0$D"  | md5sum   → 73858EAF2E6534082A0E58C157D86B82

const SECRET = 'MTIzNDU2Nzg5MDEyMzQ1Njc4OTAxMjM0NTY3ODkw';
const MERCHANT = '1211149';
const ORDER = 'FK7Q2M9XW3RT5BN8HJ4C';

/** A portal's notify address as a plain server: what arrived, and the status it answers next. */
let portal: Server;
let portalUrl = '';
const received: Record<string, string>[] = [];
let answers: number[] = [];

let payhere: FakePayHere;

beforeAll(async () => {
  portal = createServer((request, response) => {
    void readText(request).then((body) => {
      received.push(Object.fromEntries(new URLSearchParams(body)));
      response.writeHead(answers.shift() ?? 200);
      response.end();
    });
  });
  await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
  portalUrl = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;
  payhere = await startFakePayHere({ merchantId: MERCHANT, merchantSecret: SECRET });
});

afterAll(async () => {
  await payhere?.close();
  await new Promise<void>((resolve) => portal.close(() => resolve()));
});

beforeEach(() => {
  received.length = 0;
  answers = [];
  payhere.settings.resendUntil200 = 0;
  payhere.settings.notifyDelayMs = 0;
});

function checkoutForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    merchant_id: MERCHANT,
    return_url: `${portalUrl}/api/fees/payhere/return/${ORDER}`,
    cancel_url: `${portalUrl}/api/fees/payhere/cancel/${ORDER}`,
    notify_url: `${portalUrl}/api/fees/payhere/notify`,
    first_name: 'Kasun',
    last_name: 'Perera',
    email: 'kasun@example.lk',
    phone: '0771234567',
    address: '12 Temple Road',
    city: 'Kandy',
    country: 'Sri Lanka',
    order_id: ORDER,
    items: 'Combined History 2026 · November 2026',
    currency: 'LKR',
    amount: '2500.00',
    hash: 'C171F040BD8B4F63EDE90E6E28345D8C',
    ...overrides,
  };
}

describe('its formulas', () => {
  it('agree with the hand-made vectors', () => {
    expect(standInCheckoutHash(MERCHANT, ORDER, '2500.00', 'LKR', SECRET)).toBe('C171F040BD8B4F63EDE90E6E28345D8C');
    expect(standInSignature(MERCHANT, ORDER, '2500.00', 'LKR', '2', SECRET)).toBe('3724F8C0C2F8E5FD628B9D7BA78C02B5');
    expect(standInSignature(MERCHANT, ORDER, '2500.00', 'LKR', '-3', SECRET)).toBe('44D46DFC6B8BE517DA3B99C0DEEA5E3E');
    expect(standInSignature(MERCHANT, ORDER, '1,250.5', 'LKR', '0', SECRET)).toBe('73858EAF2E6534082A0E58C157D86B82');
  });
});

describe('the checkout', () => {
  it('takes the hand-made hash and shows the four buttons, without a script', async () => {
    const { status, page } = await payhere.checkout(checkoutForm());
    expect(status).toBe(200);
    for (const label of ['>Pay<', '>Pay (pending)<', '>Fail<', '>Cancel<']) expect(page).toContain(label);
    expect(page).not.toContain('<script');
    expect(payhere.checkouts.get(ORDER)?.paymentId).toMatch(/^\d{12}$/);
  });

  it('refuses a changed amount, a missing field, another merchant and an amount without decimals, naming the problem', async () => {
    const changed = await payhere.checkout(checkoutForm({ amount: '1.00' }));
    expect(changed.status).toBe(400);
    expect(changed.page).toContain('the hash does not match');
    const missing = await payhere.checkout(checkoutForm({ city: '' }));
    expect(missing.status).toBe(400);
    expect(missing.page).toContain('Missing: city');
    expect((await payhere.checkout(checkoutForm({ merchant_id: '1211150' }))).page).toContain('Unknown merchant');
    expect((await payhere.checkout(checkoutForm({ amount: '2500' }))).page).toContain('two decimals');
  });
});

describe('the notifications', () => {
  it('are form-encoded and signed as the hand-made vector, with the card fields PayHere sends', async () => {
    await payhere.checkout(checkoutForm());
    const sent = await payhere.pay(ORDER);
    expect(sent.answer).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      merchant_id: MERCHANT,
      order_id: ORDER,
      payhere_amount: '2500.00',
      payhere_currency: 'LKR',
      status_code: '2',
      md5sig: '3724F8C0C2F8E5FD628B9D7BA78C02B5',
      card_holder_name: STAND_IN_CARD.holder,
      card_no: STAND_IN_CARD.number,
      card_expiry: STAND_IN_CARD.expiry,
    });
    expect(received[0]?.payment_id).toBe(payhere.checkouts.get(ORDER)?.paymentId);
  });

  it('sign a chargeback, replay the last one, and forge on request', async () => {
    await payhere.checkout(checkoutForm());
    expect((await payhere.chargeback(ORDER)).fields.md5sig).toBe('44D46DFC6B8BE517DA3B99C0DEEA5E3E');
    const replays = await payhere.replay(ORDER, 2);
    expect(replays.map((r) => r.fields.status_code)).toEqual(['-3', '-3']);
    const forged = await payhere.pay(ORDER, { secret: 'another secret' });
    expect(forged.fields.md5sig).not.toBe('3724F8C0C2F8E5FD628B9D7BA78C02B5');
    expect((await payhere.pay(ORDER, { amount: '1,250.5', status: 0 })).fields.md5sig).toBe('73858EAF2E6534082A0E58C157D86B82');
  });

  it('go to another origin when told, with the notify address\'s path, as a tunnel forwards them', async () => {
    await payhere.checkout(checkoutForm({ notify_url: 'https://portal.example.lk/api/fees/payhere/notify' }));
    const sent = await payhere.pay(ORDER, { notifyOrigin: portalUrl });
    expect(sent.answer).toBe(200);
    expect(received).toHaveLength(1);
  });

  it('are sent again until a 200 when told to', async () => {
    await payhere.checkout(checkoutForm());
    payhere.settings.resendUntil200 = 3;
    answers = [500, 503];
    const sent = await payhere.pay(ORDER);
    expect(sent.answer).toBe(200);
    expect(received).toHaveLength(3);
  });
});

describe('the buttons', () => {
  const complete = (action: string) =>
    fetch(`${payhere.url}/pay/complete`, { method: 'POST', body: new URLSearchParams({ order_id: ORDER, action }), redirect: 'manual' });

  it('Pay notifies first, then sends the browser to return_url', async () => {
    await payhere.checkout(checkoutForm());
    const response = await complete('pay');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${portalUrl}/api/fees/payhere/return/${ORDER}`);
    expect(received.map((r) => r.status_code)).toEqual(['2']);
  });

  it('Pay (pending) sends 0, Fail -2, Cancel nothing and goes to cancel_url', async () => {
    await payhere.checkout(checkoutForm());
    await complete('pending');
    await complete('fail');
    const canceled = await complete('cancel');
    expect(canceled.headers.get('location')).toBe(`${portalUrl}/api/fees/payhere/cancel/${ORDER}`);
    expect(received.map((r) => r.status_code)).toEqual(['0', '-2']);
  });

  it('with notifyDelayMs, redirects before it notifies', async () => {
    await payhere.checkout(checkoutForm());
    // Long beside a local request, so the redirect is seen first even on a busy machine.
    payhere.settings.notifyDelayMs = 2_000;
    const before = payhere.sent.length;
    const response = await complete('pay');
    expect(response.status).toBe(302);
    expect(received).toHaveLength(0);
    await payhere.waitForSent((sent) => payhere.sent.indexOf(sent) >= before);
    expect(received.map((r) => r.status_code)).toEqual(['2']);
  });
});
