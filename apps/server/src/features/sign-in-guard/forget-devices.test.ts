import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_PATHS } from '@academy/contract';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { requestCode } from '../password-reset/test-helpers';
import { CLASS_PASSWORD, seedStudents, signInAs } from './test-helpers';

// Signing out everywhere, a password change and a password reset each forget every
// known device of the account. Small limits (two failures lock an account for unknown devices),
// so each case is short: a browser that got in while the account was locked is refused after.

const HOME = '192.0.2.10';
const NEW_PASSWORD = 'a-new-history-password';

describe('forgetting known devices', () => {
  const t = {} as TestApp & { smtp: SmtpReceiver };
  beforeAll(async () => {
    const smtp = await startSmtpReceiver();
    Object.assign(t, await startTestApp({ TRUST_PROXY: 'true', SIGN_IN_ACCOUNT_LIMIT: '2', SMTP_URL: smtp.url }), { smtp });
  });
  afterAll(async () => {
    await t.app?.close();
    await t.database?.drop();
    await t.smtp?.close();
  });

  /** Signs in at home (a known device from then on), then two strangers lock the account. */
  async function knownThenLocked(email: string, password = CLASS_PASSWORD) {
    const home = await signInAs(t.app, { email, password, address: HOME });
    expect(home.status).toBe(200);
    await lock(email);
    const known = await signInAs(t.app, { email, password, address: HOME, cookie: home.cookie });
    expect(known.status, 'the known device gets into the locked account').toBe(200);
    expect((await signInAs(t.app, { email, password, address: '192.0.2.77' })).status, 'a stranger does not').toBe(429);
    return known;
  }
  async function lock(email: string) {
    for (const address of ['203.0.113.1', '203.0.113.2']) expect((await signInAs(t.app, { email, password: 'guess', address })).status).toBe(401);
  }
  const call = (method: 'POST' | 'PUT', url: string, token: string | undefined, payload?: object) =>
    t.app.inject({ method, url: `/api/${url}`, headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': HOME }, ...(payload ? { payload } : {}) });

  it('on signing out everywhere else', async () => {
    const [email] = await seedStudents(t.database.db, 1, 'sign-out-everywhere');
    const known = await knownThenLocked(email as string);
    expect((await call('POST', 'sessions/mine/end-others', known.token, { password: CLASS_PASSWORD })).statusCode).toBe(200);
    expect((await signInAs(t.app, { email: email as string, password: CLASS_PASSWORD, address: HOME, cookie: known.cookie })).status).toBe(429);
  });

  it('on a password change', async () => {
    const [email] = await seedStudents(t.database.db, 1, 'password-change');
    const known = await knownThenLocked(email as string);
    const changed = await call('PUT', `students/student/updatepassword/${known.studentId}`, known.token, { oldPassword: CLASS_PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await signInAs(t.app, { email: email as string, password: NEW_PASSWORD, address: HOME, cookie: known.cookie })).status).toBe(429);
  });

  it('on a password reset, which also lifts the lock it was likely asked for', async () => {
    const [email] = await seedStudents(t.database.db, 1, 'password-reset');
    const known = await knownThenLocked(email as string);
    const otp = await requestCode(t, email as string, HOME);
    const post = (path: keyof typeof PASSWORD_RESET_PATHS, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/${PASSWORD_RESET_PATHS[path]}`, payload, headers: { 'x-forwarded-for': HOME } });
    const confirmed = await post('confirmOtp', { email, otp });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const reset = await post('resetPassword', { resetToken: confirmed.json<{ data: { resetToken: string } }>().data.resetToken, password: NEW_PASSWORD });
    expect(reset.statusCode, reset.body).toBe(200);
    // The lock is gone: a new browser signs in with the new password...
    expect((await signInAs(t.app, { email: email as string, password: NEW_PASSWORD, address: '192.0.2.78' })).status).toBe(200);
    // ...but the old browser is a stranger now: locked out with the rest when the attack goes on.
    await lock(email as string);
    expect((await signInAs(t.app, { email: email as string, password: NEW_PASSWORD, address: HOME, cookie: known.cookie })).status).toBe(429);
  });
});
