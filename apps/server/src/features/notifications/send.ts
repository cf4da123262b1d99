import { createHash } from 'node:crypto';
import { KIND_RULES, type NotificationChannel, type NotificationKind } from '@academy/contract';
import type { JobContext } from '../../jobs/worker';
import { notificationMail } from '../../notify/email/notification-mail';
import type { PushMessage, PushOutcome } from '../../notify/push/sender';
import { reserveSms } from '../../notify/sms/caps';
import { sriLankanMobile } from '../../notify/sms/phone';
import type { NotificationsContext, SendJobPayload } from './context';
import { languageOf, realTimeOf } from './fan-out-deliveries';
import { mailWords, pushPayload, smsText } from './render';
import * as repo from './repo';
import * as sendRepo from './send-repo';
import type { ClaimedDelivery, Outcome } from './send-repo';

// The notify.send job: one batch of deliveries on one channel. Its claim is the lock: a delivery
// is taken by one run on one instance (a run that dies leaves it to the next after the lease).
// Deliveries whose notification was withdrawn or has expired, whose account is no longer active,
// or that were held and opened meanwhile are dropped; the rest are sent, their outcomes recorded,
// the recipients' channel states brought up to date, and the job runs again for what must retry.

/** How long a claimed delivery is this run's before another run may take it. */
export const SEND_LEASE_MS = 5 * 60_000;
/** Waits before each retry: 5 s, 30 s, 2 min, 10 min, 1 h; then the delivery has failed. */
export const RETRY_BACKOFF_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000];
const JITTER = 0.2;
/** 403 on this many deliveries in a row: the device was subscribed with another key; it is deleted. */
const REFUSALS_BEFORE_DELETE = 5;
/** A batch whose next delivery is due now is looked at again this soon, never in a tight loop. */
const SOONEST_AGAIN_MS = 200;

const iso = (ms: number) => new Date(ms).toISOString();

function retryOrFail(row: ClaimedDelivery, now: number, status: number | null, reason: string, retryAfterMs: number | null): Outcome {
  const wait = retryAfterMs ?? RETRY_BACKOFF_MS[row.attempts - 1];
  const next = wait === undefined ? null : now + wait * (retryAfterMs === null ? 1 + (Math.random() * 2 - 1) * JITTER : 1);
  const expired = row.expires_at !== null && next !== null && next >= Date.parse(row.expires_at);
  if (next === null || expired) return { state: 'failed', status, error: `${reason}; no retry left` };
  return { state: 'retry', status, error: reason, nextAttemptAt: iso(next) };
}

/** Why a claimed delivery is not sent at all, or null to send it. */
function dropReason(row: ClaimedDelivery, batch: string, now: number): string | null {
  if (row.notification_state === 'withdrawn') return 'withdrawn';
  if (row.expires_at !== null && Date.parse(row.expires_at) <= now) return 'expired';
  if (row.account_state !== 'active' || row.deleted_at !== null) return 'account not active';
  if (batch.endsWith(':held') && row.opened_at !== null) return 'opened while held';
  return null;
}

function topicOf(row: ClaimedDelivery): string {
  return createHash('sha256').update(`${row.kind}\n${row.subject_key}`).digest('base64url').slice(0, 32);
}

function paramsOf(row: ClaimedDelivery): Record<string, string> {
  return JSON.parse(row.params_json) as Record<string, string>;
}

async function sendPushes(ctx: NotificationsContext, rows: ClaimedDelivery[], now: number, signal: AbortSignal): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  const live = rows.filter((row) => row.endpoint !== null && row.p256dh !== null && row.auth !== null);
  for (const row of rows) if (!live.includes(row)) outcomes.set(row.id, { state: 'gone', status: null, error: 'the device unsubscribed' });
  const unread = await repo.unreadCounts(ctx.db, [...new Set(live.map((row) => row.account_id))]);
  const messages: PushMessage[] = live.map((row) => {
    const kind = row.kind as NotificationKind;
    const payload = pushPayload({
      kind,
      params: paramsOf(row),
      language: languageOf(row.language ?? row.subscription_language),
      recipientId: row.recipient_id,
      unread: unread.get(row.account_id) ?? 0,
      at: iso(now),
    });
    const ttlSeconds = row.expires_at === null ? Number.MAX_SAFE_INTEGER : (Date.parse(row.expires_at) - now) / 1000;
    return {
      subscription: { endpoint: row.endpoint as string, keys: { p256dh: row.p256dh as string, auth: row.auth as string } },
      payload: JSON.stringify(payload),
      ttlSeconds,
      urgency: KIND_RULES[kind].urgency,
      topic: KIND_RULES[kind].topic ? topicOf(row) : null,
    };
  });
  const answers = await ctx.push.send(messages, signal);
  for (const [index, row] of live.entries()) outcomes.set(row.id, await pushOutcome(ctx, row, answers[index] as PushOutcome, now));
  return outcomes;
}

async function pushOutcome(ctx: NotificationsContext, row: ClaimedDelivery, answer: PushOutcome, now: number): Promise<Outcome> {
  if (answer.kind === 'sent') return { state: 'sent', status: answer.status, error: null };
  if (answer.kind === 'gone') return { state: 'gone', status: answer.status, error: `answered ${answer.status}` };
  if (answer.kind === 'retry') return retryOrFail(row, now, answer.status, answer.reason, answer.retryAfterMs);
  if (answer.status === 403 && (await sendRepo.subscriptionRefused(ctx.db, row.subscription_id)) >= REFUSALS_BEFORE_DELETE) {
    return { state: 'gone', status: 403, error: `answered 403 ${REFUSALS_BEFORE_DELETE} times in a row` };
  }
  ctx.log.warn({ deliveryId: row.id, subscriptionId: row.subscription_id, status: answer.status }, 'notifications: a push was refused');
  return { state: 'failed', status: answer.status, error: answer.reason.slice(0, 200) };
}

/** The SMTP reply code of a failed send, when the server gave one. */
function smtpCode(error: unknown): number | null {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' ? code : null;
}

async function sendMails(ctx: NotificationsContext, rows: ClaimedDelivery[], now: number, signal: AbortSignal): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  const publicUrl = ctx.config.publicUrl;
  for (const row of rows) {
    if (publicUrl === null) {
      outcomes.set(row.id, { state: 'dropped', status: null, error: 'PUBLIC_URL is not set' });
      continue;
    }
    const language = languageOf(row.language);
    const words = mailWords({ kind: row.kind as NotificationKind, params: paramsOf(row), language });
    const mail = notificationMail({
      to: row.email,
      name: row.name,
      language,
      branding: ctx.config.branding,
      ...words,
      publicUrl,
      recipientId: row.recipient_id,
      unsubscribeToken: ctx.unsubscribeTokens.sign(row.account_id, row.kind),
    });
    await ctx.mailPace.take(signal);
    try {
      await ctx.mailer.send(mail);
      outcomes.set(row.id, { state: 'sent', status: 250, error: null });
    } catch (error) {
      const code = smtpCode(error);
      const envelope = (error as { code?: unknown }).code === 'EENVELOPE';
      if (envelope && code !== null && code >= 500) outcomes.set(row.id, { state: 'failed', status: code, error: 'the mail server refused the address' });
      else outcomes.set(row.id, retryOrFail(row, now, code, code === null ? 'no answer from the mail server' : `the mail server answered ${code}`, null));
    }
  }
  return outcomes;
}

async function sendSms(ctx: NotificationsContext, rows: ClaimedDelivery[], now: number, signal: AbortSignal): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  const { sms } = ctx;
  const caps = ctx.config.notify.sms;
  for (const row of rows) {
    const mobile = sriLankanMobile(row.whatsapp_no);
    if (!sms || !caps || !mobile) {
      outcomes.set(row.id, { state: 'dropped', status: null, error: sms ? 'no Sri Lankan mobile number' : 'SMS is off' });
      continue;
    }
    const text = smsText({ kind: row.kind as NotificationKind, params: paramsOf(row), language: languageOf(row.language) });
    const reservation = await reserveSms(ctx.db, { monthlyParts: caps.monthlyCap, dailyPerStudent: caps.dailyPerStudent }, row.account_id, text.parts, now);
    if (!reservation.ok) {
      outcomes.set(row.id, { state: 'capped', status: null, error: `the ${reservation.cap === 'month' ? 'monthly' : 'daily'} SMS cap is reached` });
      continue;
    }
    const sent = await sms.send(mobile, text.text, text.unicode, signal);
    if (sent.ok) {
      outcomes.set(row.id, { state: 'sent', status: null, error: null });
      continue;
    }
    await reservation.release();
    outcomes.set(row.id, sent.retry ? retryOrFail(row, now, null, sent.reason, null) : { state: 'failed', status: null, error: sent.reason.slice(0, 200) });
  }
  return outcomes;
}

const SENDERS: Record<NotificationChannel, typeof sendPushes> = { push: sendPushes, email: sendMails, sms: sendSms };

export async function sendBatch(ctx: NotificationsContext, payload: unknown, job: JobContext): Promise<void> {
  const { batch } = payload as SendJobPayload;
  const channel = batch.split(':').at(-2) as NotificationChannel;
  const now = ctx.clock();
  const claimed = await sendRepo.loadClaimed(ctx.db, await sendRepo.claimDue(ctx.db, batch, iso(now), iso(now + SEND_LEASE_MS)));
  const outcomes = new Map<string, Outcome>();
  const toSend: ClaimedDelivery[] = [];
  for (const row of claimed) {
    const reason = dropReason(row, batch, now);
    if (reason) outcomes.set(row.id, { state: 'dropped', status: null, error: reason });
    else toSend.push(row);
  }
  if (toSend.length > 0) for (const [id, outcome] of await SENDERS[channel](ctx, toSend, now, job.signal)) outcomes.set(id, outcome);
  const devicesWith = (state: Outcome['state']) => claimed.filter((row) => row.subscription_id && outcomes.get(row.id)?.state === state).map((row) => row.subscription_id);
  await ctx.db.transaction().execute(async (tx) => {
    const at = iso(now);
    await sendRepo.recordOutcomes(tx, outcomes, at);
    // A device its push service called gone goes in the same write as the outcome that says so.
    await sendRepo.deleteSubscriptions(tx, devicesWith('gone'));
    await sendRepo.subscriptionsReached(tx, devicesWith('sent'), at);
    await sendRepo.refreshRecipientStates(tx, [...new Set(claimed.map((row) => row.recipient_id))], channel);
  });
  const next = await sendRepo.nextWaiting(ctx.db, batch);
  if (next !== null) await job.runAgainAt(Math.max(realTimeOf(ctx, Date.parse(next)), Date.now() + SOONEST_AGAIN_MS));
}
