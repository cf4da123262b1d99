import { describe, expect, it, vi } from 'vitest';
import { SERVER_TEXT } from '@academy/contract';
import { registerStudent, signedInStudent, signIn } from '../../../test/factories';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';

const LOGIN = '/api/students/student/login';

describe('POST students/student/login', () => {
  const t = useTestApp();

  const attempt = (email: string, password: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: LOGIN, payload: { email, password }, remoteAddress });

  const suspend = (id: string) =>
    t.database.db.updateTable('accounts').set({ account_state: 'de-active' }).where('id', '=', id).execute();

  it('answers the session fields of spec section 7, in any letter case of the e-mail', async () => {
    const { body, student } = await registerStudent(t.app, { batch: '2025', classType: 'Revision' });
    const answer = await signIn(t.app, body.email.toUpperCase(), body.password);
    expect(answer).toMatchObject({
      code: 200,
      accountState: 'active',
      accountType: 'student',
      studentId: student._id,
      email: body.email,
      name: body.name,
      classType: 'Revision',
      historyType: 'Indian',
      batch: '2025',
    });
    expect(answer.token.split('.')).toHaveLength(3);
  });

  it('signs the first admin in from ADMIN_EMAIL / ADMIN_PASSWORD', async () => {
    const answer = await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(answer.accountType).toBe('admin');
  });

  it('answers 401 Invalid Credentials to a wrong password and to an unknown e-mail alike', async () => {
    const { body } = await registerStudent(t.app);
    for (const response of [await attempt(body.email, 'wrong-password', '10.0.0.1'), await attempt('nobody@example.lk', 'x', '10.0.0.1')]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 401, message: SERVER_TEXT.invalidCredentials, data: null });
    }
  });

  it("refuses a suspended account with 403 and accountState 'de-active', only to the right password", async () => {
    const { body, student } = await registerStudent(t.app);
    await suspend(student._id);
    const right = await attempt(body.email, body.password, '10.0.0.2');
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code: 403, accountState: 'de-active', message: SERVER_TEXT.accountSuspended });
    expect(right.json().token).toBeUndefined();
    const wrong = await attempt(body.email, 'not-the-password', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
  });

  it('ends every session of an account when its token version moves, or when it is suspended', async () => {
    const first = await signedInStudent(t.app);
    const me = `/api/students/student/getbyid/${first.student._id}`;
    expect((await t.app.inject({ url: me, headers: first.headers })).statusCode).toBe(200);
    await t.database.db
      .updateTable('accounts')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', first.student._id)
      .execute();
    // Changed behind the server's back (as the create-admin command does): the remembered caller
    // lasts at most the caller cache's few seconds. Changes through the server act at once (below).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 5_001);
      const ended = await t.app.inject({ url: me, headers: first.headers });
      expect(ended.statusCode).toBe(401);
      expect(ended.json().message).toBe(SERVER_TEXT.sessionEnded);
    } finally {
      vi.useRealTimers();
    }

    const second = await signedInStudent(t.app);
    await suspend(second.student._id);
    const suspended = await t.app.inject({ url: `/api/students/student/getbyid/${second.student._id}`, headers: second.headers });
    expect(suspended.statusCode).toBe(401);
  });

  it('gives the browser a known-device cookie: HttpOnly, SameSite=Strict, sent back only to sign-in', async () => {
    const { body } = await registerStudent(t.app);
    const answer = await attempt(body.email, body.password);
    expect(answer.statusCode).toBe(200);
    const cookie = String(answer.headers['set-cookie']);
    expect(cookie).toMatch(/^known_device=v1\.[^;]+; Path=\/api\/students\/student\/login; Max-Age=15552000; HttpOnly; SameSite=Strict$/);
    // Over plain HTTP the browser would drop a Secure cookie; sign-in-guard/known-device.test.ts has the HTTPS case.
    expect(cookie).not.toContain('Secure');
  });

  it('answers 400 naming the field when the e-mail or password is missing or not text', async () => {
    const missing = await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: 'a@b.lk' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'password', message: 'password is required' }]);
    const typed = await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: ['a'], password: 1 } });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'password']);
  });
});
