import { describe, expect, it } from 'vitest';
import { OTP_MAX_PER_HOUR, OTP_TTL_MINUTES, PASSWORD_RESET_TEXT } from '@academy/contract';
import { registerStudent } from '../../../test/factories';
import { ensureAdmin } from '../students/service';
import { CLIENT_REQUEST_LIMIT } from './service';
import { codeIn, expectMailCount, newClient, post, requestCode, useResetTestApp } from './test-helpers';

describe('POST students/student/forgot-password/send-otp', () => {
  const t = useResetTestApp();
  const sameAnswer = { code: 200, message: PASSWORD_RESET_TEXT.otpSent, data: null };

  it('mails a 5-digit code through SMTP, in plain text and HTML, with the academy name and the expiry', async () => {
    const { body } = await registerStudent(t.app, { name: 'Nimali Silva' });
    const response = await post(t, 'sendOtp', { email: body.email }, newClient());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(sameAnswer);

    const mail = await t.smtp.waitFor((m) => m.to.includes(body.email));
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{5}$/);
    expect(mail.subject).toBe(`${t.config.branding.title}: your password reset code`);
    expect(mail.text).toContain('Hello Nimali Silva,');
    expect(mail.text).toContain(`your ${t.config.branding.title} account`);
    expect(mail.text).toContain(`It expires in ${OTP_TTL_MINUTES} minutes`);
    expect(mail.html).toContain(`>${code}</p>`);
    expect(mail.html).toContain(t.config.branding.title);
    expect(mail.html).toContain(`It expires in ${OTP_TTL_MINUTES} minutes`);
  });

  it('stores the code only as a hash', async () => {
    const { body } = await registerStudent(t.app);
    const code = await requestCode(t, body.email, newClient());
    const rows = await t.database.db.selectFrom('password_reset_codes').selectAll().where('email_key', '=', body.email).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows[0]?.code_hash).toMatch(/^[\w-]{43}$/);
  });

  it('finds the account whatever the letter case of the address, and mails the address as registered', async () => {
    const { body } = await registerStudent(t.app);
    const response = await post(t, 'sendOtp', { email: `  ${body.email.toUpperCase()} ` }, newClient());
    expect(response.json()).toEqual(sameAnswer);
    const mail = await t.smtp.waitFor((m) => m.to.includes(body.email));
    expect(codeIn(mail)).toMatch(/^\d{5}$/);
  });

  it('sends an admin account no code, the same answer, and a notice of how admins recover', async () => {
    const staff = { email: `staff.${crypto.randomUUID().slice(0, 8)}@academy.test`, password: 'staff-password-1', name: 'Staff Member' };
    await ensureAdmin(t.database.db, staff, { resetPassword: false });
    const response = await post(t, 'sendOtp', { email: staff.email }, newClient());
    expect(response.json()).toEqual(sameAnswer);

    const notice = await t.smtp.waitFor((m) => m.to.includes(staff.email));
    expect(notice.subject).toBe(`${t.config.branding.title}: password reset asked for an administrator account`);
    expect(notice.text).toContain('Hello Staff Member,');
    expect(notice.text).toContain('npm run create-admin');
    expect(notice.text).not.toMatch(/\b\d{5}\b/);
    // The code row is bound to no account: no code confirms into a reset.
    const rows = await t.database.db.selectFrom('password_reset_codes').selectAll().where('email_key', '=', staff.email).execute();
    expect(rows.map((row) => row.account_id)).toEqual([null]);
    const guess = await post(t, 'confirmOtp', { email: staff.email, otp: '12345' }, newClient());
    expect(guess.statusCode).toBe(400);
    expect(t.smtp.mails.filter((m) => m.to.includes(staff.email))).toHaveLength(1);
  });

  it('gives an unknown address the same answer and sends it no mail', async () => {
    const { body: marker } = await registerStudent(t.app);
    const unknown = `nobody.${crypto.randomUUID().slice(0, 8)}@example.lk`;
    const response = await post(t, 'sendOtp', { email: unknown }, newClient());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(sameAnswer);
    await expectMailCount(t, unknown, 0, marker.email);
  });

  it(`sends at most ${OTP_MAX_PER_HOUR} codes an hour to one address; the next request answers the same and sends nothing`, async () => {
    const { body } = await registerStudent(t.app);
    const { body: marker } = await registerStudent(t.app);
    for (let i = 0; i < OTP_MAX_PER_HOUR; i += 1) await requestCode(t, body.email, newClient());
    const fourth = await post(t, 'sendOtp', { email: body.email }, newClient());
    expect(fourth.statusCode).toBe(200);
    expect(fourth.json()).toEqual(sameAnswer);
    await expectMailCount(t, body.email, OTP_MAX_PER_HOUR, marker.email);

    // An hour later the address may have codes again.
    const hourAgo = new Date(Date.now() - 61 * 60 * 1000).toISOString();
    await t.database.db.updateTable('password_reset_codes').set({ created_at: hourAgo }).where('email_key', '=', body.email).execute();
    await requestCode(t, body.email, newClient());
  });

  it(`limits one client to ${CLIENT_REQUEST_LIMIT} requests in the window, whatever the addresses`, async () => {
    const client = newClient();
    for (let i = 0; i < CLIENT_REQUEST_LIMIT; i += 1) {
      const response = await post(t, 'sendOtp', { email: `someone${i}@example.lk` }, client);
      expect(response.statusCode).toBe(200);
    }
    const refused = await post(t, 'sendOtp', { email: 'one-more@example.lk' }, client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 429, data: null });
    expect((await post(t, 'sendOtp', { email: 'one-more@example.lk' }, newClient())).statusCode).toBe(200);
  });

  it.each([
    [{}, 'email is required'],
    [{ email: 'not-an-address' }, 'email must be a valid e-mail address'],
    [{ email: 42 }, 'email is required'],
  ])('refuses %o with a 400 naming the field', async (payload, message) => {
    const response = await post(t, 'sendOtp', payload, newClient());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, errors: [{ field: 'email', message }] });
  });
});
