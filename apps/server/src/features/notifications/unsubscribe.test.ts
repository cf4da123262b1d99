import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_TEXT } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { unsubscribeTokens, type UnsubscribeTokens } from '../../notify/email/unsubscribe-token';
import { EMAIL_AND_SMS, kindOf, preferences } from './preferences-test-helpers';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const ONE_CLICK = 'List-Unsubscribe=One-Click';

describe('unsubscribing from notification e-mails', () => {
  const t = useTestApp(EMAIL_AND_SMS);
  let tokens: UnsubscribeTokens;
  beforeAll(() => {
    tokens = unsubscribeTokens(t.config.jwtSecret);
  });
  const oneClick = (token: string, payload = ONE_CLICK) =>
    t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe/${encodeURIComponent(token)}`, headers: FORM, payload });
  const preferencesRow = (accountId: string) => t.database.db.selectFrom('notification_preferences').selectAll().where('account_id', '=', accountId).executeTakeFirst();

  it("a mail client's one-click form POST turns that kind's e-mail off for that account only; used again, it changes nothing", async () => {
    const me = await signedInStudent(t.app);
    const other = await signedInStudent(t.app);
    const token = tokens.sign(me.student._id, 'results.released');

    const first = await oneClick(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ code: 200, data: { kind: 'results.released' } });
    const mine = await preferences(t.app, me.headers);
    expect(kindOf(mine, 'results.released')).toMatchObject({ email: false, push: true });
    expect(kindOf(mine, 'script.returned')).toMatchObject({ email: true });
    expect(kindOf(await preferences(t.app, other.headers), 'results.released')).toMatchObject({ email: true });

    const stored = await preferencesRow(me.student._id);
    const replayed = await oneClick(token);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toMatchObject({ data: { kind: 'results.released' } });
    expect(await preferencesRow(me.student._id)).toEqual(stored);
  });

  it("the portal's page posts JSON {} to the same effect, and a kind whose e-mail is already off stays off with nothing written", async () => {
    const me = await signedInStudent(t.app);
    const page = await t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe/${tokens.sign(me.student._id, 'script.returned')}`, payload: {} });
    expect(page.statusCode, page.body).toBe(200);
    expect(kindOf(await preferences(t.app, me.headers), 'script.returned')).toMatchObject({ email: false });

    const other = await signedInStudent(t.app);
    const alreadyOff = await oneClick(tokens.sign(other.student._id, 'lesson.new'));
    expect(alreadyOff.statusCode).toBe(200);
    expect(await preferencesRow(other.student._id)).toBeUndefined();
    expect(kindOf(await preferences(t.app, other.headers), 'lesson.new')).toMatchObject({ email: false });
  });

  it('answers 404 to a forged, altered or foreign token, or one naming no kind or no account, and changes nothing', async () => {
    const me = await signedInStudent(t.app);
    const genuine = tokens.sign(me.student._id, 'results.released');
    const [subject = '', mac = ''] = genuine.split('.');
    const forged = [
      unsubscribeTokens('another-server-secret-of-32-characters').sign(me.student._id, 'results.released'),
      `${Buffer.from(`${me.student._id}\npayment.receipt`).toString('base64url')}.${mac}`,
      `${subject}.${mac.slice(0, -2)}AA`,
      `${subject}.`,
      'garbage',
      tokens.sign(me.student._id, 'lesson.old'),
      tokens.sign('00000000-0000-4000-8000-000000000000', 'results.released'),
    ];
    for (const token of forged) {
      const refused = await oneClick(token);
      expect(refused.statusCode, token).toBe(404);
      expect(refused.json()).toMatchObject({ code: 404, message: NOTIFICATIONS_TEXT.unsubscribeInvalid });
    }
    expect(await preferencesRow(me.student._id)).toBeUndefined();
    const get = await t.app.inject({ url: `/api/notifications/unsubscribe/${genuine}` });
    expect(get.statusCode).toBe(404);
    expect(await preferencesRow(me.student._id)).toBeUndefined();
  });

  it('refuses a form that is not the one-click one, naming its field', async () => {
    const me = await signedInStudent(t.app);
    const refused = await oneClick(tokens.sign(me.student._id, 'results.released'), 'List-Unsubscribe=Everything');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: [{ field: 'List-Unsubscribe' }] });
    expect(await preferencesRow(me.student._id)).toBeUndefined();
  });

  it('takes a form body on this route only: every other route still answers 415 to one', async () => {
    const me = await signedInStudent(t.app);
    const calls = [
      { method: 'PUT' as const, url: '/api/notifications/preferences', headers: { ...me.headers, ...FORM } },
      { method: 'POST' as const, url: '/api/notifications/read', headers: { ...me.headers, ...FORM } },
      { method: 'POST' as const, url: '/api/notifications/subscriptions', headers: { ...me.headers, ...FORM } },
      { method: 'POST' as const, url: '/api/students/student/login', headers: FORM },
    ];
    for (const call of calls) {
      const refused = await t.app.inject({ ...call, payload: 'language=si&all=true&email=a%40b.lk&password=x' });
      expect(refused.statusCode, call.url).toBe(415);
    }
    expect(await preferencesRow(me.student._id)).toBeUndefined();
  });
});
