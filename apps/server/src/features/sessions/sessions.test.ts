import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_SESSIONS, SERVER_TEXT, type Session } from '@academy/contract';
import { registerStudent, signIn } from '../../../test/factories';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';
import { ANDROID_CHROME, WINDOWS_EDGE } from '../../../test/user-agents';
import { resolveCaller } from './service';

describe('sessions: every sign-in is one, students see and end theirs, an admin caps them', () => {
  const t = useTestApp();
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function signInFrom(email: string, password: string, userAgent: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/students/student/login',
      payload: { email, password },
      headers: { 'user-agent': userAgent },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ token: string }>().token;
  }
  const mine = async (token: string) => {
    const response = await t.app.inject({ url: '/api/sessions/mine', headers: bearer(token) });
    return { status: response.statusCode, sessions: response.statusCode === 200 ? response.json<{ data: Session[] }>().data : [] };
  };
  const status = async (token: string) => (await mine(token)).status;
  const adminToken = async () => (await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password)).token;
  const setLimit = async (maxSessions: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/sessions/limit', payload: { maxSessions }, headers: bearer(await adminToken()) });

  it('lists the sign-ins with their device, newest first, marking the one asking', async () => {
    const { body } = await registerStudent(t.app);
    await signInFrom(body.email, body.password, WINDOWS_EDGE);
    const phone = await signInFrom(body.email, body.password, ANDROID_CHROME);
    const { sessions } = await mine(phone);
    expect(sessions.map((s) => [s.device, s.current])).toEqual([
      ['Chrome on Android', true],
      ['Edge on Windows', false],
    ]);
  });

  it(`keeps at most ${DEFAULT_MAX_SESSIONS} sessions of a student by default: a new sign-in ends the oldest`, async () => {
    const { body } = await registerStudent(t.app);
    const first = await signInFrom(body.email, body.password, WINDOWS_EDGE);
    const second = await signInFrom(body.email, body.password, ANDROID_CHROME);
    const third = await signInFrom(body.email, body.password, ANDROID_CHROME);
    expect(await status(first)).toBe(401);
    expect(await status(second)).toBe(200);
    expect((await mine(third)).sessions).toHaveLength(2);
  });

  it("lets an admin change the limit, checks the value, and never limits the admins' own sessions", async () => {
    expect((await setLimit(3)).statusCode).toBe(200);
    const read = await t.app.inject({ url: '/api/sessions/limit', headers: bearer(await adminToken()) });
    expect(read.json().data).toEqual({ maxSessions: 3 });
    const { body } = await registerStudent(t.app);
    const tokens = [];
    for (let i = 0; i < 3; i += 1) tokens.push(await signInFrom(body.email, body.password, ANDROID_CHROME));
    for (const token of tokens) expect(await status(token)).toBe(200);

    for (const bad of [0, 21, 2.5, 'three']) {
      const refused = await setLimit(bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].field).toBe('maxSessions');
    }
    const student = await signIn(t.app, body.email, body.password);
    expect((await t.app.inject({ method: 'PUT', url: '/api/sessions/limit', payload: { maxSessions: 9 }, headers: bearer(student.token) })).statusCode).toBe(403);
    expect((await setLimit(DEFAULT_MAX_SESSIONS)).statusCode).toBe(200);

    // More admin sign-ins than the limit, all alive.
    const admins = [await adminToken(), await adminToken(), await adminToken()];
    for (const token of admins) expect(await status(token)).toBe(200);
  });

  it('ends the other sessions, or one chosen session, and only the caller’s own, once the password is given again', async () => {
    const { body } = await registerStudent(t.app);
    const laptop = await signInFrom(body.email, body.password, WINDOWS_EDGE);
    const phone = await signInFrom(body.email, body.password, ANDROID_CHROME);
    const laptopId = (await mine(laptop)).sessions.find((s) => s.current)?.id ?? '';

    const other = await registerStudent(t.app);
    const stranger = await signInFrom(other.body.email, other.body.password, ANDROID_CHROME);
    const theirs = await t.app.inject({ method: 'DELETE', url: `/api/sessions/mine/${laptopId}`, headers: bearer(stranger), payload: { password: other.body.password } });
    expect(theirs.statusCode).toBe(404);
    expect(await status(laptop)).toBe(200);
    const malformed = await t.app.inject({ method: 'DELETE', url: '/api/sessions/mine/not-an-id', headers: bearer(phone), payload: { password: body.password } });
    expect(malformed.statusCode).toBe(400);

    // The password is asked again: none, or a wrong one, ends nothing.
    const unconfirmed = await t.app.inject({ method: 'DELETE', url: `/api/sessions/mine/${laptopId}`, headers: bearer(phone) });
    expect(unconfirmed.statusCode).toBe(400);
    const wrong = await t.app.inject({ method: 'DELETE', url: `/api/sessions/mine/${laptopId}`, headers: bearer(phone), payload: { password: 'not-my-password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errors: [{ field: 'password', message: SERVER_TEXT.wrongCurrentPassword }] });
    expect(await status(laptop)).toBe(200);
    expect(await status(phone)).toBe(200);
    const ended = await t.app.inject({ method: 'DELETE', url: `/api/sessions/mine/${laptopId}`, headers: bearer(phone), payload: { password: body.password } });
    expect(ended.statusCode).toBe(200);
    expect(await status(laptop)).toBe(401);

    const again = await signInFrom(body.email, body.password, WINDOWS_EDGE);
    const wrongOthers = await t.app.inject({ method: 'POST', url: '/api/sessions/mine/end-others', headers: bearer(again), payload: { password: 'not-my-password' } });
    expect(wrongOthers.json()).toMatchObject({ errors: [{ field: 'password', message: SERVER_TEXT.wrongCurrentPassword }] });
    expect(await status(phone)).toBe(200);
    const endOthers = await t.app.inject({ method: 'POST', url: '/api/sessions/mine/end-others', headers: bearer(again), payload: { password: body.password } });
    expect(endOthers.json().data).toEqual({ ended: 1 });
    expect(await status(phone)).toBe(401);
    expect((await mine(again)).sessions.map((s) => s.current)).toEqual([true]);
  });

  it('Log Out ends the session on the server: its token stops working', async () => {
    const { body } = await registerStudent(t.app);
    const token = await signInFrom(body.email, body.password, ANDROID_CHROME);
    const out = await t.app.inject({ method: 'POST', url: '/api/sessions/mine/sign-out', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(await status(token)).toBe(401);
  });

  it('after a password change only the changing session is left, on its fresh token', async () => {
    const { body, student } = await registerStudent(t.app);
    const laptop = await signInFrom(body.email, body.password, WINDOWS_EDGE);
    const phone = await signInFrom(body.email, body.password, ANDROID_CHROME);
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/students/student/updatepassword/${student._id}`,
      payload: { oldPassword: body.password, newPassword: 'a-new-password-9' },
      headers: bearer(phone),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh: string = changed.json().data.token;
    expect(await status(laptop)).toBe(401);
    expect(await status(phone)).toBe(401);
    const left = await mine(fresh);
    expect(left.sessions.map((s) => [s.device, s.current])).toEqual([['Chrome on Android', true]]);
  });

  it('refreshes last-seen at most every few minutes, not on every request', async () => {
    const { body } = await registerStudent(t.app);
    const token = await signInFrom(body.email, body.password, ANDROID_CHROME);
    const [session] = (await mine(token)).sessions;
    if (!session) throw new Error('no session');
    const claims = t.app.jwt.decode<{ sub: string; sid: string; tv: number }>(token);
    if (!claims) throw new Error('token did not decode');
    await resolveCaller(t.database.db, claims, {}, new Date(Date.parse(session.lastSeenAt) + 60_000));
    expect((await mine(token)).sessions[0]?.lastSeenAt).toBe(session.lastSeenAt);
    const later = new Date(Date.parse(session.lastSeenAt) + 6 * 60_000);
    await resolveCaller(t.database.db, claims, {}, later);
    expect((await mine(token)).sessions[0]?.lastSeenAt).toBe(later.toISOString());
  });

  it("ends an admin's sign-in after 30 minutes without a request and 12 hours after it began; a student's goes on", async () => {
    const checks = { adminIdleMs: 30 * 60_000 };
    const adminLogin = await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const claims = t.app.jwt.decode<{ sub: string; sid: string; tv: number }>(adminLogin.token);
    if (!claims) throw new Error('token did not decode');
    const row = () => t.database.db.selectFrom('sessions').selectAll().where('id', '=', claims.sid).executeTakeFirstOrThrow();
    const opened = await row();
    expect(Date.parse(opened.expires_at) - Date.parse(opened.created_at)).toBe(12 * 3_600_000);

    // An open stream's re-check neither counts as activity nor ends a session that is not idle.
    const start = Date.parse(opened.last_seen_at);
    expect(await resolveCaller(t.database.db, claims, { ...checks, touch: false }, new Date(start + 20 * 60_000))).not.toBeNull();
    expect((await row()).last_seen_at).toBe(opened.last_seen_at);
    // A request at 29 minutes keeps it going; 31 minutes after that, it has ended.
    expect(await resolveCaller(t.database.db, claims, checks, new Date(start + 29 * 60_000))).not.toBeNull();
    expect(await resolveCaller(t.database.db, claims, checks, new Date(start + 60 * 60_000))).toBeNull();
    expect(await row()).toMatchObject({ end_reason: 'idle' });
    expect((await t.app.inject({ url: '/api/sessions/mine', headers: bearer(adminLogin.token) })).statusCode).toBe(401);

    const { body } = await registerStudent(t.app);
    const student = t.app.jwt.decode<{ sub: string; sid: string; tv: number }>(await signInFrom(body.email, body.password, ANDROID_CHROME));
    if (!student) throw new Error('token did not decode');
    expect(await resolveCaller(t.database.db, student, checks, new Date(Date.now() + 5 * 3_600_000))).not.toBeNull();
  });
});
