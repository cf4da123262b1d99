import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePushService, type FakePushService } from '../../../test/fake-push-service.js';
import { outcomeOf, outcomeOfError, PushSender, VAPID_TOKEN_REUSE_MS, VapidTokens, type PushMessage, type VapidDetails } from './sender.js';
import { PushTransport, PushTransportError } from './transport.js';
import { generateVapidKeys } from './vapid-keys.js';

// The sender against the local push service, as a real push service would judge it: the fake
// verifies each VAPID token (signature, aud, exp, sub, and the key the browser subscribed with)
// and decrypts each body with its own RFC code, so what it records is what a phone would show.

describe('pushes through the local push service', () => {
  let service: FakePushService;
  let transport: PushTransport;
  const vapid: VapidDetails = { subject: 'mailto:office@academy.lk', ...generateVapidKeys() };

  beforeAll(async () => {
    service = await startFakePushService();
    transport = new PushTransport({ maxSockets: 10, testOrigin: service.origin, testCaFile: service.caFile });
  });
  afterAll(async () => {
    transport.close();
    await service.close();
  });

  const message = (subscription: PushMessage['subscription'], payload: object, rest: Partial<PushMessage> = {}): PushMessage => ({
    subscription,
    payload: JSON.stringify(payload),
    ttlSeconds: 3600,
    urgency: 'normal',
    ...rest,
  });

  it('delivers each payload encrypted and signed: the service verified the token and decrypted exactly what was sent', async () => {
    const phone = service.subscribe(vapid.publicKey);
    const laptop = service.subscribe(vapid.publicKey);
    const payload = { id: 'n-1', kind: 'paper.opening', title: 'ප්‍රශ්න පත්‍රය විවෘතයි', body: 'Paper 3 opens at 9:00', url: '/#/n/r-1', unread: 2 };
    const sender = new PushSender(transport, vapid, 4);

    const outcomes = await sender.send([
      message(phone, payload, { urgency: 'high', topic: 'paper-3', ttlSeconds: 7200 }),
      message(laptop, { ...payload, url: '/#/n/r-2' }),
    ]);

    expect(outcomes).toEqual([
      { kind: 'sent', status: 201 },
      { kind: 'sent', status: 201 },
    ]);
    const onPhone = await service.waitFor((push) => phone.endpoint.endsWith(push.subscriptionId));
    expect(onPhone.payload).toEqual(payload);
    expect(onPhone.headers).toMatchObject({ ttl: '7200', urgency: 'high', topic: 'paper-3', 'content-encoding': 'aes128gcm' });
    const [, token = '', key] = /^vapid t=([^,]+), k=(.+)$/.exec(onPhone.headers.authorization ?? '') ?? [];
    expect(key).toBe(vapid.publicKey);
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { aud: string; sub: string };
    expect(claims).toMatchObject({ aud: service.origin, sub: vapid.subject });
    const onLaptop = await service.waitFor((push) => laptop.endpoint.endsWith(push.subscriptionId));
    expect(onLaptop.payload).toEqual({ ...payload, url: '/#/n/r-2' });
    expect(onLaptop.headers).toMatchObject({ ttl: '3600', urgency: 'normal' });
    expect(onLaptop.headers.topic).toBeUndefined();
  });

  it('answers gone for a subscription the service answers 404 or 410', async () => {
    const expired = service.subscribe(vapid.publicKey);
    const unsubscribed = service.subscribe(vapid.publicKey);
    service.gone(expired, 404);
    service.gone(unsubscribed, 410);
    const outcomes = await new PushSender(transport, vapid, 4).send([message(expired, { id: 'a' }), message(unsubscribed, { id: 'b' })]);
    expect(outcomes).toEqual([
      { kind: 'gone', status: 404 },
      { kind: 'gone', status: 410 },
    ]);
  });

  it('answers retry for a 500, on the caller’s backoff, and the next try is delivered', async () => {
    const device = service.subscribe(vapid.publicKey);
    service.failTimes(device, 1, 500);
    const sender = new PushSender(transport, vapid, 4);
    expect(await sender.send([message(device, { id: 'c' })])).toEqual([{ kind: 'retry', status: 500, retryAfterMs: null, reason: 'answered 500' }]);
    expect(await sender.send([message(device, { id: 'c' })])).toEqual([{ kind: 'sent', status: 201 }]);
    expect((await service.waitFor((push) => device.endpoint.endsWith(push.subscriptionId))).payload).toEqual({ id: 'c' });
  });

  it('answers retry after the Retry-After of a 429, and pauses that origin for every other push meanwhile', async () => {
    const busy = service.subscribe(vapid.publicKey);
    const other = service.subscribe(vapid.publicKey);
    service.tooMany(busy, 120);
    const sender = new PushSender(transport, vapid, 4);
    expect(await sender.send([message(busy, { id: 'd' })])).toEqual([{ kind: 'retry', status: 429, retryAfterMs: 120_000, reason: 'answered 429' }]);

    const before = service.received.length;
    const [paused] = await sender.send([message(other, { id: 'e' })]);
    expect(paused).toMatchObject({ kind: 'retry', status: null });
    expect(paused?.kind === 'retry' && paused.retryAfterMs).toBeGreaterThan(110_000);
    expect(service.received).toHaveLength(before);
  });

  it('answers failed when the push service refuses the signature: signed with a key the browser did not subscribe with', async () => {
    const device = service.subscribe(generateVapidKeys().publicKey);
    const outcomes = await new PushSender(transport, vapid, 4).send([message(device, { id: 'f' })]);
    expect(outcomes).toEqual([{ kind: 'failed', status: 403, reason: 'answered 403' }]);
    expect(service.refused.at(-1)).toMatchObject({ status: 403, reason: 'k is not the key this subscription was made with' });
  });

  it('answers failed, without a request, for a payload too large for one push or keys that cannot be encrypted to', async () => {
    const device = service.subscribe(vapid.publicKey);
    const before = service.received.length + service.refused.length;
    const outcomes = await new PushSender(transport, vapid, 4).send([
      message(device, { text: 'x'.repeat(4000) }),
      message({ endpoint: device.endpoint, keys: { p256dh: 'AAAA', auth: device.keys.auth } }, { id: 'g' }),
    ]);
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['failed', 'failed']);
    expect(service.received.length + service.refused.length).toBe(before);
  });

  it('keeps at most its concurrency in flight, shared by every send', async () => {
    const devices = Array.from({ length: 6 }, () => service.subscribe(vapid.publicKey));
    for (const device of devices) service.slow(device, 50);
    let inFlight = 0;
    let most = 0;
    const counting = {
      post: async (...args: Parameters<PushTransport['post']>) => {
        most = Math.max(most, ++inFlight);
        return transport.post(...args).finally(() => inFlight--);
      },
    };
    const sender = new PushSender(counting, vapid, 2);
    const outcomes = await Promise.all([sender.send(devices.slice(0, 3).map((device) => message(device, {}))), sender.send(devices.slice(3).map((device) => message(device, {})))]);
    expect(outcomes.flat().every((outcome) => outcome.kind === 'sent')).toBe(true);
    expect(most).toBe(2);
  });
});

describe('the outcome of each answer (notifications.md, What is sent)', () => {
  it.each([
    [201, null, { kind: 'sent', status: 201 }],
    [404, null, { kind: 'gone', status: 404 }],
    [410, null, { kind: 'gone', status: 410 }],
    [429, 30, { kind: 'retry', status: 429, retryAfterMs: 30_000, reason: 'answered 429' }],
    [429, 7200, { kind: 'retry', status: 429, retryAfterMs: 3_600_000, reason: 'answered 429' }],
    [503, null, { kind: 'retry', status: 503, retryAfterMs: null, reason: 'answered 503' }],
    [413, null, { kind: 'failed', status: 413, reason: 'answered 413' }],
    [400, null, { kind: 'failed', status: 400, reason: 'answered 400' }],
    [401, null, { kind: 'failed', status: 401, reason: 'answered 401' }],
    [403, null, { kind: 'failed', status: 403, reason: 'answered 403' }],
    [302, null, { kind: 'failed', status: 302, reason: 'answered 302' }],
  ])('%i (Retry-After %s)', (status, retryAfter, outcome) => {
    expect(outcomeOf({ status, retryAfter })).toEqual(outcome);
  });

  it('a timeout or a broken connection is retried; an address the transport refused is failed, never retried', () => {
    expect(outcomeOfError(new PushTransportError('timeout', 'no answer'))).toMatchObject({ kind: 'retry', status: null, retryAfterMs: null });
    expect(outcomeOfError(new PushTransportError('connection', 'reset'))).toMatchObject({ kind: 'retry', status: null });
    expect(outcomeOfError(new PushTransportError('refused-address', 'private'))).toMatchObject({ kind: 'failed', status: null });
  });
});

describe('VAPID tokens', () => {
  const vapid: VapidDetails = { subject: 'mailto:office@academy.lk', ...generateVapidKeys() };

  it('signs one token per push-service origin and signs a new one after an hour', () => {
    let now = Date.now();
    const tokens = new VapidTokens(vapid, () => now);
    const first = tokens.authorization('https://fcm.googleapis.com');
    expect(tokens.authorization('https://fcm.googleapis.com')).toBe(first);
    const other = tokens.authorization('https://web.push.apple.com');
    expect(other).not.toBe(first);
    expect(JSON.parse(Buffer.from(/t=[^.]+\.([^.]+)\./.exec(other)?.[1] ?? '', 'base64url').toString('utf8'))).toMatchObject({ aud: 'https://web.push.apple.com' });
    now += VAPID_TOKEN_REUSE_MS - 1;
    expect(tokens.authorization('https://fcm.googleapis.com')).toBe(first);
    now += 1;
    expect(tokens.authorization('https://fcm.googleapis.com')).not.toBe(first);
  });
});
