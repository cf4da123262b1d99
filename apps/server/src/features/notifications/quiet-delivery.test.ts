import { afterAll, describe, expect, it } from 'vitest';
import { startFakePushService } from '../../../test/fake-push-service';
import { insertAccounts } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { messageSubject } from '../messages/notification';
import { adminHeaders, send, student } from '../messages/test-helpers';
import { itemAbout, openItem } from './test-helpers';
import { movableClock, recipientStates, runSendJobsNow, sendJobsDueNow, subscribeDevice, waitForDeliveries } from './send-test-helpers';

// Quiet hours (22:00-06:00 Sri Lanka time, UTC+05:30): a push due inside them waits until 06:00,
// while the bell has the notification at once; at 06:00 a held push is dropped if the student has
// opened it meanwhile or it has expired.

const push = await startFakePushService();
const clock = movableClock('2026-03-10T17:00:00.000Z');
/** 06:00 in Sri Lanka on the morning after 22:30 of the clock's start. */
const morning = '2026-03-11T00:30:00.000Z';

describe('quiet hours', () => {
  // Registered first, so it runs after the app has closed its connections to it.
  afterAll(() => push.close());
  const t = useTestApp({ PUSH_TEST_ORIGIN: push.origin, PUSH_TEST_CA_FILE: push.caFile }, { notificationsClock: clock.now });
  const key = () => t.config.notify.vapid.publicKey;

  it('a push due at 22:30 Sri Lanka time is held until 06:00 and then sent; the bell had it at once', async () => {
    clock.set('2026-03-10T17:00:00.000Z');
    const reader = await student(t.app, '2026', 'Indian', 'Theory');
    await subscribeDevice(t.database.db, push, reader.student._id, key());
    const message = await send(t.app, await adminHeaders(t.app), { batch: '2026' });
    const subject = messageSubject(message._id);

    await itemAbout(t.app, reader.headers, message.message);
    await waitForDeliveries(t.database.db, subject, 1, ['held']);
    expect((await recipientStates(t.database.db, subject)).get(reader.student._id)?.push).toBe('held');
    // A minute before 06:00 the held batch's job runs and still sends nothing.
    clock.set('2026-03-11T00:29:00.000Z');
    await runSendJobsNow(t.database.db);
    await waitForDeliveries(t.database.db, subject, 1, ['held']);
    expect(push.received.filter((r) => (r.payload as { body: string }).body === message.message)).toHaveLength(0);

    clock.set(morning);
    await sendJobsDueNow(t.database.db);
    await waitForDeliveries(t.database.db, subject, 1, ['sent']);
    await push.waitFor((r) => (r.payload as { body: string }).body === message.message);
    expect((await recipientStates(t.database.db, subject)).get(reader.student._id)?.push).toBe('sent');
  });

  it('a held push the student opened in the bell meanwhile is dropped at 06:00', async () => {
    clock.set('2026-03-10T17:00:00.000Z');
    const reader = await student(t.app, '2027', 'Indian', 'Theory');
    await subscribeDevice(t.database.db, push, reader.student._id, key());
    const message = await send(t.app, await adminHeaders(t.app), { batch: '2027' });
    const subject = messageSubject(message._id);
    const item = await itemAbout(t.app, reader.headers, message.message);
    await waitForDeliveries(t.database.db, subject, 1, ['held']);
    expect((await openItem(t.app, reader.headers, item.id)).statusCode).toBe(200);

    clock.set(morning);
    await sendJobsDueNow(t.database.db);
    await waitForDeliveries(t.database.db, subject, 1, ['dropped']);
    expect((await recipientStates(t.database.db, subject)).get(reader.student._id)?.push).toBe('dropped');
    expect(push.received.filter((r) => (r.payload as { body: string }).body === message.message)).toHaveLength(0);
  });

  it('a held push whose notification expired by morning is dropped', async () => {
    clock.set('2026-03-10T17:00:00.000Z');
    const [reader] = await insertAccounts(t.database.db, [{ batch: '2025', historyType: 'Europe', classType: 'Revision' }]);
    if (!reader) throw new Error('account missing');
    await subscribeDevice(t.database.db, push, reader, key());
    const message = await send(t.app, await adminHeaders(t.app), { batch: '2025', region: ['Europe'], classType: ['Revision'] });
    const subject = messageSubject(message._id);
    await waitForDeliveries(t.database.db, subject, 1, ['held']);
    // An announcement lives 7 days: the morning a week later is past it.
    clock.set('2026-03-18T00:30:00.000Z');
    await sendJobsDueNow(t.database.db);
    await waitForDeliveries(t.database.db, subject, 1, ['dropped']);
    expect(push.received.filter((r) => (r.payload as { body: string }).body === message.message)).toHaveLength(0);
  });
});
