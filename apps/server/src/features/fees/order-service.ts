// Paying online (fees.md 'End to end'): a student's order for one month of one class, its amount
// fixed by the server when it is made, and the checkout form the browser posts to PayHere; and the
// order's state, which the return page shows (never the return itself).
import { randomBytes } from 'node:crypto';
import {
  FEE_CURRENCY,
  feeMonthLabel,
  FEES_TEXT,
  monthAlreadyPaidMessage,
  monthFreeMessage,
  payherePendingMessage,
  slipWaitingMessage,
  type Order,
  type OrderState,
  type OrderStateView,
} from '@academy/contract';
import type { PayHereConfig } from '../../config';
import { errors } from '../../lib/errors';
import type { SessionAccount } from '../../plugins/auth';
import { readerOf } from '../class-material/tree';
import type { FeesContext } from './context';
import { feeClassOf } from './fee-class';
import { findOrder, insertOrder, supersedeOrders } from './orders-repo';
import { checkoutFields, secretDigest, type PayHereAccount } from './payhere';
import { findPaymentBy, lockLedger, paidAndFreeMonths } from './payments-repo';
import { cardRules, cardsOf, findPlan, pendingMonths, planRules } from './repo';
import { cardForMonth, isPlanMonth, monthAmountCents } from './rules';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** `F` + 19 base32 characters (95 random bits): PayHere's `order_id`, unguessable (fees.md, decided). */
export function newOrderId(): string {
  // 256 is a multiple of 32, so each byte's low five bits are uniform.
  return `F${Array.from(randomBytes(19), (byte) => BASE32[byte & 31]).join('')}`;
}

const accounts = new WeakMap<PayHereConfig, PayHereAccount>();

/** The merchant as payhere.ts takes it, the secret's MD5 worked out once per settings. */
export function payhereAccount(settings: PayHereConfig): PayHereAccount {
  let account = accounts.get(settings);
  if (!account) {
    account = { merchantId: settings.merchantId, secretDigest: secretDigest(settings.merchantSecret), checkoutUrl: settings.checkoutUrl };
    accounts.set(settings, account);
  }
  return account;
}

/**
 * A student's order for `month` of the class `folderId` names: refused for an admin, with PayHere
 * off, for a month outside the plan, already paid or free, or with a slip or a PayHere payment
 * pending on it. An earlier `created` order of the month becomes `superseded`.
 */
export async function createOrder(ctx: FeesContext, caller: SessionAccount, body: { folderId: string; month: string }): Promise<Order> {
  if (caller.isAdmin) throw errors.forbidden(FEES_TEXT.onlyStudentsPay);
  if (!ctx.payhere || !ctx.publicUrl) throw errors.conflict('folderId', FEES_TEXT.onlinePaymentOff);
  const reader = await readerOf(ctx.db, caller.id);
  const classRow = await feeClassOf(ctx, reader, body.folderId);
  const payer = await ctx.db
    .selectFrom('accounts')
    .select(['name', 'email', 'whatsapp_no', 'additional_no', 'address', 'district'])
    .where('id', '=', caller.id)
    .executeTakeFirstOrThrow();
  const planRow = await findPlan(ctx.db, classRow.id);
  const plan = planRow ? planRules(planRow) : null;
  if (!plan || !isPlanMonth(plan, body.month)) throw errors.field('month', `month ${FEES_TEXT.monthNotInPlan}`);
  const { paid, free } = await paidAndFreeMonths(ctx.db, classRow.id, caller.id, [body.month]);
  if (paid.size > 0) throw errors.conflict('month', monthAlreadyPaidMessage([body.month]));
  if (free.size > 0) throw errors.conflict('month', monthFreeMessage([body.month]));
  const pending = (await pendingMonths(ctx.db, classRow.id, caller.id)).get(body.month);
  if (pending === 'slip') throw errors.conflict('month', slipWaitingMessage([body.month]));
  if (pending === 'order') throw errors.conflict('month', payherePendingMessage(body.month));

  const cards = (await cardsOf(ctx.db, classRow.id, caller.id)).map(cardRules);
  const amountCents = monthAmountCents(plan, cardForMonth(cards, plan, body.month));
  const orderId = newOrderId();
  const at = new Date(ctx.clock()).toISOString();
  await ctx.db.transaction().execute(async (tx) => {
    // The ledger's lock keeps two orders of one month from both staying `created`.
    await lockLedger(tx, classRow.id, caller.id, at);
    await supersedeOrders(tx, caller.id, classRow.id, body.month, at);
    await insertOrder(tx, {
      id: orderId,
      account_id: caller.id,
      class_id: classRow.id,
      class_name: classRow.name,
      month: body.month,
      amount_cents: amountCents,
      currency: FEE_CURRENCY,
      state: 'created',
      payhere_payment_id: null,
      payment_id: null,
      last_status_code: null,
      created_at: at,
      updated_at: at,
    });
  });

  const account = payhereAccount(ctx.payhere);
  const fields = checkoutFields(
    { orderId, amountCents, currency: FEE_CURRENCY, items: `${classRow.name} · ${feeMonthLabel(body.month)}` },
    {
      name: payer.name,
      email: payer.email,
      phone: payer.whatsapp_no || payer.additional_no,
      // PayHere refuses a checkout without these; a student registered without an address still pays.
      address: payer.address || payer.district || 'Sri Lanka',
      city: payer.district || 'Sri Lanka',
    },
    account,
    ctx.publicUrl,
  );
  return { orderId, amountCents, currency: FEE_CURRENCY, checkout: { action: account.checkoutUrl, fields } };
}

/** An order's state for its student (or an admin), as the return page polls it; anyone else: 404. */
export async function readOrder(ctx: FeesContext, caller: SessionAccount, orderId: string): Promise<OrderStateView> {
  const order = await findOrder(ctx.db, orderId);
  if (!order || (!caller.isAdmin && order.account_id !== caller.id)) throw errors.notFound(FEES_TEXT.orderNotFound);
  const [classRow, monthFolder, payment] = await Promise.all([
    ctx.db.selectFrom('classes').select('folder_id').where('id', '=', order.class_id).executeTakeFirst(),
    ctx.db
      .selectFrom('fee_folder_months')
      .select('folder_id')
      .where('class_id', '=', order.class_id)
      .where('month', '=', order.month)
      .orderBy('folder_id')
      .limit(1)
      .executeTakeFirst(),
    order.payment_id ? findPaymentBy(ctx.db, 'id', order.payment_id) : undefined,
  ]);
  return {
    orderId: order.id,
    state: order.state as OrderState,
    className: order.class_name,
    classFolderId: classRow?.folder_id ?? '',
    month: order.month,
    monthFolderId: monthFolder?.folder_id ?? null,
    amountCents: order.amount_cents,
    receipt: payment ? { paymentId: payment.id, receiptNo: payment.receipt_no } : null,
  };
}
