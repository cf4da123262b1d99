import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sentNotificationsAnswerSchema, type SentNotification } from '@academy/contract';
import { useTestApp } from '../../../test/test-app';
import { monthKey } from '../../notify/sms/caps';
import { messageSubject } from '../messages/notification';
import { adminHeaders, send, student, type Headers } from '../messages/test-helpers';
import { fanOutNow } from './fan-out-now';
import { EMAIL_AND_SMS } from './preferences-test-helpers';
import { STATS_CACHE_MS } from './stats-cache';

type Outcome = { push_state: string | null; email_state: string | null; sms_state: string | null; opened_via: string | null };

/** Four students' outcomes, one of each kind the admin's counts name. */
const OUTCOMES: Outcome[] = [
  { push_state: 'sent', email_state: 'off', sms_state: null, opened_via: 'push' },
  { push_state: 'failed', email_state: 'sent', sms_state: null, opened_via: 'bell' },
  { push_state: 'gone', email_state: 'none', sms_state: null, opened_via: null },
  { push_state: 'held', email_state: 'failed', sms_state: null, opened_via: 'email' },
];
const zeros = { sent: 0, held: 0, failed: 0, off: 0, gone: 0, capped: 0 };
const EXPECTED = {
  recipients: 4,
  push: { ...zeros, sent: 1, failed: 1, gone: 1, held: 1 },
  email: { ...zeros, sent: 1, failed: 1, off: 1 },
  sms: zeros,
  opened: 3,
  openedVia: { bell: 1, push: 1, email: 1, link: 0 },
};

describe("the admin's notification counts", () => {
  // No worker: the fan-out runs when the test says, so nothing rewrites the outcomes it sets.
  let now = Date.now();
  const t = useTestApp({ ...EMAIL_AND_SMS, NOTIFY_JOB_CONCURRENCY: '0' }, { notificationsClock: () => now });
  let admin: Headers;
  let notificationId: string;
  let subjectKey: string;
  beforeAll(async () => {
    admin = await adminHeaders(t.app);
    const students = [];
    for (let i = 0; i < OUTCOMES.length; i += 1) students.push(await student(t.app, '2027', 'Indian', 'Theory'));
    const message = await send(t.app, admin, { batch: '2027' });
    await fanOutNow(t);
    subjectKey = messageSubject(message._id);
    const notification = await t.database.db.selectFrom('notifications').select('id').where('subject_key', '=', subjectKey).executeTakeFirstOrThrow();
    notificationId = notification.id;
    const recipients = await t.database.db.selectFrom('notification_recipients').select('id').where('notification_id', '=', notificationId).orderBy('id').execute();
    expect(recipients).toHaveLength(OUTCOMES.length);
    for (const [index, recipient] of recipients.entries()) {
      const outcome = OUTCOMES[index] as Outcome;
      const opened = outcome.opened_via ? '2026-11-20T10:00:00.000Z' : null;
      await t.database.db.updateTable('notification_recipients').set({ ...outcome, opened_at: opened, read_at: opened }).where('id', '=', recipient.id).execute();
    }
  });

  const get = (url: string, headers: Headers = admin) => t.app.inject({ url, headers });

  it('lists a fanned-out announcement with its recipients, each channel\'s outcomes and its opens', async () => {
    const answer = await get('/api/notifications/sent');
    expect(answer.statusCode, answer.body).toBe(200);
    const { items } = sentNotificationsAnswerSchema.parse(answer.json()).data;
    const ours = items.find((item) => item.id === notificationId);
    expect(ours).toMatchObject({ kind: 'message.new', ...EXPECTED });
    expect(Object.keys(ours?.params ?? {})).toContain('excerpt');
  });

  it("answers one kind's counts for the subjects asked, leaving out subjects with no notification, and holds them 10 s on the instance", async () => {
    const url = `/api/notifications/stats?kind=message.new&subjects=${encodeURIComponent(`${subjectKey},message:never-sent`)}`;
    const answer = await get(url);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ data: unknown[] }>().data).toEqual([{ subjectKey, ...EXPECTED }]);

    // A student opens it now: the counts of this instance stay as they were for the next 10 s.
    await t.database.db.updateTable('notification_recipients').set({ opened_at: '2026-11-20T11:00:00.000Z', opened_via: 'link' }).where('notification_id', '=', notificationId).where('opened_at', 'is', null).execute();
    expect((await get(url)).json<{ data: unknown[] }>().data).toEqual([{ subjectKey, ...EXPECTED }]);
    now += STATS_CACHE_MS;
    expect((await get(url)).json<{ data: unknown[] }>().data).toEqual([{ subjectKey, ...EXPECTED, opened: 4, openedVia: { ...EXPECTED.openedVia, link: 1 } }]);

    const otherKind = await get(`/api/notifications/stats?kind=lesson.new&subjects=${encodeURIComponent(subjectKey)}`);
    expect(otherKind.json()).toMatchObject({ data: [] });
  });

  it('pages every fanned-out notification newest first, by kind if asked, leaving out scheduled and withdrawn ones', async () => {
    const older = Array.from({ length: 22 }, (_, index) => ({
      id: randomUUID(),
      kind: 'lesson.new',
      subject_key: `lesson:${randomUUID()}`,
      params_json: JSON.stringify({ className: 'Theory 2027', title: `Lesson ${index}` }),
      link: '/view/file',
      audience_json: '{"accounts":[]}',
      state: index === 5 ? 'withdrawn' : index === 6 ? 'scheduled' : 'sent',
      not_before: `2025-01-01T00:${String(index).padStart(2, '0')}:00.000Z`,
      created_at: `2025-01-01T00:${String(index).padStart(2, '0')}:00.000Z`,
    }));
    await t.database.db.insertInto('notifications').values(older).execute();
    const listed = older.filter((row) => row.state === 'sent').reverse();

    const first = sentNotificationsAnswerSchema.parse((await get('/api/notifications/sent')).json()).data;
    expect(first.items.map((item) => item.id)).toEqual([notificationId, ...listed.slice(0, 19).map((row) => row.id)]);
    expect(first.before).not.toBeNull();
    const second = sentNotificationsAnswerSchema.parse((await get(`/api/notifications/sent?before=${encodeURIComponent(first.before ?? '')}`)).json()).data;
    expect(second.items.map((item) => item.id)).toEqual(listed.slice(19).map((row) => row.id));
    expect(second.before).toBeNull();
    expect(second.items[0]).toMatchObject({ recipients: 0, push: zeros, opened: 0 } satisfies Partial<SentNotification>);

    const lessons = sentNotificationsAnswerSchema.parse((await get('/api/notifications/sent?kind=lesson.new')).json()).data;
    expect(lessons.items.map((item) => item.id)).toEqual(listed.slice(0, 20).map((row) => row.id));
  });

  it("answers this month's SMS parts against the academy's cap", async () => {
    const key = monthKey(now);
    await t.database.db.insertInto('sms_counts').values({ key, count: 7, updated_at: new Date(now).toISOString() }).execute();
    const answer = await get('/api/notifications/sms-usage');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      data: { provider: 'notify.lk', kinds: ['paper.opening', 'fee.due', 'slip.rejected'], month: key.slice('month:'.length), used: 7, cap: t.config.notify.sms?.monthlyCap },
    });
  });

  it('refuses a bad query naming the field', async () => {
    const tooMany = Array.from({ length: 51 }, (_, index) => `message:${index}`).join(',');
    const cases: [string, string][] = [
      ['/api/notifications/stats?subjects=message:a', 'kind'],
      [`/api/notifications/stats?kind=message.new&subjects=${tooMany}`, 'subjects'],
      ['/api/notifications/stats?kind=message.new&subjects=a,,b', 'subjects'],
      ['/api/notifications/sent?kind=lesson.old', 'kind'],
      ['/api/notifications/sent?before=yesterday', 'before'],
    ];
    for (const [url, field] of cases) {
      const refused = await get(url);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json()).toMatchObject({ errors: [{ field }] });
    }
  });

  it('refuses students (403) and callers who are not signed in (401)', async () => {
    const me = await student(t.app, '2027', 'Indian', 'Theory');
    for (const url of ['/api/notifications/sent', `/api/notifications/stats?kind=message.new&subjects=${encodeURIComponent(subjectKey)}`, '/api/notifications/sms-usage']) {
      expect((await get(url, me.headers)).statusCode, url).toBe(403);
      expect((await get(url, {} as Headers)).statusCode, url).toBe(401);
    }
  });
});
