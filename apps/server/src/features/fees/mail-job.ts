// The `fees.mail` job: one mail per job key, composed when it runs from the database as it is then
// (a receipt shows a refund recorded meanwhile). Queued by events.ts inside the change's
// transaction; a mail whose subject is gone (an account deleted) is dropped, not retried.
import type { Mail } from '../../mail/mailer';
import { PermanentJobError, type JobKind } from '../../jobs/worker';
import type { FeesContext } from './context';
import type { FeeMailPayload } from './events';
import { chargebackMail, receiptMail } from './mails';
import { composeReminder, composeSlipRejected } from './notice-mails';
import { findOrder } from './orders-repo';
import { receiptView } from './payment-views';
import { findPaymentBy } from './payments-repo';

/** A live account's address and name, or null. */
async function addressOf(ctx: FeesContext, accountId: string | null): Promise<{ email: string; name: string } | null> {
  if (!accountId) return null;
  const row = await ctx.db.selectFrom('accounts').select(['email', 'name']).where('id', '=', accountId).where('deleted_at', 'is', null).executeTakeFirst();
  return row ?? null;
}

type Composer<K extends FeeMailPayload['mail']> = (ctx: FeesContext, payload: Extract<FeeMailPayload, { mail: K }>) => Promise<Mail | null>;

const receipt: Composer<'receipt'> = async (ctx, payload) => {
  const payment = await findPaymentBy(ctx.db, 'id', payload.paymentId);
  const to = await addressOf(ctx, payment?.account_id ?? null);
  if (!payment || !to) return null;
  return receiptMail(to, await receiptView(ctx.db, payment, ctx.branding), ctx.branding, ctx.publicUrl);
};

const chargeback: Composer<'chargeback'> = async (ctx, payload) => {
  const [admin, order, payment] = await Promise.all([
    ctx.db
      .selectFrom('accounts')
      .select(['email', 'name'])
      .where('id', '=', payload.adminId)
      .where('account_state', '=', 'active')
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),
    findOrder(ctx.db, payload.orderId),
    payload.paymentId ? findPaymentBy(ctx.db, 'id', payload.paymentId) : undefined,
  ]);
  if (!admin || !order) return null;
  const student = payment?.student_name ?? (await ctx.db.selectFrom('accounts').select('name').where('id', '=', order.account_id).executeTakeFirst())?.name ?? '';
  return chargebackMail(
    admin,
    { orderId: order.id, className: order.class_name, month: order.month, studentName: student, receiptNo: payment?.receipt_no ?? null },
    ctx.branding,
    ctx.publicUrl,
  );
};

/**
 * Each mail of FeeMailPayload by its `mail`: the one place a kind of fee mail is composed. A kind
 * queued without its composer here fails for good (nothing can cure it by retrying).
 */
const COMPOSERS: { [K in FeeMailPayload['mail']]?: Composer<K> } = { receipt, chargeback, 'slip-rejected': composeSlipRejected, reminder: composeReminder };

export function feeMailJob(ctx: FeesContext): JobKind {
  return {
    run: async (raw) => {
      const payload = raw as FeeMailPayload;
      const compose = COMPOSERS[payload.mail] as Composer<typeof payload.mail> | undefined;
      if (!compose) throw new PermanentJobError(`no fee mail is composed for ${payload.mail}`);
      const mail = await compose(ctx, payload as never);
      if (mail) await ctx.mailer.send(mail);
    },
  };
}
