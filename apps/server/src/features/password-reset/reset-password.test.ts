import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_TEXT, SERVER_TEXT } from '@academy/contract';
import { signedInStudent, signIn } from '../../../test/factories';
import { newClient, post, requestCode, useResetTestApp, type ResetTestApp } from './test-helpers';

const NEW_PASSWORD = 'a-brand-new-pass-7';

async function resetTokenFor(t: ResetTestApp, email: string): Promise<string> {
  const code = await requestCode(t, email, newClient());
  const response = await post(t, 'confirmOtp', { email, otp: code }, newClient());
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.resetToken as string;
}

describe('POST students/student/forgot-password/reset-password', () => {
  const t = useResetTestApp();
  const reset = (resetToken: string, password = NEW_PASSWORD) => post(t, 'resetPassword', { resetToken, password }, newClient());
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/students/student/login', payload: { email, password }, remoteAddress: newClient() });

  it('completes the reset from the code in the mail: the new password works, the old one and every old token do not', async () => {
    const { body, student, headers } = await signedInStudent(t.app);
    const me = `/api/students/student/getbyid/${student._id}`;
    expect((await t.app.inject({ url: me, headers })).statusCode).toBe(200);

    const response = await reset(await resetTokenFor(t, body.email));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ code: 200, message: PASSWORD_RESET_TEXT.passwordReset, data: null });

    const oldToken = await t.app.inject({ url: me, headers });
    expect(oldToken.statusCode).toBe(401);
    expect(oldToken.json().message).toBe(SERVER_TEXT.sessionEnded);
    const oldPassword = await login(body.email, body.password);
    expect(oldPassword.statusCode).toBe(401);
    const fresh = await signIn(t.app, body.email, NEW_PASSWORD);
    expect((await t.app.inject({ url: me, headers: { authorization: `Bearer ${fresh.token}` } })).statusCode).toBe(200);
  });

  it("clears the account's sign-in failures", async () => {
    const { body } = await signedInStudent(t.app);
    for (let i = 0; i < 3; i += 1) expect((await login(body.email, 'wrong-password')).statusCode).toBe(401);
    const failures = () =>
      t.database.db.selectFrom('sign_in_tries').select('id').where('account_key', '=', body.email).where('outcome', '=', 'failed').execute();
    expect(await failures()).toHaveLength(3);
    expect((await reset(await resetTokenFor(t, body.email))).statusCode).toBe(200);
    expect(await failures()).toHaveLength(0);
  });

  it('takes a reset token once', async () => {
    const { body } = await signedInStudent(t.app);
    const token = await resetTokenFor(t, body.email);
    expect((await reset(token)).statusCode).toBe(200);
    const again = await reset(token, 'yet-another-pass-8');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: PASSWORD_RESET_TEXT.resetExpired, errors: [{ field: 'resetToken' }] });
    await signIn(t.app, body.email, NEW_PASSWORD);
  });

  it('refuses an expired reset token', async () => {
    const { body } = await signedInStudent(t.app);
    const token = await resetTokenFor(t, body.email);
    await t.database.db
      .updateTable('password_reset_codes')
      .set({ reset_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email_key', '=', body.email)
      .execute();
    expect((await reset(token)).json()).toMatchObject({ code: 400, message: PASSWORD_RESET_TEXT.resetExpired });
    await signIn(t.app, body.email, body.password);
  });

  it('voids the token when the password changed after the code was confirmed', async () => {
    const { body } = await signedInStudent(t.app);
    const first = await resetTokenFor(t, body.email);
    const second = await resetTokenFor(t, body.email);
    expect((await reset(second)).statusCode).toBe(200);
    expect((await reset(first, 'someone-elses-pass-9')).statusCode).toBe(400);
    await signIn(t.app, body.email, NEW_PASSWORD);
  });

  it('refuses a made-up token', async () => {
    const response = await reset('not-a-token-the-server-issued');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(PASSWORD_RESET_TEXT.resetExpired);
  });

  it('checks the password policy and keeps the token for a better password', async () => {
    const { body } = await signedInStudent(t.app);
    const token = await resetTokenFor(t, body.email);
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ errors: [{ field: 'password', message: 'password must be at least 12 characters' }] });
    expect((await reset(token)).statusCode).toBe(200);
  });

  it.each([
    [{ password: NEW_PASSWORD }, 'resetToken'],
    [{ resetToken: 'x'.repeat(201), password: NEW_PASSWORD }, 'resetToken'],
    [{ resetToken: 'abc' }, 'password'],
  ])('refuses %o with a 400 naming the field', async (payload, field) => {
    const response = await post(t, 'resetPassword', payload, newClient());
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe(field);
  });

  it('refuses one of the most common passwords and keeps the token for a better one', async () => {
    const { body } = await signedInStudent(t.app);
    const token = await resetTokenFor(t, body.email);
    const common = await reset(token, 'Qwerty123456');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ errors: [{ field: 'password', message: `password ${SERVER_TEXT.commonPassword}` }] });
    expect((await reset(token)).statusCode).toBe(200);
  });
});
