import { randomUUID } from 'node:crypto';
import { vi } from 'vitest';
import type { FakePushService, FakeSubscription } from '../../../test/fake-push-service';
import type { Db } from '../../db/database';
import { SEND_JOB } from './context';

// Shared by the sending tests: a notifications clock the test moves, devices subscribed as a
// browser would be, telling the jobs table that moved time has passed, and waiting on deliveries.

export interface MovableClock {
  now: () => number;
  set(at: string): void;
  advance(ms: number): void;
}

export function movableClock(start: string): MovableClock {
  let at = Date.parse(start);
  return {
    now: () => at,
    set: (iso) => {
      at = Date.parse(iso);
    },
    advance: (ms) => {
      at += ms;
    },
  };
}

/** A device of the account, subscribed at the fake push service with the server's key, stored as the subscriptions route stores it. */
export async function subscribeDevice(db: Db, push: FakePushService, accountId: string, publicKey: string, language = 'en'): Promise<{ id: string; subscription: FakeSubscription }> {
  const subscription = push.subscribe(publicKey);
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('push_subscriptions')
    .values({ id, account_id: accountId, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, vapid_key_id: 'test', language, expiration_time: null, created_at: now, last_seen_at: now })
    .execute();
  return { id, subscription };
}

/**
 * The jobs table runs on the real clock: after a test moves the notifications clock past a held or
 * retried delivery, its send job, queued for the real moment, is told to run now.
 */
export async function sendJobsDueNow(db: Db): Promise<string> {
  const due = new Date().toISOString();
  await db.updateTable('jobs').set({ run_after: due }).where('kind', '=', SEND_JOB).where('state', '=', 'queued').execute();
  return due;
}

/**
 * Makes the waiting send jobs due and waits until each has run: none is running and none is still
 * queued for then (a job that found nothing to send yet has queued itself again for later). What a
 * test then finds unsent was judged by a job, not merely not reached yet.
 */
export async function runSendJobsNow(db: Db): Promise<void> {
  const due = await sendJobsDueNow(db);
  await vi.waitFor(
    async () => {
      const waiting = await db
        .selectFrom('jobs')
        .select(['job_key', 'state'])
        .where('kind', '=', SEND_JOB)
        .where((eb) => eb.or([eb('state', '=', 'running'), eb.and([eb('state', '=', 'queued'), eb('run_after', '<=', due)])]))
        .execute();
      if (waiting.length > 0) throw new Error(`send jobs not run yet: ${JSON.stringify(waiting)}`);
    },
    { timeout: 20_000, interval: 50 },
  );
}

export interface DeliveryRow {
  id: string;
  recipient_id: string;
  channel: string;
  subscription_id: string;
  state: string;
  attempts: number;
  account_id: string;
}

/** Every delivery of the notification about `subjectKey`. */
export function deliveriesAbout(db: Db, subjectKey: string): Promise<DeliveryRow[]> {
  return db
    .selectFrom('notification_deliveries as d')
    .innerJoin('notification_recipients as r', 'r.id', 'd.recipient_id')
    .innerJoin('notifications as n', 'n.id', 'r.notification_id')
    .select(['d.id', 'd.recipient_id', 'd.channel', 'd.subscription_id', 'd.state', 'd.attempts', 'r.account_id'])
    .where('n.subject_key', '=', subjectKey)
    .execute();
}

/** Waits until the notification's deliveries are `count` and each is in one of `states`. */
export async function waitForDeliveries(db: Db, subjectKey: string, count: number, states: string[], timeout = 15_000): Promise<DeliveryRow[]> {
  let rows: DeliveryRow[] = [];
  await vi.waitFor(
    async () => {
      rows = await deliveriesAbout(db, subjectKey);
      if (rows.length !== count || !rows.every((row) => states.includes(row.state))) {
        throw new Error(`deliveries: ${JSON.stringify(rows.map((row) => row.state))}`);
      }
    },
    { timeout, interval: 50 },
  );
  return rows;
}

/** Each recipient's channel states of the notification about `subjectKey`, by account. */
export async function recipientStates(db: Db, subjectKey: string): Promise<Map<string, { id: string; push: string | null; email: string | null; sms: string | null }>> {
  const rows = await db
    .selectFrom('notification_recipients as r')
    .innerJoin('notifications as n', 'n.id', 'r.notification_id')
    .select(['r.id', 'r.account_id', 'r.push_state', 'r.email_state', 'r.sms_state'])
    .where('n.subject_key', '=', subjectKey)
    .execute();
  return new Map(rows.map((row) => [row.account_id, { id: row.id, push: row.push_state, email: row.email_state, sms: row.sms_state }]));
}
