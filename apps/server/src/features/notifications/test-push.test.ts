import { NOTIFICATIONS_TEXT } from '@academy/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakePushService } from '../../../test/fake-push-service';
import { useTestApp } from '../../../test/test-app';
import { student } from '../messages/test-helpers';
import { subscribeDevice } from './send-test-helpers';

// "Send a test notification": a push to the caller's own devices, at most 5 an hour per account.

const push = await startFakePushService();

describe('the test push', () => {
  // Registered first, so it runs after the app has closed its connections to it.
  afterAll(() => push.close());
  const t = useTestApp({ PUSH_TEST_ORIGIN: push.origin, PUSH_TEST_CA_FILE: push.caFile });
  const testPush = (headers: { authorization: string }) => t.app.inject({ method: 'POST', url: '/api/notifications/subscriptions/test', headers });

  it("reaches the caller's own devices only, and refuses a sixth within the hour", async () => {
    const caller = await student(t.app, '2026', 'Indian', 'Theory');
    const other = await student(t.app, '2026', 'Indian', 'Theory');
    const mine = await subscribeDevice(t.database.db, push, caller.student._id, t.config.notify.vapid.publicKey);
    const theirs = await subscribeDevice(t.database.db, push, other.student._id, t.config.notify.vapid.publicKey);

    const answer = await testPush(caller.headers);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ data: { devices: 1 } });
    const received = await push.waitFor((r) => mine.subscription.endpoint.endsWith(`/${r.subscriptionId}`));
    expect(received.payload).toMatchObject({ kind: 'test', title: 'Notifications are on', url: '/#/profile' });
    expect(push.received.some((r) => theirs.subscription.endpoint.endsWith(`/${r.subscriptionId}`))).toBe(false);

    for (let call = 2; call <= 5; call += 1) expect((await testPush(caller.headers)).statusCode).toBe(200);
    const sixth = await testPush(caller.headers);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ message: NOTIFICATIONS_TEXT.testLimit });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('answers 409 to a caller with no device', async () => {
    const caller = await student(t.app, '2026', 'Indian', 'Theory');
    const answer = await testPush(caller.headers);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ message: NOTIFICATIONS_TEXT.noDevices });
  });
});
