// What fees tell people, raised inside the transaction of the change that caused it (fees.md
// 'Reminders and events'): a payment recorded sends its payer the receipt; a chargeback tells
// every active admin. Each is a durable `fees.mail` job queued in that transaction, so a payment
// never lacks its mail and no mail goes out for a payment that was rolled back; one job per key,
// so a mail goes once across instances. Each also reaches the bell (and push, SMS) through the
// notification centre, in the same transaction (notifications.ts); the centre never mails these.
import type { Db } from '../../db/database';
import { FEES_MAIL_JOB, type FeesContext } from './context';
import { announceChargeback, announcePayment, announceReminder, announceSlipRejected } from './notifications';
import { activeAdmins } from './payments-repo';

/** The payload of a `fees.mail` job: which mail, about what. Read again from the database when it runs. */
export type FeeMailPayload =
  | { mail: 'receipt'; paymentId: string }
  | { mail: 'chargeback'; adminId: string; orderId: string; paymentId: string | null }
  | { mail: 'slip-rejected'; slipId: string }
  | { mail: 'reminder'; classId: string; month: string; accountId: string };

export interface FeeEvents {
  /** A payment was recorded (PayHere, an approved slip, cash, a bank transfer): its receipt to the payer. */
  paid(tx: Db, payment: { id: string }): Promise<void>;
  /** PayHere reported a chargeback on an order (and its payment, if it had one): a mail to every active admin. */
  chargedBack(tx: Db, reversal: { orderId: string; paymentId: string | null }): Promise<void>;
  /** An admin rejected a bank slip: its student is told, and the portal shows them why. */
  slipRejected(tx: Db, slip: { id: string }): Promise<void>;
  /** An admin reminded a student of an unpaid month; `day` (Sri Lanka) keys the mail, so a retry sends it once. */
  reminded(tx: Db, reminder: { classId: string; month: string; accountId: string; day: string }): Promise<void>;
}

export function feeEvents(ctx: Pick<FeesContext, 'queue' | 'notifier' | 'clock'>): FeeEvents {
  const queue = (tx: Db, key: string, payload: FeeMailPayload) => ctx.queue.enqueue(FEES_MAIL_JOB, key, payload, { executor: tx, ifAbsent: true });
  return {
    paid: async (tx, payment) => {
      await queue(tx, `receipt:${payment.id}`, { mail: 'receipt', paymentId: payment.id });
      await announcePayment(ctx, tx, payment.id);
    },
    chargedBack: async (tx, reversal) => {
      const subject = reversal.paymentId ?? reversal.orderId;
      for (const admin of await activeAdmins(tx)) {
        await queue(tx, `chargeback:${subject}:${admin.id}`, { mail: 'chargeback', adminId: admin.id, ...reversal });
      }
      await announceChargeback(ctx, tx, reversal);
    },
    slipRejected: async (tx, slip) => {
      await queue(tx, `slip:${slip.id}`, { mail: 'slip-rejected', slipId: slip.id });
      await announceSlipRejected(ctx, tx, slip.id);
    },
    reminded: async (tx, reminder) => {
      const { classId, month, accountId, day } = reminder;
      await queue(tx, `remind:${classId}:${month}:${accountId}:${day}`, { mail: 'reminder', classId, month, accountId });
      await announceReminder(ctx, tx, reminder, ctx.clock());
    },
  };
}
