import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { signedInStudent } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import type { Db } from '../../db/database';
import { dayKey, monthKey } from '../../notify/sms/caps';
import { CLEANUP_JOB_KEY, nextCleanupAt } from './cleanup';
import { CLEANUP_JOB } from './context';
import { movableClock } from './send-test-helpers';

// Retention (docs/notifications.md 'Retention'): the daily job, queued once at start, deletes what
// has aged out by the notifications clock and keeps everything else.

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

function notificationRow(createdAt: number, notBefore = createdAt) {
  return {
    id: randomUUID(),
    kind: 'lesson.new',
    subject_key: `lesson:${randomUUID()}`,
    params_json: JSON.stringify({ className: 'Theory 2027', title: 'Cold War' }),
    link: '/view/file',
    audience_json: '{"accounts":[]}',
    state: 'sent',
    not_before: iso(notBefore),
    created_at: iso(createdAt),
  };
}

async function addRecipient(db: Db, notificationId: string, accountId: string, at: number): Promise<string> {
  const id = randomUUID();
  await db.insertInto('notification_recipients').values({ id, notification_id: notificationId, account_id: accountId, created_at: iso(at), read_at: null, opened_at: null, opened_via: null, push_state: 'sent', email_state: null, sms_state: null }).execute();
  return id;
}

async function addDelivery(db: Db, recipientId: string, updatedAt: number, channel = 'email'): Promise<string> {
  const id = randomUUID();
  await db.insertInto('notification_deliveries').values({ id, recipient_id: recipientId, channel, batch: randomUUID(), state: 'sent', next_attempt_at: iso(updatedAt), lease_until: null, last_status: null, last_error: null, updated_at: iso(updatedAt) }).execute();
  return id;
}

async function addSubscription(db: Db, accountId: string, lastSeenAt: number): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('push_subscriptions')
    .values({ id, account_id: accountId, endpoint: `https://fcm.googleapis.com/fcm/send/${id}`, p256dh: 'key', auth: 'auth', vapid_key_id: 'test', language: 'en', expiration_time: null, created_at: iso(lastSeenAt), last_seen_at: iso(lastSeenAt) })
    .execute();
  return id;
}

async function ids(db: Db, table: 'notifications' | 'notification_recipients' | 'notification_deliveries' | 'push_subscriptions'): Promise<string[]> {
  return (await db.selectFrom(table).select('id').execute()).map((row) => row.id).sort();
}

/** Makes the cleanup job due now and waits until it has run and queued its next run. */
async function runCleanupNow(db: Db): Promise<void> {
  const due = new Date().toISOString();
  await db.updateTable('jobs').set({ run_after: due }).where('kind', '=', CLEANUP_JOB).execute();
  await vi.waitFor(
    async () => {
      const job = await db.selectFrom('jobs').select(['state', 'run_after']).where('kind', '=', CLEANUP_JOB).executeTakeFirstOrThrow();
      expect(job.state).toBe('queued');
      expect(Date.parse(job.run_after)).toBeGreaterThan(Date.parse(due));
    },
    { timeout: 20_000, interval: 100 },
  );
}

describe('the next cleanup', () => {
  it('is at 03:00 Sri Lanka time (21:30 UTC the day before), the next day once that has passed', () => {
    expect(iso(nextCleanupAt(Date.parse('2026-11-27T21:29:59.000Z')))).toBe('2026-11-27T21:30:00.000Z');
    expect(iso(nextCleanupAt(Date.parse('2026-11-27T21:30:00.000Z')))).toBe('2026-11-28T21:30:00.000Z');
    expect(iso(nextCleanupAt(Date.parse('2026-11-28T00:30:00.000Z')))).toBe('2026-11-28T21:30:00.000Z');
  });
});

describe('notification retention', () => {
  const clock = movableClock(new Date().toISOString());
  const t = useTestApp({}, { notificationsClock: clock.now });

  it('deletes notifications past NOTIFY_RETENTION_DAYS with their recipients and deliveries, old deliveries, unseen subscriptions and old SMS days; keeps the rest', async () => {
    const db = t.database.db;
    const [job] = await db.selectFrom('jobs').select(['job_key', 'state', 'run_after']).where('kind', '=', CLEANUP_JOB).execute();
    expect(job).toMatchObject({ job_key: CLEANUP_JOB_KEY, state: 'queued' });
    expect(job?.run_after).toMatch(/T21:30:00\.000Z$/);

    const accountId = (await signedInStudent(t.app)).student._id;
    const start = clock.now();
    // More than one slice of old notifications; the first reached a student, who had a delivery.
    const old = Array.from({ length: 1001 }, () => notificationRow(start));
    for (let at = 0; at < old.length; at += 250) await db.insertInto('notifications').values(old.slice(at, at + 250)).execute();
    const [firstOld] = old;
    if (!firstOld) throw new Error('no old notification');
    await addDelivery(db, await addRecipient(db, firstOld.id, accountId, start), start);
    // Made then for a time 200 days on: not out for the retention yet.
    const aheadThen = notificationRow(start, start + 200 * DAY_MS);
    await db.insertInto('notifications').values(aheadThen).execute();

    clock.advance((t.config.notify.retentionDays + 1) * DAY_MS);
    const now = clock.now();
    const recent = notificationRow(now - DAY_MS);
    await db.insertInto('notifications').values(recent).execute();
    const recipient = await addRecipient(db, recent.id, accountId, now - DAY_MS);
    await addDelivery(db, recipient, now - 15 * DAY_MS);
    const freshDelivery = await addDelivery(db, recipient, now - DAY_MS, 'sms');
    await addSubscription(db, accountId, now - 181 * DAY_MS);
    const seenSubscription = await addSubscription(db, accountId, now - 10 * DAY_MS);
    const smsKeys = { old: dayKey(now - 3 * DAY_MS, accountId), twoDays: dayKey(now - 2 * DAY_MS, accountId), today: dayKey(now, accountId), month: monthKey(now - 100 * DAY_MS) };
    await db.insertInto('sms_counts').values(Object.values(smsKeys).map((key) => ({ key, count: 1, updated_at: iso(now) }))).execute();

    await runCleanupNow(db);

    expect(await ids(db, 'notifications')).toEqual([aheadThen.id, recent.id].sort());
    expect(await ids(db, 'notification_recipients')).toEqual([recipient]);
    expect(await ids(db, 'notification_deliveries')).toEqual([freshDelivery]);
    expect(await ids(db, 'push_subscriptions')).toEqual([seenSubscription]);
    const keys = (await db.selectFrom('sms_counts').select('key').execute()).map((row) => row.key).sort();
    expect(keys).toEqual([smsKeys.twoDays, smsKeys.today, smsKeys.month].sort());
  });
});
