import { describe, expect, it } from 'vitest';
import { STUDENTS_PATHS } from '@academy/contract';
import { registerStudent, signedInStudent } from '../../../test/factories';
import { TEST_ADMIN } from '../../../test/test-app';
import type { ReceivedMail } from '../../../test/smtp-receiver';
import { adminHeaders } from '../class-material/test-helpers';
import { newClient, post, requestCode, useResetTestApp, type ResetTestApp } from '../password-reset/test-helpers';
import { ANDROID_CHROME, WINDOWS_EDGE } from '../../../test/user-agents';

// The owner of an account hears by mail, through a real SMTP receiver, when its password changes
// (by them, or by a reset), when a browser it does not know signs in, and when the academy changes
// its e-mail address (at the old one). A refused change sends nothing: each test makes a refused
// request before the one that succeeds, and the only notice that arrives is the success's (mail
// is sent in the order of the requests).


const url = (path: string, id: string) => `/api/${path.replace(':id', encodeURIComponent(id))}`;

function noticesTo(t: ResetTestApp, email: string, subject: RegExp): ReceivedMail[] {
  return t.smtp.mails.filter((mail) => mail.to.includes(email.toLowerCase()) && subject.test(mail.subject));
}

describe('notices of changed sign-in details', () => {
  const t = useResetTestApp();

  it('tells a student whose password they changed themself, and not for a wrong current password', async () => {
    const me = await signedInStudent(t.app);
    const change = (oldPassword: string) =>
      t.app.inject({ method: 'PUT', url: url(STUDENTS_PATHS.updatePassword, me.student._id), headers: me.headers, payload: { oldPassword, newPassword: 'a-brand-new-pass-9' } });
    expect((await change('not-my-password')).statusCode).toBe(400);
    expect((await change(me.body.password)).statusCode).toBe(200);

    const mail = await t.smtp.waitFor((received) => received.to.includes(me.body.email.toLowerCase()) && /password was changed/.test(received.subject));
    expect(mail.subject).toBe('History Academy: your password was changed');
    expect(mail.text).toContain(`Hello ${me.body.name},`);
    expect(mail.text).toMatch(/The password of your History Academy account was changed on \d{1,2} \w+ \d{4}(,| at) \d{2}:\d{2} \(Sri Lanka time\)\./);
    expect(mail.text).toContain('Forgot password');
    expect(mail.html).toContain(me.body.name);
    expect(noticesTo(t, me.body.email, /password was changed/)).toHaveLength(1);
  });

  it('tells a student whose password was reset with a mailed code', async () => {
    const me = await signedInStudent(t.app);
    const code = await requestCode(t, me.body.email, newClient());
    const confirmed = await post(t, 'confirmOtp', { email: me.body.email, otp: code }, newClient());
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const resetToken = confirmed.json().data.resetToken as string;
    // Too short for the password rules: refused, nothing changed, nothing sent.
    expect((await post(t, 'resetPassword', { resetToken, password: 'short' }, newClient())).statusCode).toBe(400);
    const reset = await post(t, 'resetPassword', { resetToken, password: 'a-brand-new-pass-8' }, newClient());
    expect(reset.statusCode, reset.body).toBe(200);

    const mail = await t.smtp.waitFor((received) => received.to.includes(me.body.email.toLowerCase()) && /password was changed/.test(received.subject));
    expect(mail.text).toContain('was reset with a code sent to this address');
    expect(noticesTo(t, me.body.email, /password was changed/)).toHaveLength(1);
  });

  it('tells the owner of a sign-in from a browser that had not signed in before, and not of one from a known browser', async () => {
    const { body } = await registerStudent(t.app);
    const login = (userAgent: string, address: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/students/student/login',
        payload: { email: body.email, password: body.password },
        headers: { 'user-agent': userAgent, ...(cookie ? { cookie } : {}) },
        remoteAddress: address,
      });
    const isNewSignIn = (mail: ReceivedMail) => mail.to.includes(body.email.toLowerCase()) && /a new sign-in/.test(mail.subject);

    const phone = await login(ANDROID_CHROME, '198.51.100.7');
    expect(phone.statusCode, phone.body).toBe(200);
    const first = await t.smtp.waitFor(isNewSignIn);
    expect(first.text).toContain('signed in to on Chrome on Android, from the address 198.51.100.7');
    expect(first.text).toContain('change your password at once');

    // The same phone again, with the cookie its sign-in left: a known device, no mail.
    const cookie = String(phone.headers['set-cookie']).split(';')[0];
    expect((await login(ANDROID_CHROME, '198.51.100.7', cookie)).statusCode).toBe(200);
    expect((await login(WINDOWS_EDGE, '203.0.113.9')).statusCode).toBe(200);
    await t.smtp.waitFor((mail) => isNewSignIn(mail) && mail.text.includes('Edge on Windows, from the address 203.0.113.9'));
    expect(t.smtp.mails.filter(isNewSignIn)).toHaveLength(2);
  });

  it("tells the old address when the academy changes an account's e-mail, and not when a student may not change it", async () => {
    const me = await signedInStudent(t.app);
    const admin = await adminHeaders(t.app);
    const newEmail = `moved-${me.body.email}`;
    const update = (headers: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: url(STUDENTS_PATHS.update, me.student._id), headers, payload: { email: newEmail, password: TEST_ADMIN.password } });
    expect((await update(me.headers)).statusCode).toBe(403);
    expect((await update(admin)).statusCode).toBe(200);

    const mail = await t.smtp.waitFor((received) => received.to.includes(me.body.email.toLowerCase()) && /e-mail address of your account was changed/.test(received.subject));
    expect(mail.text).toContain(`from ${me.body.email} to ${newEmail}`);
    expect(mail.text).toContain('password reset codes go to it');
    expect(noticesTo(t, me.body.email, /e-mail address/)).toHaveLength(1);
    expect(noticesTo(t, newEmail, /e-mail address/)).toHaveLength(0);
  });
});
