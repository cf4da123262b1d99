import { afterAll, describe, expect, it } from 'vitest';
import { startFakePushService, type ReceivedPush } from '../../../test/fake-push-service';
import { insertAccounts } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { messageSubject } from '../messages/notification';
import { adminHeaders, send } from '../messages/test-helpers';
import { movableClock, recipientStates, sendJobsDueNow, subscribeDevice, waitForDeliveries } from './send-test-helpers';

// Pushes reach the local push service over TLS, which verifies each VAPID token (signature, its
// own origin as audience, expiry, the key the device subscribed with) and decrypts the body as a
// browser does: what it read is what the student's phone would show.

const push = await startFakePushService();
// Noon in Sri Lanka: outside quiet hours.
const clock = movableClock('2026-03-10T06:30:00.000Z');

interface Shown {
  id: string;
  kind: string;
  title: string;
  body: string;
  url: string;
  lang: string;
}

const shown = (received: ReceivedPush) => received.payload as Shown;
const about = (text: string) => (received: ReceivedPush) => shown(received).body === text;

describe('push delivery', () => {
  // Registered first, so it runs after the app has closed its connections to it.
  afterAll(() => push.close());
  const t = useTestApp({ PUSH_TEST_ORIGIN: push.origin, PUSH_TEST_CA_FILE: push.caFile }, { notificationsClock: clock.now });
  const key = () => t.config.notify.vapid.publicKey;

  it("an announcement reaches both devices of each student it is for, in the student's language, and no other student", async () => {
    const [nimali, kasun, elsewhere] = await insertAccounts(t.database.db, [{ batch: '2026' }, { batch: '2026' }, { batch: '2025' }]);
    if (!nimali || !kasun || !elsewhere) throw new Error('accounts missing');
    await t.database.db.insertInto('notification_preferences').values({ account_id: kasun, language: 'si', updated_at: new Date().toISOString() }).execute();
    const devices = [
      await subscribeDevice(t.database.db, push, nimali, key()),
      await subscribeDevice(t.database.db, push, nimali, key()),
      await subscribeDevice(t.database.db, push, kasun, key()),
      await subscribeDevice(t.database.db, push, kasun, key()),
    ];
    const other = await subscribeDevice(t.database.db, push, elsewhere, key());
    const message = await send(t.app, await adminHeaders(t.app), { message: 'Revision moves to Saturday', batch: '2026' });
    const subject = messageSubject(message._id);

    await waitForDeliveries(t.database.db, subject, 4, ['sent']);
    const states = await recipientStates(t.database.db, subject);
    expect(states.get(nimali)?.push).toBe('sent');
    expect(states.get(kasun)?.push).toBe('sent');
    expect(states.has(elsewhere)).toBe(false);
    const received = push.received.filter(about('Revision moves to Saturday'));
    expect(received.map((r) => r.subscriptionId).sort()).toEqual(devices.map((d) => d.subscription.endpoint.split('/').pop()).sort());
    expect(push.refused).toEqual([]);
    for (const r of received) {
      const payload = shown(r);
      const device = devices.find((d) => d.subscription.endpoint.endsWith(`/${r.subscriptionId}`));
      const account = devices.indexOf(device as (typeof devices)[number]) < 2 ? nimali : kasun;
      expect(payload).toMatchObject({ kind: 'message.new', url: `/#/n/${states.get(account)?.id}`, id: states.get(account)?.id });
      expect(payload.title).toBe(account === kasun ? 'නව නිවේදනයක්' : 'New announcement');
      expect(payload.lang).toBe(account === kasun ? 'si' : 'en');
      expect(r.headers.urgency).toBe('normal');
      expect(Number(r.headers.ttl)).toBeGreaterThan(6 * 86_400);
      expect(r.headers.topic).toBeUndefined();
    }
    expect(push.received.some((r) => other.subscription.endpoint.endsWith(`/${r.subscriptionId}`))).toBe(false);
  });

  it('a device answered 404 or 410 is deleted, its delivery is gone, and the next notification does not try it', async () => {
    const [student] = await insertAccounts(t.database.db, [{ batch: '2027' }]);
    if (!student) throw new Error('account missing');
    const expired = await subscribeDevice(t.database.db, push, student, key());
    const unsubscribed = await subscribeDevice(t.database.db, push, student, key());
    push.gone(expired.subscription, 404);
    push.gone(unsubscribed.subscription, 410);
    const admin = await adminHeaders(t.app);
    const first = await send(t.app, admin, { batch: '2027' });

    await waitForDeliveries(t.database.db, messageSubject(first._id), 2, ['gone']);
    const left = await t.database.db.selectFrom('push_subscriptions').select('id').where('account_id', '=', student).execute();
    expect(left).toEqual([]);
    expect((await recipientStates(t.database.db, messageSubject(first._id))).get(student)?.push).toBe('gone');

    const second = await send(t.app, admin, { batch: '2027' });
    await expect.poll(async () => (await recipientStates(t.database.db, messageSubject(second._id))).get(student)?.push).toBe('none');
  });

  it('a 500 is retried after the backoff and delivered once', async () => {
    const [student] = await insertAccounts(t.database.db, [{ batch: '2025', historyType: 'Europe', classType: 'Paper' }]);
    if (!student) throw new Error('account missing');
    const device = await subscribeDevice(t.database.db, push, student, key());
    push.failTimes(device.subscription, 1, 500);
    const message = await send(t.app, await adminHeaders(t.app), { batch: '2025', region: ['Europe'], classType: ['Paper'] });
    const subject = messageSubject(message._id);

    await waitForDeliveries(t.database.db, subject, 1, ['retry']);
    clock.advance(7_000);
    await sendJobsDueNow(t.database.db);
    const [delivered] = await waitForDeliveries(t.database.db, subject, 1, ['sent']);
    expect(delivered?.attempts).toBe(2);
    expect(push.received.filter(about(message.message))).toHaveLength(1);
  });

  it("a 429 waits the push service's Retry-After, then is delivered", async () => {
    const [student] = await insertAccounts(t.database.db, [{ batch: '2025', historyType: 'Europe', classType: 'Revision' }]);
    if (!student) throw new Error('account missing');
    const device = await subscribeDevice(t.database.db, push, student, key());
    push.tooMany(device.subscription, 120);
    const message = await send(t.app, await adminHeaders(t.app), { batch: '2025', region: ['Europe'], classType: ['Revision'] });
    const subject = messageSubject(message._id);

    const [waiting] = await waitForDeliveries(t.database.db, subject, 1, ['retry']);
    const row = await t.database.db.selectFrom('notification_deliveries').select(['next_attempt_at', 'last_status']).where('id', '=', waiting?.id ?? '').executeTakeFirstOrThrow();
    expect(row).toEqual({ next_attempt_at: new Date(clock.now() + 120_000).toISOString(), last_status: 429 });
    clock.advance(121_000);
    await sendJobsDueNow(t.database.db);
    await waitForDeliveries(t.database.db, subject, 1, ['sent']);
    expect(push.received.filter(about(message.message))).toHaveLength(1);
  });
});
