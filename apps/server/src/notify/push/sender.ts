import { getMaxListeners, setMaxListeners } from 'node:events';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { PushUrgency } from '@academy/contract';
import webpush from 'web-push';
import { PushTransportError, type PushAnswer, type PushTransport } from './transport.js';

// Web Push for a list of subscriptions: web-push encrypts (RFC 8291, aes128gcm) through
// generateRequestDetails and signs (RFC 8292) once per origin and hour (VapidTokens); the
// transport sends; each answer becomes the outcome notifications.md's table names ('What is
// sent'). Knows no feature: the caller says what to send to whom, with which TTL, urgency and
// topic, and records the outcomes.

export interface PushSubscriptionTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushMessage {
  subscription: PushSubscriptionTarget;
  /** The plaintext the service worker reads: JSON, well under PUSH_MAX_PLAINTEXT_BYTES. */
  payload: string;
  /** Seconds the push service may keep it; held to PUSH_TTL_SECONDS. */
  ttlSeconds: number;
  urgency: PushUrgency;
  /** Replaces a stored, undelivered message of the same topic (≤ 32 URL-safe base64 characters). */
  topic?: string | null;
}

export interface VapidDetails {
  /** mailto: or https: contact, checked at start (vapid-keys.ts). */
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface BuiltPush {
  endpoint: string;
  headers: Record<string, string | number>;
  body: Buffer;
}

export type PushOutcome =
  | { kind: 'sent'; status: number }
  /** The subscription expired or was unsubscribed: delete it, never try again. */
  | { kind: 'gone'; status: number }
  /** Try again: after `retryAfterMs` when the push service said, on the caller's backoff when null. */
  | { kind: 'retry'; status: number | null; retryAfterMs: number | null; reason: string }
  | { kind: 'failed'; status: number | null; reason: string };

/** A 4,096-octet body (RFC 8030 §7.2) holds at most this much plaintext in one aes128gcm record. */
export const PUSH_MAX_PLAINTEXT_BYTES = 3993;
export const PUSH_TTL_SECONDS = { min: 60, max: 2_419_200 };
/** The longest wait a 429's Retry-After is taken for. */
export const RETRY_AFTER_MAX_SECONDS = 3600;
/** Pushes encrypted between two yields to the event loop, so a request is never behind many. */
export const ENCRYPTION_SLICE = 25;

/** How long one signed VAPID token serves an origin; web-push signs it for 12 hours, so every token sent has 11 or more left. */
export const VAPID_TOKEN_REUSE_MS = 60 * 60_000;

/**
 * Each push-service origin's VAPID Authorization header, signed once and reused for an hour. The
 * token names only the origin, the expiry and the subject, so it is the same for every push to
 * that origin, and signing it (ES256, with web-push's key conversion) costs the event loop about
 * 1 ms: more than encrypting the push itself, and 5 s of a 5,000-student announcement.
 */
export class VapidTokens {
  private readonly tokens = new Map<string, { authorization: string; signedAt: number }>();

  /** `now` is the real clock: web-push dates the token's expiry from it. */
  constructor(
    private readonly vapid: VapidDetails,
    private readonly now: () => number = Date.now,
  ) {}

  authorization(origin: string): string {
    const at = this.now();
    const kept = this.tokens.get(origin);
    if (kept && at >= kept.signedAt && at - kept.signedAt < VAPID_TOKEN_REUSE_MS) return kept.authorization;
    const { Authorization } = webpush.getVapidHeaders(origin, this.vapid.subject, this.vapid.publicKey, this.vapid.privateKey, 'aes128gcm');
    this.tokens.set(origin, { authorization: Authorization, signedAt: at });
    return Authorization;
  }
}

/** The request for one push: the encrypted body and its TTL, Urgency, Topic and VAPID headers. */
export function buildPush(message: PushMessage, vapid: VapidDetails, tokens: VapidTokens = new VapidTokens(vapid)): BuiltPush {
  const ttl = Math.min(PUSH_TTL_SECONDS.max, Math.max(PUSH_TTL_SECONDS.min, Math.floor(message.ttlSeconds)));
  const origin = new URL(message.subscription.endpoint).origin;
  const details = webpush.generateRequestDetails(message.subscription, message.payload, {
    TTL: ttl,
    urgency: message.urgency,
    ...(message.topic ? { topic: message.topic } : {}),
    contentEncoding: 'aes128gcm',
  });
  const headers = { ...(details.headers as Record<string, string | number>), Authorization: tokens.authorization(origin) };
  return { endpoint: details.endpoint, headers, body: details.body ?? Buffer.alloc(0) };
}

function retryAfterMs(seconds: number | null): number | null {
  return seconds === null ? null : Math.min(seconds, RETRY_AFTER_MAX_SECONDS) * 1000;
}

/** The outcome of a push service's answer. */
export function outcomeOf(answer: PushAnswer): PushOutcome {
  const { status } = answer;
  if (status >= 200 && status < 300) return { kind: 'sent', status };
  if (status === 404 || status === 410) return { kind: 'gone', status };
  if (status === 429 || status >= 500) return { kind: 'retry', status, retryAfterMs: retryAfterMs(answer.retryAfter), reason: `answered ${status}` };
  return { kind: 'failed', status, reason: `answered ${status}` };
}

/** The outcome of a push that got no answer: a timeout or a broken connection is tried again. */
export function outcomeOfError(error: unknown): PushOutcome {
  if (error instanceof PushTransportError && error.failure === 'refused-address') return { kind: 'failed', status: null, reason: error.message };
  const reason = error instanceof Error ? error.message : String(error);
  return { kind: 'retry', status: null, retryAfterMs: null, reason };
}

/** At most `size` holders at once; the rest wait in turn. */
class Slots {
  private readonly waiting: (() => void)[] = [];
  private free: number;

  constructor(size: number) {
    this.free = Math.max(1, size);
  }

  async take(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}

/**
 * One per instance: every send shares its `concurrency` requests in flight, and a 429 pauses its
 * origin for every send until the Retry-After has passed.
 */
export class PushSender {
  private readonly slots: Slots;
  private readonly pausedUntil = new Map<string, number>();
  private readonly tokens: VapidTokens;

  constructor(
    private readonly transport: Pick<PushTransport, 'post'>,
    private readonly vapid: VapidDetails,
    private readonly concurrency: number,
    private readonly now: () => number = Date.now,
  ) {
    this.slots = new Slots(concurrency);
    this.tokens = new VapidTokens(vapid);
  }

  /** Sends each message and answers its outcome, in the same order. An abort leaves the rest to retry. */
  async send(messages: readonly PushMessage[], signal?: AbortSignal): Promise<PushOutcome[]> {
    // Each request in flight listens on `signal` until it ends: up to `concurrency` at once is no leak.
    if (signal) setMaxListeners(Math.max(getMaxListeners(signal), this.concurrency + 10), signal);
    const outcomes: Promise<PushOutcome>[] = [];
    for (let start = 0; start < messages.length; start += ENCRYPTION_SLICE) {
      for (const message of messages.slice(start, start + ENCRYPTION_SLICE)) {
        if (signal?.aborted) outcomes.push(Promise.resolve({ kind: 'retry', status: null, retryAfterMs: null, reason: 'sending was stopped' }));
        else outcomes.push((await this.start(message, signal)).outcome);
      }
      await yieldToEventLoop();
    }
    return Promise.all(outcomes);
  }

  /**
   * Encrypts `message` and, once a slot is free, starts its request. Answers when the request has
   * started (boxed, so awaiting this does not wait for the answer too).
   */
  private async start(message: PushMessage, signal?: AbortSignal): Promise<{ outcome: Promise<PushOutcome> }> {
    const settled = (outcome: PushOutcome) => ({ outcome: Promise.resolve(outcome) });
    const { endpoint } = message.subscription;
    if (!URL.canParse(endpoint)) return settled({ kind: 'failed', status: null, reason: 'the endpoint is not an address' });
    const origin = new URL(endpoint).origin;
    const paused = this.pausedUntil.get(origin) ?? 0;
    if (paused > this.now()) return settled({ kind: 'retry', status: null, retryAfterMs: paused - this.now(), reason: `${origin} asked to wait` });
    if (Buffer.byteLength(message.payload) > PUSH_MAX_PLAINTEXT_BYTES) return settled({ kind: 'failed', status: null, reason: 'the payload is too large for one push' });
    let push: BuiltPush;
    try {
      push = buildPush(message, this.vapid, this.tokens);
    } catch (error) {
      return settled({ kind: 'failed', status: null, reason: `cannot encrypt for this subscription: ${(error as Error).message}` });
    }
    await this.slots.take();
    const outcome = this.transport
      .post(push.endpoint, push.headers, push.body, signal)
      .then((answer) => {
        const answered = outcomeOf(answer);
        if (answer.status === 429 && answered.kind === 'retry' && answered.retryAfterMs !== null) this.pausedUntil.set(origin, this.now() + answered.retryAfterMs);
        return answered;
      }, outcomeOfError)
      .finally(() => this.slots.give());
    return { outcome };
  }
}
