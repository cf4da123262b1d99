import { describe, expect, it } from 'vitest';
import { OTP_MAX_WRONG_TRIES, otpWrongMessage, PASSWORD_RESET_TEXT } from '@academy/contract';
import { registerStudent } from '../../../test/factories';
import { newClient, post, requestCode, useResetTestApp } from './test-helpers';

/** Any 5 digits other than the code. */
const otherThan = (code: string) => String((Number(code) + 1) % 100000).padStart(5, '0');

describe('POST students/student/forgot-password/confirm-otp', () => {
  const t = useResetTestApp();
  const confirm = (email: string, otp: string, client = newClient()) => post(t, 'confirmOtp', { email, otp }, client);

  it('trades the right code for a reset token, once', async () => {
    const { body } = await registerStudent(t.app);
    const code = await requestCode(t, body.email, newClient());
    const response = await confirm(body.email.toUpperCase(), code);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ code: 200, message: PASSWORD_RESET_TEXT.otpConfirmed });
    expect(response.json().data.resetToken).toMatch(/^[\w-]{43}$/);

    const again = await confirm(body.email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 400, message: PASSWORD_RESET_TEXT.otpUsed, reason: 'used', errors: [{ field: 'otp' }] });
  });

  it('refuses a wrong code and says how many tries are left', async () => {
    const { body } = await registerStudent(t.app);
    const code = await requestCode(t, body.email, newClient());
    const response = await confirm(body.email, otherThan(code));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: otpWrongMessage(OTP_MAX_WRONG_TRIES - 1),
      data: null,
      errors: [{ field: 'otp', message: otpWrongMessage(OTP_MAX_WRONG_TRIES - 1) }],
      reason: 'wrong',
    });
    expect((await confirm(body.email, code)).statusCode).toBe(200);
  });

  it(`kills the code after ${OTP_MAX_WRONG_TRIES} wrong tries: the next try fails even with the right code`, async () => {
    const { body } = await registerStudent(t.app);
    const code = await requestCode(t, body.email, newClient());
    const client = newClient();
    for (let i = 1; i <= OTP_MAX_WRONG_TRIES; i += 1) {
      const wrong = await confirm(body.email, otherThan(code), client);
      expect(wrong.json()).toMatchObject({ reason: 'wrong', message: otpWrongMessage(OTP_MAX_WRONG_TRIES - i) });
    }
    const sixth = await confirm(body.email, code, client);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toMatchObject({ message: PASSWORD_RESET_TEXT.otpLocked, reason: 'locked' });
    expect(sixth.json().data).toBeNull();
  });

  it('counts simultaneous guesses too: no more than the allowed tries get checked', async () => {
    const { body } = await registerStudent(t.app);
    const code = await requestCode(t, body.email, newClient());
    const answers = await Promise.all(Array.from({ length: 12 }, () => confirm(body.email, otherThan(code))));
    expect(answers.filter((a) => a.json().reason === 'wrong')).toHaveLength(OTP_MAX_WRONG_TRIES);
    expect(answers.filter((a) => a.json().reason === 'locked')).toHaveLength(12 - OTP_MAX_WRONG_TRIES);
    expect((await confirm(body.email, code)).json().reason).toBe('locked');
  });

  it('refuses an expired code, even the right one', async () => {
    const { body } = await registerStudent(t.app);
    const code = await requestCode(t, body.email, newClient());
    await t.database.db
      .updateTable('password_reset_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email_key', '=', body.email)
      .execute();
    const response = await confirm(body.email, code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: PASSWORD_RESET_TEXT.otpExpired, reason: 'expired' });
  });

  it('honours only the newest code of an address', async () => {
    const { body } = await registerStudent(t.app);
    const first = await requestCode(t, body.email, newClient());
    const second = await requestCode(t, body.email, newClient());
    if (first !== second) expect((await confirm(body.email, first)).json().reason).toBe('wrong');
    expect((await confirm(body.email, second)).statusCode).toBe(200);
  });

  it('answers an address without an account exactly as one with an account', async () => {
    const { body } = await registerStudent(t.app);
    const known = body.email;
    const unknown = `nobody.${crypto.randomUUID().slice(0, 8)}@example.lk`;
    const code = await requestCode(t, known, newClient());
    expect((await post(t, 'sendOtp', { email: unknown }, newClient())).statusCode).toBe(200);
    for (let i = 0; i <= OTP_MAX_WRONG_TRIES; i += 1) {
      const [a, b] = await Promise.all([confirm(known, otherThan(code)), confirm(unknown, otherThan(code))]);
      expect(a?.statusCode).toBe(b?.statusCode);
      expect(a?.json()).toEqual(b?.json());
    }
  });

  it.each([
    [{ otp: '1234' }, 'otp', 'otp must be 5 digits'],
    [{ otp: '12a45' }, 'otp', 'otp must be 5 digits'],
    [{ otp: '123456' }, 'otp', 'otp must be 5 digits'],
    [{ otp: 12345 }, 'otp', 'otp is required'],
    [{ email: 'x', otp: '12345' }, 'email', 'email must be a valid e-mail address'],
  ])('refuses %o with a 400 naming the field', async (payload, field, message) => {
    const response = await post(t, 'confirmOtp', { email: 'someone@example.lk', ...payload }, newClient());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, errors: [{ field, message }] });
  });
});
