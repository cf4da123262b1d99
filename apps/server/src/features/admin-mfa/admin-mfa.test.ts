import { describe, expect, it } from 'vitest';
import { ADMIN_MFA_PATHS, ADMIN_MFA_TEXT, SESSIONS_PATHS, type LoginAnswer, type SecondFactorNeeded } from '@academy/contract';
import { signIn, signedInStudent } from '../../../test/factories';
import { nextTestCode, rememberSecret, testSecondFactorClock } from '../../../test/second-factor';
import { TEST_ADMIN } from '../../../test/test-app';
import { useResetTestApp } from '../password-reset/test-helpers';
import { ensureAdmin } from '../students/service';
import { resetFromCommandLine } from './service';
import { base32Decode, stepAt, totpCode } from './totp';

const LOGIN = '/api/students/student/login';
const api = (path: string) => `/api/${path}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('admin two-step sign-in', () => {
  // With a real SMTP receiver: a replayed code is mailed to the admin.
  const t = useResetTestApp();
  let count = 0;

  /** A new admin account (no second factor yet), signed in with the password alone: its limited session. */
  async function newAdmin() {
    count += 1;
    const admin = { email: `admin${count}.${crypto.randomUUID().slice(0, 6)}@academy.test`, password: 'admin-password-12', name: `Admin ${count}` };
    await ensureAdmin(t.database.db, admin, { resetPassword: false });
    const response = await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: admin.email, password: admin.password } });
    expect(response.statusCode).toBe(200);
    return { ...admin, answer: response.json<LoginAnswer & { secondFactor?: string }>() };
  }

  const post = (path: string, token: string | null, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: api(path), payload, ...(token ? { headers: bearer(token) } : {}) });

  /** Enrols through the API as a person would: the secret from the answer, a code from it. */
  async function enrol(token: string, email: string) {
    const started = await post(ADMIN_MFA_PATHS.enrolment, token);
    expect(started.statusCode).toBe(200);
    const { secret } = started.json<{ data: { secret: string } }>().data;
    rememberSecret(email, secret);
    const confirmed = await post(ADMIN_MFA_PATHS.confirm, token, { code: nextTestCode(email) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret, recoveryCodes: confirmed.json<{ data: { recoveryCodes: string[] } }>().data.recoveryCodes };
  }

  async function passwordStep(email: string, password: string): Promise<SecondFactorNeeded> {
    const response = await t.app.inject({ method: 'POST', url: LOGIN, payload: { email, password } });
    expect(response.statusCode).toBe(200);
    return response.json<SecondFactorNeeded>();
  }

  const codeStep = (challenge: string, code: string) => post(ADMIN_MFA_PATHS.signIn, null, { challenge, code });
  const auditActions = async (accountId: string) =>
    (await t.database.db.selectFrom('audit_log').select('action').where('actor_id', '=', accountId).orderBy('at').execute()).map((row) => row.action);

  it('computes RFC 6238 codes (SHA-1 test vectors, cut to 6 digits)', () => {
    const secret = Buffer.from('12345678901234567890');
    expect(totpCode(secret, stepAt(59_000), 8)).toBe('94287082');
    expect(totpCode(secret, stepAt(1_111_111_109_000), 8)).toBe('07081804');
    expect(totpCode(secret, stepAt(20_000_000_000_000), 8)).toBe('65353130');
    expect(totpCode(secret, stepAt(59_000))).toBe('287082');
  });

  it('limits an admin without a second factor to enrolment: every other admin call is 403 naming it', async () => {
    const admin = await newAdmin();
    expect(admin.answer.secondFactor).toBe('enrol');
    const limited = await t.app.inject({ url: api(SESSIONS_PATHS.limit), headers: bearer(admin.answer.token) });
    expect(limited.statusCode).toBe(403);
    expect(limited.json().message).toBe(ADMIN_MFA_TEXT.enrolRequired);
    const students = await t.app.inject({ url: '/api/students/student/getallstudents', headers: bearer(admin.answer.token) });
    expect(students.statusCode).toBe(403);
    const state = await t.app.inject({ url: api(ADMIN_MFA_PATHS.mine), headers: bearer(admin.answer.token) });
    expect(state.json().data).toEqual({ enrolled: false, enrolledAt: null, recoveryCodesLeft: 0, sessionVerified: false });
    // Log Out still works.
    expect((await post(SESSIONS_PATHS.signOut, admin.answer.token)).statusCode).toBe(200);
  });

  it('enrols only with a valid code: a QR code and the key once, a wrong code changes nothing, a right one opens admin pages and answers 10 recovery codes', async () => {
    const admin = await newAdmin();
    const token = admin.answer.token;
    const started = await post(ADMIN_MFA_PATHS.enrolment, token);
    expect(started.statusCode).toBe(200);
    const enrolment = started.json<{ data: { secret: string; otpauthUri: string; qrCode: string } }>().data;
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(enrolment.secret)).toHaveLength(20);
    expect(enrolment.otpauthUri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+algorithm=SHA1&digits=6&period=30$/);
    expect(Buffer.from(enrolment.qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');
    // Kept encrypted: the stored text is not the key.
    const row = await t.database.db.selectFrom('admin_second_factors').select('secret').where('account_id', '=', admin.answer.studentId).executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(enrolment.secret);

    const wrong = await post(ADMIN_MFA_PATHS.confirm, token, { code: '000000' === totpCode(base32Decode(enrolment.secret), stepAt(testSecondFactorClock())) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe('code');
    expect((await t.app.inject({ url: api(SESSIONS_PATHS.limit), headers: bearer(token) })).statusCode).toBe(403);
    expect((await post(ADMIN_MFA_PATHS.confirm, token, { code: '12345' })).statusCode).toBe(400);

    rememberSecret(admin.email, enrolment.secret);
    const confirmed = await post(ADMIN_MFA_PATHS.confirm, token, { code: nextTestCode(admin.email) });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json<{ data: { recoveryCodes: string[] } }>().data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await t.app.inject({ url: api(SESSIONS_PATHS.limit), headers: bearer(token) })).statusCode).toBe(200);
    const state = await t.app.inject({ url: api(ADMIN_MFA_PATHS.mine), headers: bearer(token) });
    expect(state.json().data).toMatchObject({ enrolled: true, recoveryCodesLeft: 10, sessionVerified: true });
    expect(state.body).not.toContain(enrolment.secret);
    // Hashed at rest, and no second secret is handed out.
    const stored = await t.database.db.selectFrom('admin_recovery_codes').select('code_hash').where('account_id', '=', admin.answer.studentId).execute();
    expect(stored.map((code) => code.code_hash)).not.toContain(codes[0]);
    expect((await post(ADMIN_MFA_PATHS.enrolment, token)).statusCode).toBe(409);
    expect(await auditActions(admin.answer.studentId)).toEqual(['admin.sign-in', 'admin-mfa.code-refused', 'admin-mfa.enrol']);
  });

  it('gives an enrolled admin no session for the password alone; the code step does, and refuses a wrong or replayed code', async () => {
    const admin = await newAdmin();
    const { secret } = await enrol(admin.answer.token, admin.email);
    const step = await passwordStep(admin.email, admin.password);
    expect(step).toMatchObject({ secondFactor: 'code', message: ADMIN_MFA_TEXT.codeNeeded });
    expect(step).not.toHaveProperty('token');
    const sessions = await t.database.db.selectFrom('sessions').select('id').where('account_id', '=', admin.answer.studentId).execute();
    expect(sessions).toHaveLength(1);

    const wrong = await codeStep(step.challenge, '999999' === nextTestCode(admin.email) ? '000000' : '999999');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toEqual({ field: 'code', message: ADMIN_MFA_TEXT.wrongCode });
    const code = totpCode(base32Decode(secret), stepAt(testSecondFactorClock()));
    const right = await codeStep(step.challenge, code);
    expect(right.statusCode).toBe(200);
    const session = right.json<LoginAnswer>();
    expect((await t.app.inject({ url: api(SESSIONS_PATHS.limit), headers: bearer(session.token) })).statusCode).toBe(200);
    // The challenge is spent, and the same code on a new challenge is a replay.
    expect((await codeStep(step.challenge, code)).statusCode).toBe(401);
    const again = await passwordStep(admin.email, admin.password);
    const replay = await codeStep(again.challenge, code);
    expect(replay.statusCode).toBe(400);
    const refused = await t.database.db.selectFrom('audit_log').select('detail').where('actor_id', '=', admin.answer.studentId).where('action', '=', 'admin-mfa.code-refused').execute();
    expect(refused.map((entry) => JSON.parse(entry.detail).reason)).toEqual(['wrong', 'replayed']);
    // The owner hears of the replay (someone has the password and saw a code), and of nothing else here.
    const notice = await t.smtp.waitFor((mail) => mail.to.includes(admin.email.toLowerCase()) && /already been used/.test(mail.text));
    expect(notice.subject).toBe('History Academy: a used two-step code was tried on your account');
    expect(notice.text).toContain(`Hello ${admin.name},`);
    expect(t.smtp.mails.filter((mail) => mail.to.includes(admin.email.toLowerCase()) && /two-step code/.test(mail.subject))).toHaveLength(1);
  });

  it('takes 5 codes per challenge, then asks for the password again', async () => {
    const admin = await newAdmin();
    await enrol(admin.answer.token, admin.email);
    const step = await passwordStep(admin.email, admin.password);
    const right = nextTestCode(admin.email);
    const wrongCode = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i += 1) expect((await codeStep(step.challenge, wrongCode)).statusCode).toBe(400);
    const spent = await codeStep(step.challenge, right);
    expect(spent.statusCode).toBe(401);
    expect(spent.json().message).toBe(ADMIN_MFA_TEXT.challengeEnded);
    // Wrong codes count per account too: 10 in 15 minutes and even a right one is 429.
    const next = await passwordStep(admin.email, admin.password);
    for (let i = 0; i < 5; i += 1) expect((await codeStep(next.challenge, wrongCode)).statusCode).toBe(400);
    const locked = await codeStep((await passwordStep(admin.email, admin.password)).challenge, nextTestCode(admin.email));
    expect(locked.statusCode).toBe(429);
  });

  it('signs in with a recovery code once; the same code again is refused', async () => {
    const admin = await newAdmin();
    const { recoveryCodes } = await enrol(admin.answer.token, admin.email);
    const first = await codeStep((await passwordStep(admin.email, admin.password)).challenge, recoveryCodes[0]?.toUpperCase() ?? '');
    expect(first.statusCode).toBe(200);
    const second = await codeStep((await passwordStep(admin.email, admin.password)).challenge, recoveryCodes[0] ?? '');
    expect(second.statusCode).toBe(400);
    const state = await t.app.inject({ url: api(ADMIN_MFA_PATHS.mine), headers: bearer(first.json<LoginAnswer>().token) });
    expect(state.json().data.recoveryCodesLeft).toBe(9);
    expect(await auditActions(admin.answer.studentId)).toContain('admin-mfa.recovery-code');
  });

  it("lets another admin remove a lost factor with their own password: the admin's sessions end and they enrol again", async () => {
    const admin = await newAdmin();
    await enrol(admin.answer.token, admin.email);
    const tutor = await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const reset = (password: string) =>
      t.app.inject({ method: 'DELETE', url: api(ADMIN_MFA_PATHS.reset.replace(':id', admin.answer.studentId)), headers: bearer(tutor.token), payload: { password } });
    expect((await reset('not-my-password-1')).statusCode).toBe(400);
    expect((await reset(TEST_ADMIN.password)).statusCode).toBe(200);
    expect((await t.app.inject({ url: api(ADMIN_MFA_PATHS.mine), headers: bearer(admin.answer.token) })).statusCode).toBe(401);
    const back = await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: admin.email, password: admin.password } });
    expect(back.json().secondFactor).toBe('enrol');
    expect(await auditActions(tutor.studentId)).toContain('admin-mfa.reset');
    // A student is no admin to reset.
    const student = await signedInStudent(t.app);
    const notAdmin = await t.app.inject({ method: 'DELETE', url: api(ADMIN_MFA_PATHS.reset.replace(':id', student.student._id)), headers: bearer(tutor.token), payload: { password: TEST_ADMIN.password } });
    expect(notAdmin.statusCode).toBe(404);
  });

  it("create-admin's --reset-second-factor removes an admin's factor on the server: their sessions end, the audit log has it, a student is left alone", async () => {
    const admin = await newAdmin();
    await enrol(admin.answer.token, admin.email);
    expect(await resetFromCommandLine(t.database.db, admin.email)).toBe(true);
    expect((await t.app.inject({ url: api(ADMIN_MFA_PATHS.mine), headers: bearer(admin.answer.token) })).statusCode).toBe(401);
    expect(await auditActions(admin.answer.studentId)).toContain('admin-mfa.reset');
    const student = await signedInStudent(t.app);
    expect(await resetFromCommandLine(t.database.db, student.body.email)).toBe(false);
  });

  it('turns off with the password and a current code; every session of the admin is limited to enrolment again', async () => {
    const admin = await newAdmin();
    await enrol(admin.answer.token, admin.email);
    const off = await t.app.inject({
      method: 'DELETE',
      url: api(ADMIN_MFA_PATHS.mine),
      headers: bearer(admin.answer.token),
      payload: { password: admin.password, code: nextTestCode(admin.email) },
    });
    expect(off.statusCode).toBe(200);
    const limited = await t.app.inject({ url: api(SESSIONS_PATHS.limit), headers: bearer(admin.answer.token) });
    expect(limited.statusCode).toBe(403);
    expect(await auditActions(admin.answer.studentId)).toContain('admin-mfa.turn-off');
  });
});
