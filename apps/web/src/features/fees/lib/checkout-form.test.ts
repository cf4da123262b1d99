// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkoutForm, submitCheckout, type Checkout } from './checkout-form';

// The form the browser posts to PayHere carries exactly the server's fields, to the server's
// address, by POST: this file runs in jsdom, which builds real forms and reads them back with FormData.

const CHECKOUT: Checkout = {
  action: 'http://127.0.0.1:18766/pay/checkout',
  fields: {
    merchant_id: '1211149',
    return_url: 'http://127.0.0.1:18765/api/fees/payhere/return/FABCDEFGHIJKLMNOPQRS',
    cancel_url: 'http://127.0.0.1:18765/api/fees/payhere/cancel/FABCDEFGHIJKLMNOPQRS',
    notify_url: 'http://127.0.0.1:18765/api/fees/payhere/notify',
    first_name: 'නිමාලි',
    last_name: 'Silva Perera',
    email: 'nimali@example.lk',
    phone: '0771234567',
    address: '12/3, Temple Road & "Lane" <2>',
    city: 'Colombo',
    country: 'Sri Lanka',
    order_id: 'FABCDEFGHIJKLMNOPQRS',
    items: 'Combined History 2026 · November 2026',
    currency: 'LKR',
    amount: '2500.00',
    hash: '0123456789ABCDEF0123456789ABCDEF',
    empty: '',
  },
};

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('the checkout form', () => {
  it('posts exactly the fields given, unchanged and in order, to the action given', () => {
    const form = checkoutForm(CHECKOUT);
    expect(form.method).toBe('post');
    expect(form.action).toBe(CHECKOUT.action);
    expect(form.hidden).toBe(true);
    expect([...new FormData(form).entries()]).toEqual(Object.entries(CHECKOUT.fields));
    expect([...form.elements].every((element) => element instanceof HTMLInputElement && element.type === 'hidden')).toBe(true);
  });

  it('adds no field of its own when the server sends none', () => {
    expect([...new FormData(checkoutForm({ action: CHECKOUT.action, fields: {} })).entries()]).toEqual([]);
  });

  it('is put into the page and submitted once', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const form = submitCheckout(CHECKOUT);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(document.body.contains(form)).toBe(true);
    expect(document.querySelectorAll('form')).toHaveLength(1);
  });
});
