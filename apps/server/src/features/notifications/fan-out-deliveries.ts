import { NOTIFICATION_LANGUAGES, type NotificationKind } from '@academy/contract';
import type { Db } from '../../db/database';
import { sriLankanMobile } from '../../notify/sms/phone';
import { quietEnd } from '../../notify/quiet-hours';
import { planChannels, type ChannelAvailability } from './channels';
import { SEND_JOB, type NotificationsContext, type SendJobPayload } from './context';
import { accountFacts, insertDeliveries, setRecipientStates, type ChannelStates, type NewDelivery } from './send-repo';

// One fan-out page's channels, in the page's transaction: each new recipient's channel states and
// deliveries, and the notify.send jobs that send them. A batch is the job's key: a page's queued
// deliveries of one channel ('<id>:push:3'), or every delivery of the notification held on a
// channel until quiet hours end ('<id>:sms:held'); ifAbsent, so a re-run page queues nothing twice.

export function availabilityOf(ctx: Pick<NotificationsContext, 'config'>): ChannelAvailability {
  return { email: ctx.config.publicUrl !== null, smsKinds: ctx.config.notify.sms?.kinds ?? [] };
}

/** A notification language from what is stored (the account's choice, else the device's), else English. */
export function languageOf(chosen: string | null): (typeof NOTIFICATION_LANGUAGES)[number] {
  return (NOTIFICATION_LANGUAGES as readonly string[]).includes(chosen ?? '') ? (chosen as 'en' | 'si') : 'en';
}

export async function planPage(
  ctx: NotificationsContext,
  tx: Db,
  notification: { id: string; kind: string },
  added: { id: string; account_id: string }[],
  page: number,
): Promise<Array<{ runAt: number; batch: string }>> {
  const now = ctx.clock();
  const facts = await accountFacts(tx, added.map((recipient) => recipient.account_id));
  const quiet = ctx.config.notify.quietHours ? quietEnd(ctx.config.notify.quietHours, now) : null;
  const availability = availabilityOf(ctx);
  const states = new Map<string, ChannelStates>();
  const deliveries: NewDelivery[] = [];
  const batches = new Map<string, number>();
  for (const recipient of added) {
    const fact = facts.get(recipient.account_id);
    const plan = planChannels({
      kind: notification.kind as NotificationKind,
      overrides: fact?.overrides ?? {},
      availability,
      reach: { subscriptionIds: fact?.subscriptionIds ?? [], email: fact?.email || null, mobile: fact ? sriLankanMobile(fact.whatsappNo) : null },
      now,
      quietEnd: quiet,
    });
    states.set(recipient.id, plan.states);
    for (const delivery of plan.deliveries) {
      const batch = `${notification.id}:${delivery.channel}:${delivery.state === 'held' ? 'held' : page}`;
      batches.set(batch, delivery.notBefore);
      deliveries.push({ recipientId: recipient.id, channel: delivery.channel, subscriptionId: delivery.subscriptionId, batch, state: delivery.state, nextAttemptAt: new Date(delivery.notBefore).toISOString() });
    }
  }
  const at = new Date(now).toISOString();
  await insertDeliveries(tx, deliveries, at);
  await setRecipientStates(tx, states);
  const jobs = [...batches].map(([batch, notBefore]) => ({ batch, runAt: realTimeOf(ctx, notBefore) }));
  for (const job of jobs) {
    const payload: SendJobPayload = { batch: job.batch };
    await ctx.queue.enqueue(SEND_JOB, job.batch, payload, { executor: tx, runAt: job.runAt, ifAbsent: true });
  }
  return jobs;
}

/**
 * The jobs table runs on the real clock; the notifications clock is the same one except in tests
 * that move it, where a run `at` on that clock still comes that long from now.
 */
export function realTimeOf(ctx: Pick<NotificationsContext, 'clock'>, at: number): number {
  return Date.now() + Math.max(0, at - ctx.clock());
}
