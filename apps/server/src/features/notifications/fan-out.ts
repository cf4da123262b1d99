import { KIND_RULES, type NotificationKind } from '@academy/contract';
import { PermanentJobError, type JobContext } from '../../jobs/worker';
import type { NotificationEvent } from '../../notify/notifier';
import type { NotificationJobPayload, NotificationsContext } from './context';
import { planPage } from './fan-out-deliveries';
import * as repo from './repo';
import type { NotificationRow } from './repo';

/** Accounts asked for and written per page, each page in one transaction. */
export const FANOUT_PAGE_SIZE = 1000;

type Page = (after: string | null, limit: number) => Promise<string[]>;

/** The notification's audience a page at a time, in account id order. */
function pagerOf(ctx: NotificationsContext, notification: NotificationRow): Page {
  const to = JSON.parse(notification.audience_json) as NotificationEvent['to'];
  if ('accounts' in to) {
    const ids = [...new Set(to.accounts)].sort();
    return async (after, limit) => ids.filter((id) => after === null || id > after).slice(0, limit);
  }
  const resolve = ctx.audiences.get(notification.kind as NotificationKind);
  if (!resolve) throw new PermanentJobError(`no audience is registered for ${notification.kind}`);
  return (after, limit) => resolve(to.audience, after, limit);
}

/**
 * The notify.fanout job: the notification's recipients, worked out from the database as it is now,
 * page by page. Each page adds only the recipients not there yet, so a run killed half-way and run
 * again adds nobody twice; only active accounts of the kind's side (students, or admins) are added,
 * never the account that caused it. Each page's new recipients hear of it at once, on any instance.
 */
export async function fanOut(ctx: NotificationsContext, payload: unknown, job: JobContext): Promise<void> {
  const { notificationId } = payload as NotificationJobPayload;
  const notification = await repo.findNotification(ctx.db, notificationId);
  if (!notification || notification.state === 'withdrawn' || notification.state === 'sent') return;
  if (notification.state === 'scheduled' && !(await repo.moveState(ctx.db, notificationId, ['scheduled'], { state: 'fanning-out' }))) return;
  const page = pagerOf(ctx, notification);
  const forAdmins = KIND_RULES[notification.kind as NotificationKind].for === 'admins';
  let after: string | null = null;
  for (let pageNumber = 1; ; pageNumber += 1) {
    job.signal.throwIfAborted();
    const ids = await page(after, FANOUT_PAGE_SIZE);
    after = ids.at(-1) ?? null;
    const wanted = ids.filter((id) => id !== notification.actor_id);
    const { added, sends } = await ctx.db.transaction().execute(async (tx) => {
      const recipients = await repo.addRecipients(tx, notificationId, notification.not_before, await repo.reachableAccounts(tx, wanted, forAdmins));
      return { added: recipients.map((recipient) => recipient.account_id), sends: await planPage(ctx, tx, notification, recipients, pageNumber) };
    });
    for (const send of sends) ctx.wakeAt(send.runAt);
    if (added.length > 0) await ctx.live.publish({ type: 'created', notificationId, accountIds: added });
    if (ids.length < FANOUT_PAGE_SIZE) break;
  }
  const recipients = await repo.countRecipients(ctx.db, notificationId);
  await repo.moveState(ctx.db, notificationId, ['fanning-out'], { state: 'sent', sent_at: new Date(ctx.clock()).toISOString(), recipients });
}
