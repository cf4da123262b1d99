import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedInStudent } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { ANDROID_CHROME } from '../../../test/user-agents';
import { ENDPOINT_REFUSALS, type HostLookup } from '../../notify/push/endpoint-rule';
import { vapidKeyId } from '../../notify/push/vapid-keys';
import type { Headers } from '../messages/test-helpers';
import { PUSH_DEVICES_PER_ACCOUNT } from './subscriptions-service';

/** The local push service's origin a test run names (nothing here connects to it). */
const TEST_ORIGIN = 'https://127.0.0.1:48443';
/** A push service's name that resolves into a private network, as a re-bound name would. */
const REBOUND_HOST = 'rebind.fcm.googleapis.com';
const lookup: HostLookup = async (hostname) => (hostname === REBOUND_HOST ? ['10.1.2.3'] : ['142.250.4.95']);

/** A browser's subscription: a real P-256 key and auth secret, at an FCM address of its own. */
function browserSubscription(endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') }, expirationTime: null, language: 'en' as const };
}

function subscribe(app: ReturnType<typeof useTestApp>['app'], headers: Headers, payload: object, userAgent = ANDROID_CHROME) {
  return app.inject({ method: 'POST', url: '/api/notifications/subscriptions', headers: { ...headers, 'user-agent': userAgent }, payload });
}

describe('push subscriptions', () => {
  const t = useTestApp({ PUSH_TEST_ORIGIN: TEST_ORIGIN, PUSH_TEST_CA_FILE: 'unused-ca.pem' }, { lookup });
  const devicesOf = (accountId: string) => t.database.db.selectFrom('push_subscriptions').selectAll().where('account_id', '=', accountId).orderBy('created_at').execute();

  it("stores a browser's subscription with its device name, refreshes it on the same endpoint (its refusal count only when the keys change), and takes the first language as the account's", async () => {
    const me = await signedInStudent(t.app);
    const first = browserSubscription();
    const stored = await subscribe(t.app, me.headers, { ...first, language: 'si' });
    expect(stored.statusCode, stored.body).toBe(200);
    const { id } = stored.json<{ data: { id: string } }>().data;
    const [row] = await devicesOf(me.student._id);
    expect(row).toMatchObject({ id, endpoint: first.endpoint, p256dh: first.keys.p256dh, auth: first.keys.auth, language: 'si', device: 'Chrome on Android', vapid_key_id: vapidKeyId(t.config.notify.vapid.publicKey) });

    const setFailures = (failures: number) => t.database.db.updateTable('push_subscriptions').set({ failures }).where('id', '=', id).execute();
    await setFailures(2);
    expect((await subscribe(t.app, me.headers, { ...first, language: 'si' })).statusCode).toBe(200);
    expect((await devicesOf(me.student._id))[0]?.failures).toBe(2);

    const renewed = browserSubscription(first.endpoint);
    const again = await subscribe(t.app, me.headers, renewed);
    expect(again.json()).toMatchObject({ data: { id } });
    const rows = await devicesOf(me.student._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id, p256dh: renewed.keys.p256dh, auth: renewed.keys.auth, language: 'en', created_at: row?.created_at, failures: 0 });

    const preferences = await t.database.db.selectFrom('notification_preferences').selectAll().where('account_id', '=', me.student._id).executeTakeFirstOrThrow();
    expect(preferences.language).toBe('si');
  });

  it("refuses an endpoint that is not a push service's public https address, naming the field, and stores nothing", async () => {
    const me = await signedInStudent(t.app);
    const cases: [string, string][] = [
      ['http://fcm.googleapis.com/fcm/send/abc', ENDPOINT_REFUSALS.notHttps],
      ['https://user:pw@fcm.googleapis.com/fcm/send/abc', ENDPOINT_REFUSALS.notHttps],
      ['not an address', ENDPOINT_REFUSALS.notHttps],
      ['https://10.0.0.1/push', ENDPOINT_REFUSALS.privateNetwork],
      ['https://127.0.0.1:1/push', ENDPOINT_REFUSALS.privateNetwork],
      ['https://[::1]/push', ENDPOINT_REFUSALS.privateNetwork],
      ['https://[::ffff:192.168.1.1]/push', ENDPOINT_REFUSALS.privateNetwork],
      ['https://169.254.169.254/latest/meta-data', ENDPOINT_REFUSALS.privateNetwork],
      ['https://100.64.0.1/push', ENDPOINT_REFUSALS.privateNetwork],
      [`https://${REBOUND_HOST}/fcm/send/abc`, ENDPOINT_REFUSALS.privateNetwork],
      ['https://push.example.com/abc', ENDPOINT_REFUSALS.notPushService],
      ['https://fcm.googleapis.com.example.com/fcm/send/abc', ENDPOINT_REFUSALS.notPushService],
      ['https://fcm.googleapis.com:8443/fcm/send/abc', ENDPOINT_REFUSALS.notPushService],
    ];
    for (const [endpoint, message] of cases) {
      const refused = await subscribe(t.app, me.headers, browserSubscription(endpoint));
      expect(refused.statusCode, endpoint).toBe(400);
      expect(refused.json(), endpoint).toMatchObject({ code: 400, message, errors: [{ field: 'endpoint', message }] });
    }
    expect(await devicesOf(me.student._id)).toEqual([]);
  });

  it('accepts the test origin the settings name, and a push service of the allow list by a sub-domain', async () => {
    const me = await signedInStudent(t.app);
    for (const endpoint of [`${TEST_ORIGIN}/push/${randomBytes(8).toString('hex')}`, `https://wns2-par02p.notify.windows.com/w/?token=${randomBytes(8).toString('hex')}`]) {
      const stored = await subscribe(t.app, me.headers, browserSubscription(endpoint));
      expect(stored.statusCode, stored.body).toBe(200);
    }
    expect(await devicesOf(me.student._id)).toHaveLength(2);
  });

  it('refuses keys that are not a P-256 public key or a 16-byte auth secret, and stores nothing', async () => {
    const me = await signedInStudent(t.app);
    const good = browserSubscription();
    const offCurve = Buffer.from(good.keys.p256dh, 'base64url');
    offCurve[64] = (offCurve[64] ?? 0) ^ 0xff;
    const compressed = Buffer.concat([Buffer.from([0x02]), randomBytes(32)]).toString('base64url');
    const cases: [object, string, string][] = [
      [{ p256dh: 'not-a-key', auth: good.keys.auth }, 'keys.p256dh', 'keys.p256dh must be a P-256 public key'],
      [{ p256dh: offCurve.toString('base64url'), auth: good.keys.auth }, 'keys.p256dh', 'keys.p256dh must be a P-256 public key'],
      [{ p256dh: compressed, auth: good.keys.auth }, 'keys.p256dh', 'keys.p256dh must be a P-256 public key'],
      [{ p256dh: good.keys.p256dh, auth: randomBytes(15).toString('base64url') }, 'keys.auth', 'keys.auth must be 16 bytes'],
      [{ p256dh: good.keys.p256dh, auth: `${randomBytes(16).toString('base64url').slice(0, 20)}!!` }, 'keys.auth', 'keys.auth must be 16 bytes'],
    ];
    for (const [keys, field, message] of cases) {
      const refused = await subscribe(t.app, me.headers, { ...good, keys });
      expect(refused.statusCode, JSON.stringify(keys)).toBe(400);
      expect(refused.json()).toMatchObject({ errors: [{ field, message }] });
    }
    const noLanguage = await subscribe(t.app, me.headers, { ...good, language: undefined });
    expect(noLanguage.statusCode).toBe(400);
    expect(noLanguage.json()).toMatchObject({ errors: [{ field: 'language' }] });
    expect(await devicesOf(me.student._id)).toEqual([]);
  });

  it(`keeps at most ${PUSH_DEVICES_PER_ACCOUNT} devices: one more drops the least recently seen`, async () => {
    const me = await signedInStudent(t.app);
    const devices = Array.from({ length: PUSH_DEVICES_PER_ACCOUNT }, () => browserSubscription());
    for (const [index, device] of devices.entries()) {
      expect((await subscribe(t.app, me.headers, device)).statusCode).toBe(200);
      // Seen one after another, a minute apart, the first longest ago.
      await t.database.db.updateTable('push_subscriptions').set({ last_seen_at: `2026-01-01T00:${String(index).padStart(2, '0')}:00.000Z` }).where('endpoint', '=', device.endpoint).execute();
    }
    const [oldest, secondOldest] = devices;
    if (!oldest || !secondOldest) throw new Error('no devices');
    // The oldest opens the app again: now it is the most recently seen.
    expect((await subscribe(t.app, me.headers, oldest)).statusCode).toBe(200);
    const newcomer = browserSubscription();
    expect((await subscribe(t.app, me.headers, newcomer)).statusCode).toBe(200);

    const endpoints = (await devicesOf(me.student._id)).map((row) => row.endpoint);
    expect(endpoints).toHaveLength(PUSH_DEVICES_PER_ACCOUNT);
    expect(endpoints).toContain(oldest.endpoint);
    expect(endpoints).toContain(newcomer.endpoint);
    expect(endpoints).not.toContain(secondOldest.endpoint);
  });

  it("moves an endpoint another account held to the caller; a caller deletes only their own, and an unknown endpoint alike", async () => {
    const first = await signedInStudent(t.app);
    const second = await signedInStudent(t.app);
    const shared = browserSubscription();
    expect((await subscribe(t.app, first.headers, shared)).statusCode).toBe(200);
    await t.database.db.updateTable('push_subscriptions').set({ last_success_at: '2026-01-01T00:00:00.000Z' }).where('endpoint', '=', shared.endpoint).execute();
    expect((await subscribe(t.app, second.headers, shared)).statusCode).toBe(200);
    expect(await devicesOf(first.student._id)).toEqual([]);
    const [moved] = await devicesOf(second.student._id);
    expect(moved).toMatchObject({ endpoint: shared.endpoint, last_success_at: null });

    const remove = (headers: Headers, endpoint: string) => t.app.inject({ method: 'DELETE', url: '/api/notifications/subscriptions', headers, payload: { endpoint } });
    const notTheirs = await remove(first.headers, shared.endpoint);
    expect(notTheirs.statusCode).toBe(200);
    expect(await devicesOf(second.student._id)).toHaveLength(1);
    const unknown = await remove(first.headers, 'https://fcm.googleapis.com/fcm/send/never-subscribed');
    expect(unknown.json()).toMatchObject({ code: 200, data: null });
    const own = await remove(second.headers, shared.endpoint);
    expect(own.statusCode).toBe(200);
    expect(await devicesOf(second.student._id)).toEqual([]);
  });

  it('answers 401 to a caller who is not signed in', async () => {
    expect((await subscribe(t.app, {} as Headers, browserSubscription())).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/notifications/subscriptions', payload: { endpoint: 'https://fcm.googleapis.com/x' } })).statusCode).toBe(401);
  });
});
