import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_NOTIFICATION_KINDS, NOTIFICATION_KINDS } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { adminHeaders, type Headers } from '../messages/test-helpers';
import { EMAIL_AND_SMS, kindOf, preferences, putPreferences } from './preferences-test-helpers';

const STUDENT_KINDS = NOTIFICATION_KINDS.filter((kind) => !(ADMIN_NOTIFICATION_KINDS as readonly string[]).includes(kind));

describe('notification preferences, with e-mail and SMS offered', () => {
  const t = useTestApp(EMAIL_AND_SMS);
  let admin: Headers;
  beforeAll(async () => {
    admin = await adminHeaders(t.app);
  });

  it("answers a student's defaults: the student kinds, e-mail on the kinds that mail by default and none on fees' own mails, SMS only where the academy lists the kind, the number masked", async () => {
    const me = await signedInStudent(t.app, { whatsAppNo: '0771234567' });
    const answer = await preferences(t.app, me.headers);

    expect(answer).toMatchObject({
      language: 'en',
      channels: { push: true, email: true, sms: true },
      smsNumber: '077 ••• 4567',
      pushKey: t.config.notify.vapid.publicKey,
      quietHours: { from: '22:00', to: '06:00' },
    });
    expect(answer.kinds.map((entry) => entry.kind)).toEqual(STUDENT_KINDS);
    expect(kindOf(answer, 'lesson.new')).toEqual({ kind: 'lesson.new', push: true, email: false, sms: null });
    expect(kindOf(answer, 'results.released')).toEqual({ kind: 'results.released', push: true, email: true, sms: null });
    expect(kindOf(answer, 'paper.opening')).toEqual({ kind: 'paper.opening', push: true, email: false, sms: true });
    expect(kindOf(answer, 'slip.rejected')).toEqual({ kind: 'slip.rejected', push: true, email: null, sms: true });
    expect(kindOf(answer, 'payment.receipt')).toMatchObject({ email: null });
    expect(kindOf(answer, 'fee.due')).toMatchObject({ email: null });
  });

  it('has no SMS number for a landline, and gives an admin the admin kinds only', async () => {
    const landline = await signedInStudent(t.app, { whatsAppNo: '0112345678' });
    expect((await preferences(t.app, landline.headers)).smsNumber).toBeNull();

    const answer = await preferences(t.app, admin);
    // A reversed payment is mailed by fees itself; security alerts and approval requests by mail too.
    expect(answer.kinds).toEqual([
      { kind: 'payment.reversed', push: true, email: null, sms: null },
      { kind: 'security.alert', push: true, email: true, sms: null },
      { kind: 'approval.requested', push: true, email: true, sms: null },
    ]);
  });

  it('keeps what a student changes, stores only what differs from the defaults, and touches no one else', async () => {
    const me = await signedInStudent(t.app);
    const other = await signedInStudent(t.app);
    const changed = await putPreferences(t.app, me.headers, {
      language: 'si',
      kinds: [
        { kind: 'lesson.new', push: false, email: true },
        { kind: 'fee.due', sms: false },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const answer = await preferences(t.app, me.headers);
    expect(changed.json()).toMatchObject({ data: answer });
    expect(answer.language).toBe('si');
    expect(kindOf(answer, 'lesson.new')).toEqual({ kind: 'lesson.new', push: false, email: true, sms: null });
    expect(kindOf(answer, 'fee.due')).toEqual({ kind: 'fee.due', push: true, email: null, sms: false });
    expect(kindOf(answer, 'paper.opening')).toEqual({ kind: 'paper.opening', push: true, email: false, sms: true });

    const row = await t.database.db.selectFrom('notification_preferences').selectAll().where('account_id', '=', me.student._id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.overrides_json)).toEqual({ 'lesson.new': { push: false, email: true }, 'fee.due': { sms: false } });

    const back = await putPreferences(t.app, me.headers, { kinds: [{ kind: 'lesson.new', push: true, email: false }, { kind: 'fee.due', sms: true }] });
    expect(back.statusCode, back.body).toBe(200);
    const reset = await t.database.db.selectFrom('notification_preferences').selectAll().where('account_id', '=', me.student._id).executeTakeFirstOrThrow();
    expect(JSON.parse(reset.overrides_json)).toEqual({});
    expect(reset.language).toBe('si');

    const theirs = await preferences(t.app, other.headers);
    expect(theirs.language).toBe('en');
    expect(kindOf(theirs, 'lesson.new')).toEqual({ kind: 'lesson.new', push: true, email: false, sms: null });
  });

  it('refuses a kind the caller does not receive, an e-mail switch of a kind fees mail themselves and an SMS switch the kind has not, naming the field, and stores nothing', async () => {
    const me = await signedInStudent(t.app);
    const cases: [object, string, string][] = [
      [{ kinds: [{ kind: 'lesson.old', push: false }] }, 'kinds.0.kind', 'kinds.0.kind is not a notification kind'],
      [{ kinds: [{ kind: 'fee.due', push: false }, { kind: 'lesson.new', sms: true }] }, 'kinds.1.sms', 'kinds.1.sms is not offered for this kind'],
      [{ kinds: [{ kind: 'payment.reversed', push: false }] }, 'kinds.0.kind', 'kinds.0.kind is not a notification kind'],
      [{ kinds: [{ kind: 'lesson.new', email: true }, { kind: 'payment.receipt', email: true }] }, 'kinds.1.email', 'kinds.1.email is not offered for this kind'],
      [{ kinds: [{ kind: 'slip.rejected', email: false }] }, 'kinds.0.email', 'kinds.0.email is not offered for this kind'],
      [{ language: 'fr' }, 'language', 'language must be en or si'],
      [{ kinds: [{ kind: 'fee.due', push: 'yes' }] }, 'kinds.0.push', 'kinds.0.push must be true or false'],
    ];
    for (const [payload, field, message] of cases) {
      const refused = await putPreferences(t.app, me.headers, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 400, errors: [{ field, message }] });
    }
    const stored = await t.database.db.selectFrom('notification_preferences').select('account_id').where('account_id', '=', me.student._id).execute();
    expect(stored).toEqual([]);
  });

  it('answers 401 to a caller who is not signed in', async () => {
    expect((await t.app.inject({ url: '/api/notifications/preferences' })).statusCode).toBe(401);
    expect((await putPreferences(t.app, {} as Headers, { language: 'si' })).statusCode).toBe(401);
  });
});

describe('notification preferences, on a server without PUBLIC_URL or SMS', () => {
  const t = useTestApp();

  it('offers neither e-mail nor SMS: those switches are null and an SMS switch is refused', async () => {
    const me = await signedInStudent(t.app);
    const answer = await preferences(t.app, me.headers);
    expect(answer.channels).toEqual({ push: true, email: false, sms: false });
    expect(answer.smsNumber).toBeNull();
    expect(answer.kinds.every((entry) => entry.email === null && entry.sms === null && entry.push === true)).toBe(true);

    const refused = await putPreferences(t.app, me.headers, { kinds: [{ kind: 'paper.opening', sms: false }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: [{ field: 'kinds.0.sms' }] });
  });
});
