import { afterAll, describe, expect, it } from 'vitest';
import { startFakeSmsProvider } from '../../../test/fake-sms-provider';
import { insertAccounts } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { messageSubject } from '../messages/notification';
import { adminHeaders, send } from '../messages/test-helpers';
import { movableClock, recipientStates, waitForDeliveries } from './send-test-helpers';

// SMS through the provider's local stand-in (Notify.lk's protocol), within the academy's monthly
// cap of parts and each student's daily cap: a delivery over either is `capped`, never sent.

const provider = await startFakeSmsProvider();
// Noon in Sri Lanka: outside quiet hours.
const clock = movableClock('2026-03-10T06:30:00.000Z');

describe('SMS with caps', () => {
  // Registered first, so it runs after the app has closed its connections to it.
  afterAll(() => provider.close());
  const t = useTestApp(
    {
      SMS_PROVIDER: 'notify.lk',
      SMS_API_URL: provider.url,
      SMS_NOTIFYLK_USER_ID: provider.credentials.userId,
      SMS_NOTIFYLK_API_KEY: provider.credentials.apiKey,
      SMS_SENDER_ID: provider.credentials.senderId,
      SMS_KINDS: 'message.new',
      SMS_MONTHLY_CAP: '3',
      SMS_DAILY_PER_STUDENT: '1',
    },
    { notificationsClock: clock.now },
  );

  it('an announcement reaches students by SMS until the month cap, then marks the rest capped', async () => {
    const students = await insertAccounts(t.database.db, [{ batch: '2026' }, { batch: '2026' }, { batch: '2026' }, { batch: '2026' }]);
    const message = await send(t.app, await adminHeaders(t.app), { batch: '2026' });
    const subject = messageSubject(message._id);

    const rows = await waitForDeliveries(t.database.db, subject, 4, ['sent', 'capped']);
    expect(rows.filter((row) => row.state === 'sent')).toHaveLength(3);
    expect(rows.filter((row) => row.state === 'capped')).toHaveLength(1);
    expect(provider.messages).toHaveLength(3);
    expect(provider.messages.every((sms) => sms.to === '94771234567' && !sms.garbled && sms.text.startsWith('A new announcement'))).toBe(true);
    const states = await recipientStates(t.database.db, subject);
    expect(students.map((id) => states.get(id)?.sms).sort()).toEqual(['capped', 'sent', 'sent', 'sent']);
    const used = await t.database.db.selectFrom('sms_counts').select('count').where('key', '=', 'month:2026-03').executeTakeFirstOrThrow();
    expect(used.count).toBe(3);
  });

  it("a student's second SMS of the day is capped, and a failed send gives its reservation back", async () => {
    await t.database.db.deleteFrom('sms_counts').execute();
    clock.set('2026-04-10T06:30:00.000Z');
    const [reader] = await insertAccounts(t.database.db, [{ batch: '2027' }]);
    if (!reader) throw new Error('account missing');
    const admin = await adminHeaders(t.app);
    provider.errorBody('Insufficient credit');
    const refused = await send(t.app, admin, { batch: '2027' });
    await waitForDeliveries(t.database.db, messageSubject(refused._id), 1, ['failed']);
    const first = await send(t.app, admin, { batch: '2027' });
    await waitForDeliveries(t.database.db, messageSubject(first._id), 1, ['sent']);
    const second = await send(t.app, admin, { batch: '2027' });
    await waitForDeliveries(t.database.db, messageSubject(second._id), 1, ['capped']);
    expect((await recipientStates(t.database.db, messageSubject(second._id))).get(reader)?.sms).toBe('capped');
    const day = await t.database.db.selectFrom('sms_counts').select('count').where('key', '=', `day:2026-04-10:${reader}`).executeTakeFirstOrThrow();
    expect(day.count).toBe(1);
  });
});
