// PayHere's formulas (payhere.ts) against vectors computed outside the code, with the shell:
//   S=MTIzNDU2Nzg5MDEyMzQ1Njc4OTAxMjM0NTY3ODkw
//   D=$(printf '%s' "$S" | md5sum | cut -d' ' -f1 | tr a-f A-F)          → D767B803B79AD3D7FE9EC30042DC6390
//   printf '%s' "1211149FK7Q2M9XW3RT5BN8HJ4C2500.00LKR$D"   | md5sum   → C171F040BD8B4F63EDE90E6E28345D8C (checkout hash)
//   printf '%s' "1211149FK7Q2M9XW3RT5BN8HJ4C2500.00LKR2$D"  | md5sum   → 3724F8C0C2F8E5FD628B9D7BA78C02B5 (md5sig, status 2)
//   printf '%s' "1211149FK7Q2M9XW3RT5BN8HJ4C2500.00LKR-3$D" | md5sum   → 44D46DFC6B8BE517DA3B99C0DEEA5E3E (md5sig, status -3)
//   printf '%s' "1211149FK7Q2M9XW3RT5BN8HJ4C1250.50LKR0$D"  | md5sum   → 73858EAF2E6534082A0E58C157D86B82 (md5sig, 1250.50, status 0)
// The stand-in's own test (test/fake-payhere.test.ts) is pinned by the same vectors.
import { describe, expect, it } from 'vitest';
import {
  checkoutFields,
  checkoutHash,
  notificationEffect,
  notifySignature,
  parseStatus,
  PAYHERE_STATUS,
  payhereUrls,
  secretDigest,
  splitName,
  verifyNotification,
  type PayHereOrderState,
  type PayHereStatus,
} from './payhere';

const SECRET = 'MTIzNDU2Nzg5MDEyMzQ1Njc4OTAxMjM0NTY3ODkw';
const DIGEST = 'D767B803B79AD3D7FE9EC30042DC6390';
const MERCHANT = '1211149';
const ORDER = 'FK7Q2M9XW3RT5BN8HJ4C';
const account = { merchantId: MERCHANT, secretDigest: DIGEST, checkoutUrl: 'https://sandbox.payhere.lk/pay/checkout' };

const notification = (overrides: Partial<Record<string, string>> = {}) => ({
  merchant_id: MERCHANT,
  order_id: ORDER,
  payhere_amount: '2500.00',
  payhere_currency: 'LKR',
  status_code: '2',
  md5sig: '3724F8C0C2F8E5FD628B9D7BA78C02B5',
  ...overrides,
});

describe('the checkout hash', () => {
  it('is the hand-made vector', () => {
    expect(secretDigest(SECRET)).toBe(DIGEST);
    expect(checkoutHash({ merchantId: MERCHANT, orderId: ORDER, amount: '2500.00', currency: 'LKR', secretDigest: DIGEST })).toBe('C171F040BD8B4F63EDE90E6E28345D8C');
  });

  it('is carried by the fields, with the amount from cents and every address under PUBLIC_URL', () => {
    const fields = checkoutFields(
      { orderId: ORDER, amountCents: 250000, currency: 'LKR', items: 'Combined History 2026 · November 2026' },
      { name: 'Kasun Perera Silva', email: 'kasun@example.lk', phone: '0771234567', address: '12 Temple Road', city: 'Kandy' },
      account,
      'https://portal.example.lk/',
    );
    expect(fields).toEqual({
      merchant_id: MERCHANT,
      return_url: `https://portal.example.lk/api/fees/payhere/return/${ORDER}`,
      cancel_url: `https://portal.example.lk/api/fees/payhere/cancel/${ORDER}`,
      notify_url: 'https://portal.example.lk/api/fees/payhere/notify',
      first_name: 'Kasun',
      last_name: 'Perera Silva',
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
    });
  });

  it('cuts items to 100 characters', () => {
    const fields = checkoutFields({ orderId: ORDER, amountCents: 100, currency: 'LKR', items: 'අ'.repeat(150) }, { name: 'A', email: 'a@b.lk', phone: '0', address: 'x', city: 'y' }, account, 'https://p.lk');
    expect(Array.from(fields.items ?? '')).toHaveLength(100);
  });

  it('splits a name into its first word and the rest, the first word twice for one word', () => {
    expect(splitName('  Nimal  ')).toEqual({ first: 'Nimal', last: 'Nimal' });
    expect(splitName('W. A. Kasun Perera')).toEqual({ first: 'W.', last: 'A. Kasun Perera' });
    expect(payhereUrls('http://127.0.0.1:18765', 'F1').notify_url).toBe('http://127.0.0.1:18765/api/fees/payhere/notify');
  });
});

describe('the notification signature', () => {
  it('is the hand-made vector for each status', () => {
    const base = { merchantId: MERCHANT, orderId: ORDER, payhereCurrency: 'LKR', secretDigest: DIGEST };
    expect(notifySignature({ ...base, payhereAmount: '2500.00', statusCode: '2' })).toBe('3724F8C0C2F8E5FD628B9D7BA78C02B5');
    expect(notifySignature({ ...base, payhereAmount: '2500.00', statusCode: '-3' })).toBe('44D46DFC6B8BE517DA3B99C0DEEA5E3E');
    expect(notifySignature({ ...base, payhereAmount: '1250.50', statusCode: '0' })).toBe('73858EAF2E6534082A0E58C157D86B82');
  });

  it('takes the amount without commas and with two decimals, as PayHere does', () => {
    const base = { merchantId: MERCHANT, orderId: ORDER, payhereCurrency: 'LKR', statusCode: '0', secretDigest: DIGEST };
    expect(notifySignature({ ...base, payhereAmount: '1,250.5' })).toBe('73858EAF2E6534082A0E58C157D86B82');
    expect(notifySignature({ ...base, payhereAmount: 'twelve' })).toBeNull();
  });

  it('verifies the authentic one in either case', () => {
    expect(verifyNotification(notification(), DIGEST)).toBe(true);
    expect(verifyNotification(notification({ md5sig: '3724f8c0c2f8e5fd628b9d7ba78c02b5' }), DIGEST)).toBe(true);
    expect(verifyNotification(notification({ payhere_amount: '2,500' }), DIGEST)).toBe(true);
  });

  it('refuses any field changed, another secret, or a signature of another length', () => {
    expect(verifyNotification(notification({ payhere_amount: '1.00' }), DIGEST)).toBe(false);
    expect(verifyNotification(notification({ status_code: '-3' }), DIGEST)).toBe(false);
    expect(verifyNotification(notification({ order_id: 'FK7Q2M9XW3RT5BN8HJ4D' }), DIGEST)).toBe(false);
    expect(verifyNotification(notification({ merchant_id: '1211150' }), DIGEST)).toBe(false);
    expect(verifyNotification(notification({ payhere_currency: 'USD' }), DIGEST)).toBe(false);
    expect(verifyNotification(notification(), secretDigest('another secret'))).toBe(false);
    expect(verifyNotification(notification({ md5sig: '3724F8C0' }), DIGEST)).toBe(false);
    expect(verifyNotification(notification({ md5sig: '' }), DIGEST)).toBe(false);
    expect(verifyNotification(notification({ payhere_amount: 'NaN' }), DIGEST)).toBe(false);
  });
});

describe('what a notification does to its order', () => {
  const states: PayHereOrderState[] = ['created', 'superseded', 'pending', 'paid', 'canceled', 'failed', 'charged-back'];
  // Rows: order state; columns: status 2, 0, -1, -2, -3 (fees.md 'The notification').
  const table: Record<PayHereOrderState, string[]> = {
    created: ['record-payment', 'mark-pending', 'mark-canceled', 'mark-failed', 'charge-back'],
    superseded: ['record-payment', 'mark-pending', 'mark-canceled', 'mark-failed', 'charge-back'],
    pending: ['record-payment', 'nothing', 'mark-canceled', 'mark-failed', 'charge-back'],
    paid: ['nothing', 'nothing', 'nothing', 'nothing', 'charge-back'],
    canceled: ['record-payment', 'nothing', 'nothing', 'nothing', 'charge-back'],
    failed: ['record-payment', 'nothing', 'nothing', 'nothing', 'charge-back'],
    'charged-back': ['nothing', 'nothing', 'nothing', 'nothing', 'nothing'],
  };
  const statuses: PayHereStatus[] = [2, 0, -1, -2, -3];

  it.each(states)('from %s', (state) => {
    expect(statuses.map((status) => notificationEffect(state, status))).toEqual(table[state]);
  });

  it('reads only PayHere status codes', () => {
    expect(['2', '0', '-1', '-2', '-3'].map(parseStatus)).toEqual([2, 0, -1, -2, -3]);
    for (const bad of ['1', '-4', '02', '2.0', '', ' 2', '+2']) expect(parseStatus(bad), bad).toBeNull();
    expect(PAYHERE_STATUS.chargedBack).toBe(-3);
  });
});
