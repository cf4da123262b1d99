// The `notify.cleanup` job (docs/notifications.md 'Retention'; build plan section 4): once a day at
// 03:00 Sri Lanka time it deletes notifications past NOTIFY_RETENTION_DAYS (their recipients and
// deliveries go with them by cascade), deliveries older than 14 days (their outcome stays on the
// recipient row), subscriptions no browser has refreshed for 180 days, and SMS day counters once
// the day is two days past. Each delete takes 1,000 rows a statement, so no statement holds a
// large table for long.
import type { Db } from '../../db/database';
import type { JobContext } from '../../jobs/worker';
import { dayKey } from '../../notify/sms/caps';
import { CLEANUP_JOB, type NotificationsContext } from './context';

const SLICE = 1000;
const DAY_MS = 86_400_000;
const DELIVERY_DAYS = 14;
const SUBSCRIPTION_DAYS = 180;
const SMS_DAY_KEY_DAYS = 2;
const SRI_LANKA_OFFSET_MS = (5 * 60 + 30) * 60_000;
const CLEANUP_HOUR_MS = 3 * 3_600_000;

/** The one key of the daily job: a second start queues nothing more. */
export const CLEANUP_JOB_KEY = 'daily';

export interface CleanupCounts {
  notifications: number;
  deliveries: number;
  subscriptions: number;
  smsCounts: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The first 03:00 in Sri Lanka after `now`. */
export function nextCleanupAt(now: number): number {
  const sriLankaMidnight = Math.floor((now + SRI_LANKA_OFFSET_MS) / DAY_MS) * DAY_MS - SRI_LANKA_OFFSET_MS;
  const today = sriLankaMidnight + CLEANUP_HOUR_MS;
  return today > now ? today : today + DAY_MS;
}

/** Repeats a one-slice delete until a slice comes back short; answers the rows deleted. */
async function inSlices(deleteSlice: () => Promise<bigint>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = Number(await deleteSlice());
    total += deleted;
    if (deleted < SLICE) return total;
  }
}

/**
 * Notifications made and due before the cut-off: one made long ago for a time still ahead (a
 * paper set months before it opens) is kept until it has been out for the retention.
 */
function deleteOldNotifications(db: Db, before: string): Promise<number> {
  return inSlices(async () => {
    const slice = db.selectFrom('notifications').select('id').where('created_at', '<', before).where('not_before', '<', before).limit(SLICE);
    return (await db.deleteFrom('notifications').where('id', 'in', slice).executeTakeFirst()).numDeletedRows;
  });
}

function deleteOldDeliveries(db: Db, before: string): Promise<number> {
  return inSlices(async () => {
    const slice = db.selectFrom('notification_deliveries').select('id').where('updated_at', '<', before).limit(SLICE);
    return (await db.deleteFrom('notification_deliveries').where('id', 'in', slice).executeTakeFirst()).numDeletedRows;
  });
}

function deleteUnseenSubscriptions(db: Db, before: string): Promise<number> {
  return inSlices(async () => {
    const slice = db.selectFrom('push_subscriptions').select('id').where('last_seen_at', '<', before).limit(SLICE);
    return (await db.deleteFrom('push_subscriptions').where('id', 'in', slice).executeTakeFirst()).numDeletedRows;
  });
}

/** Day counters sort by their date: every key before the first of the cut-off day is older. */
function deleteOldSmsDays(db: Db, cutoffDay: number): Promise<number> {
  const firstKeptKey = dayKey(cutoffDay, '');
  return inSlices(async () => {
    const slice = db.selectFrom('sms_counts').select('key').where('key', 'like', 'day:%').where('key', '<', firstKeptKey).limit(SLICE);
    return (await db.deleteFrom('sms_counts').where('key', 'in', slice).executeTakeFirst()).numDeletedRows;
  });
}

/** One cleanup, judged by the notifications clock. */
export async function cleanUp(ctx: Pick<NotificationsContext, 'db' | 'clock' | 'config'>): Promise<CleanupCounts> {
  const now = ctx.clock();
  return {
    notifications: await deleteOldNotifications(ctx.db, iso(now - ctx.config.notify.retentionDays * DAY_MS)),
    deliveries: await deleteOldDeliveries(ctx.db, iso(now - DELIVERY_DAYS * DAY_MS)),
    subscriptions: await deleteUnseenSubscriptions(ctx.db, iso(now - SUBSCRIPTION_DAYS * DAY_MS)),
    smsCounts: await deleteOldSmsDays(ctx.db, now - SMS_DAY_KEY_DAYS * DAY_MS),
  };
}

/**
 * The job's run: cleans up, then queues its next run. The jobs table runs on the real clock, so the
 * next run is the next 03:00 of the real clock (a test's moved clock would otherwise queue runs in
 * the past, one after another).
 */
export async function runCleanup(ctx: Pick<NotificationsContext, 'db' | 'clock' | 'config' | 'log'>, job: Pick<JobContext, 'runAgainAt'>): Promise<void> {
  const counts = await cleanUp(ctx);
  ctx.log.info(counts, 'notifications: cleanup done');
  await job.runAgainAt(nextCleanupAt(Date.now()));
}

/** At start: the daily cleanup is queued once, whichever instance starts first. */
export async function scheduleCleanup(ctx: Pick<NotificationsContext, 'queue'>): Promise<void> {
  await ctx.queue.enqueue(CLEANUP_JOB, CLEANUP_JOB_KEY, {}, { runAt: nextCleanupAt(Date.now()), ifAbsent: true });
}
