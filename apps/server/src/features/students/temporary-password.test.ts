import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TEXT, type ImportAnswer, type LoginAnswer } from '@academy/contract';
import { signIn } from '../../../test/factories';
import { multipartForm } from '../../../test/multipart-form';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app';
import { newClient, post, requestCode } from '../password-reset/test-helpers';

// The CSV import's generated passwords are temporary (ASVS 2.3.1): the account can only change its
// password until its owner sets their own, and the temporary one stops signing in after its days.

const HEADER = 'name,email,whatsAppNo,additionalNo,district,scl,address,password,studentIdImg,historyType,batch,classType';
const DAY_MS = 24 * 60 * 60_000;
const OWN_PASSWORD = 'my-own-history-pass';

describe('temporary passwords of imported students', () => {
  const t = {} as TestApp & { smtp: SmtpReceiver };
  beforeAll(async () => {
    const smtp = await startSmtpReceiver();
    Object.assign(t, await startTestApp({ SMTP_URL: smtp.url, TEMPORARY_PASSWORD_DAYS: '3' }), { smtp });
  });
  afterAll(async () => {
    await t.app?.close();
    await t.database?.drop();
    await t.smtp?.close();
  });

  /** Imports one row (with the file's password, or none) through the admin's CSV import; answers the student. */
  async function importStudent(password = ''): Promise<{ email: string; password: string; id: string }> {
    const email = `imported.${crypto.randomUUID().slice(0, 8)}@example.lk`;
    const csv = `${HEADER}\r\nNimal Perera,${email},0771234567,,Kandy,,,${password},,Indian,2026,Theory\r\n`;
    const admin = await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const form = multipartForm('file', 'students.csv', 'text/csv', Buffer.from(csv));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/students/student/import',
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${admin.token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [added] = response.json<ImportAnswer>().data.added;
    const row = await t.database.db.selectFrom('accounts').select('id').where('email_key', '=', email).executeTakeFirstOrThrow();
    return { email, password: added?.temporaryPassword ?? password, id: row.id };
  }

  const bearer = (login: { token: string }) => ({ authorization: `Bearer ${login.token}` });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/students/student/login', payload: { email, password }, remoteAddress: newClient() });
  const changePassword = (id: string, headers: Record<string, string>, oldPassword: string) =>
    t.app.inject({ method: 'PUT', url: `/api/students/student/updatepassword/${id}`, headers, payload: { oldPassword, newPassword: OWN_PASSWORD } });

  it('signs in with the generated password, expiring after TEMPORARY_PASSWORD_DAYS, and says the password must change', async () => {
    const before = Date.now();
    const student = await importStudent();
    const row = await t.database.db.selectFrom('accounts').select('temporary_password_expires_at').where('id', '=', student.id).executeTakeFirstOrThrow();
    const expires = Date.parse(row.temporary_password_expires_at ?? '');
    expect(expires).toBeGreaterThanOrEqual(before + 3 * DAY_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3 * DAY_MS);

    const answer = await signIn(t.app, student.email, student.password);
    expect(answer.mustChangePassword).toBe(true);
  });

  it('refuses every call but the password change, sign-out and the own profile with 403 until the student sets their own', async () => {
    const student = await importStudent();
    const headers = bearer(await signIn(t.app, student.email, student.password));

    for (const call of [
      { method: 'GET' as const, url: '/api/sessions/mine' },
      { method: 'PUT' as const, url: `/api/students/student/update/${student.id}`, payload: { name: 'Someone Else' } },
      { method: 'GET' as const, url: '/api/students/student/getallstudents' },
    ]) {
      const refused = await t.app.inject({ ...call, headers });
      expect(refused.statusCode, call.url).toBe(403);
      expect(refused.json().message).toBe(SERVER_TEXT.mustChangePassword);
    }
    expect((await t.app.inject({ url: `/api/students/student/getbyid/${student.id}`, headers })).statusCode).toBe(200);

    const changed = await changePassword(student.id, headers, student.password);
    expect(changed.statusCode, changed.body).toBe(200);
    const renewed = { authorization: `Bearer ${changed.json().data.token as string}` };
    expect((await t.app.inject({ url: '/api/sessions/mine', headers: renewed })).statusCode).toBe(200);
    const again = await signIn(t.app, student.email, OWN_PASSWORD);
    expect(again.mustChangePassword).toBeUndefined();
    expect((await t.app.inject({ url: '/api/sessions/mine', headers: bearer(again) })).statusCode).toBe(200);
  });

  it('lets a student with a temporary password sign out', async () => {
    const student = await importStudent();
    const headers = bearer(await signIn(t.app, student.email, student.password));
    const signOut = await t.app.inject({ method: 'POST', url: '/api/sessions/mine/sign-out', headers });
    expect(signOut.statusCode, signOut.body).toBe(200);
    expect((await t.app.inject({ url: `/api/students/student/getbyid/${student.id}`, headers })).statusCode).toBe(401);
  });

  it('refuses an expired temporary password with a message naming the way out, and the right password only', async () => {
    const student = await importStudent();
    await t.database.db
      .updateTable('accounts')
      .set({ temporary_password_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', student.id)
      .execute();
    const expired = await login(student.email, student.password);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(SERVER_TEXT.temporaryPasswordExpired);
    // A wrong password learns nothing of the account's state.
    expect((await login(student.email, 'not-the-temporary-one')).json().message).toBe(SERVER_TEXT.invalidCredentials);
  });

  it('ends the temporary state once the student resets the password by e-mail, expired or not', async () => {
    const student = await importStudent();
    await t.database.db
      .updateTable('accounts')
      .set({ temporary_password_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', student.id)
      .execute();
    const code = await requestCode(t, student.email, newClient());
    const confirmed = await post(t, 'confirmOtp', { email: student.email, otp: code }, newClient());
    const reset = await post(t, 'resetPassword', { resetToken: confirmed.json().data.resetToken, password: OWN_PASSWORD }, newClient());
    expect(reset.statusCode, reset.body).toBe(200);
    const answer: LoginAnswer = await signIn(t.app, student.email, OWN_PASSWORD);
    expect(answer.mustChangePassword).toBeUndefined();
    expect((await t.app.inject({ url: '/api/sessions/mine', headers: bearer(answer) })).statusCode).toBe(200);
  });

  it("leaves a password the file gives as the student's own", async () => {
    const student = await importStudent('paper-form-password-1');
    const answer = await signIn(t.app, student.email, student.password);
    expect(answer.mustChangePassword).toBeUndefined();
    expect((await t.app.inject({ url: '/api/sessions/mine', headers: bearer(answer) })).statusCode).toBe(200);
  });
});
