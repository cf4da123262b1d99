import { afterAll, describe, expect, it } from 'vitest';
import { startFakePushService } from '../../../test/fake-push-service';
import { startFakeSmsProvider } from '../../../test/fake-sms-provider';
import { insertAccounts } from '../../../test/factories';
import { twoInstancesUnavailable, useTwoInstances } from '../../../test/two-instances';
import { loadConfig } from '../../config';
import { messageSubject } from '../messages/notification';
import { adminHeaders, send } from '../messages/test-helpers';
import { movableClock, subscribeDevice, waitForDeliveries } from './send-test-helpers';

// Two instances on one PostgreSQL database, both running notification jobs: each push reaches its
// device once, and the SMS caps hold across both (a reservation is one atomic upsert).

const reason = await twoInstancesUnavailable();
const push = await startFakePushService();
const sms = await startFakeSmsProvider();
// Noon in Sri Lanka: outside quiet hours.
const clock = movableClock('2026-03-10T06:30:00.000Z');

describe.skipIf(reason)(`sending on two server instances${reason ? ` (skipped: ${reason})` : ''}`, () => {
  // Registered first, so they run after both instances have closed.
  afterAll(() => push.close());
  afterAll(() => sms.close());
  const pair = useTwoInstances(
    {
      PUSH_TEST_ORIGIN: push.origin,
      PUSH_TEST_CA_FILE: push.caFile,
      SMS_PROVIDER: 'notify.lk',
      SMS_API_URL: sms.url,
      SMS_NOTIFYLK_USER_ID: sms.credentials.userId,
      SMS_NOTIFYLK_API_KEY: sms.credentials.apiKey,
      SMS_SENDER_ID: sms.credentials.senderId,
      SMS_KINDS: 'message.new',
      SMS_MONTHLY_CAP: '5',
      SMS_DAILY_PER_STUDENT: '3',
    },
    {},
    { notificationsClock: clock.now },
  );

  it('two announcements sent at once, one through each instance, reach every device once and spend no more SMS than the cap', async () => {
    const db = pair.database.db;
    const students = await insertAccounts(db, Array.from({ length: 6 }, () => ({ batch: '2026' })));
    const { publicKey } = loadConfig({ DATA_DIR: pair.database.dataDir }).notify.vapid;
    const devices = await Promise.all(students.flatMap((id) => [subscribeDevice(db, push, id, publicKey), subscribeDevice(db, push, id, publicKey)]));
    const [first, second] = await Promise.all([
      adminHeaders(pair.first).then((admin) => send(pair.first, admin, { batch: '2026' })),
      adminHeaders(pair.second).then((admin) => send(pair.second, admin, { batch: '2026' })),
    ]);
    if (!first || !second) throw new Error('messages missing');

    for (const message of [first, second]) {
      const rows = await waitForDeliveries(db, messageSubject(message._id), 18, ['sent', 'capped']);
      expect(rows.filter((row) => row.channel === 'push' && row.state === 'sent')).toHaveLength(12);
      const received = push.received.filter((r) => (r.payload as { body: string }).body === message.message);
      expect(received.map((r) => r.subscriptionId).sort()).toEqual(devices.map((d) => d.subscription.endpoint.split('/').pop()).sort());
    }
    expect(sms.messages).toHaveLength(5);
    const month = await db.selectFrom('sms_counts').select('count').where('key', '=', 'month:2026-03').executeTakeFirstOrThrow();
    expect(month.count).toBe(5);
  });
});
