// Paying online (docs/fees.md 'End to end', step 4): the server answers an order with
// `checkout: {action, fields}`, every field PayHere's checkout takes, its `hash` included. The
// browser posts exactly those fields, as a plain HTML form, to `action`; no PayHere script is
// loaded. Nothing is added, dropped or changed here: the amount and the hash are the server's.

import type { Checkout } from '@academy/contract';

export type { Checkout };

/** A hidden `<form method="post">` for the checkout, one hidden input per field, in the server's order. */
export function checkoutForm(checkout: Checkout, document: Document = window.document): HTMLFormElement {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = checkout.action;
  form.acceptCharset = 'UTF-8';
  form.hidden = true;
  for (const [name, value] of Object.entries(checkout.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  return form;
}

/** Puts the checkout's form into the page and submits it: the browser leaves for PayHere. */
export function submitCheckout(checkout: Checkout, document: Document = window.document): HTMLFormElement {
  const form = checkoutForm(checkout, document);
  document.body.append(form);
  form.submit();
  return form;
}
