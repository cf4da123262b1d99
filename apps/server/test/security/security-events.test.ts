import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_BASE, PASSWORD_RESET_PATHS, SERVER_TEXT, SESSIONS_PATHS, STUDENTS_PATHS, type LoginAnswer, type SignInStepAnswer, type Student } from '@academy/contract';
import { codeIn, isCodeMailTo } from '../../src/features/password-reset/test-helpers';
import { buildRegistration } from '../factories';
import { fetchPost, finishSignIn, realTimeCode } from '../second-factor';
import { processDatabase } from '../process-database';
import { startServerProcess } from '../server-process';
import { startSmtpReceiver } from '../smtp-receiver';
import { engineUnderTest } from '../engine-under-test';

// The security log as an operator reads it: a real server process behind a trusted proxy, at the
// default log level, signs in right, wrong, to an unknown e-mail, to a suspended account, until
// the sign-in guard locks a place, changes and resets a password, ends a session and is refused
// at an admin route; each decision must be one line with its event, outcome, account and the
// client's address, and no password, token, code or e-mail may be anywhere in the output.

const engine = engineUnderTest();
const secret = (label: string) => `${label}-${randomBytes(18).toString('base64url')}`;
const ADMIN_EMAIL = 'head.tutor@academy.test';
/** Failures of one account from one place before the guard refuses that place. */
const PLACE_LIMIT = 3;

type Line = Record<string, unknown>;

describe(`the security log (${engine})`, () => {
  it('logs every sign-in decision, password change, reset step, ended session and refusal, with no secret or e-mail', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-security-log-'));
    const smtp = await startSmtpReceiver();
    const database = await processDatabase(dataDir, engine);
    const adminPassword = secret('admin');
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      TRUST_PROXY: 'true',
      ADMIN_EMAIL,
      ADMIN_PASSWORD: adminPassword,
      SMTP_URL: smtp.url,
      SIGN_IN_PLACE_LIMIT: String(PLACE_LIMIT),
      ...database.env,
    });
    /** Each call comes through the proxy from a client address of its own, which the lines must carry. */
    const call = (route: string, init: { from: string; method?: string; body?: unknown; token?: string }) =>
      fetch(`${server.url}${API_BASE}${route}`, {
        method: init.method ?? (init.body ? 'POST' : 'GET'),
        headers: {
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          'x-forwarded-for': init.from,
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      });
    const signIn = (from: string, email: string, password: string) => call(STUDENTS_PATHS.login, { from, body: { email, password } });
    const register = async (from: string) => {
      const body = buildRegistration();
      const answer = await call(STUDENTS_PATHS.register, { from, body });
      expect(answer.status).toBe(200);
      return { body, student: ((await answer.json()) as { data: Student }).data };
    };
    try {
      // The admin's second step (enrolment on this fresh server) as test/second-factor.ts answers it.
      const admin = await finishSignIn((await (await signIn('198.51.100.1', ADMIN_EMAIL, adminPassword)).json()) as SignInStepAnswer, ADMIN_EMAIL, fetchPost(server.url, { 'x-forwarded-for': '198.51.100.1' }), realTimeCode);
      const amaya = await register('198.51.100.2');
      const amayaLogin = (await (await signIn('198.51.100.2', amaya.body.email, amaya.body.password)).json()) as LoginAnswer;
      const wrongPassword = secret('wrong');
      expect((await signIn('198.51.100.3', amaya.body.email, wrongPassword)).status).toBe(401);
      const unknownEmail = `nobody.${crypto.randomUUID().slice(0, 8)}@example.lk`;
      expect((await signIn('198.51.100.4', unknownEmail, wrongPassword)).status).toBe(401);

      const suspended = await register('198.51.100.5');
      const suspend = await call(STUDENTS_PATHS.updateState.replace(':id', suspended.student._id), {
        from: '198.51.100.1',
        method: 'PUT',
        body: { state: 'de-active', password: adminPassword },
        token: admin.token,
      });
      expect(suspend.status).toBe(200);
      expect((await signIn('198.51.100.5', suspended.body.email, suspended.body.password)).status).toBe(403);

      // Wrong passwords from one address until the guard refuses the place, the right one included.
      const locked = await register('198.51.100.6');
      for (let i = 0; i < PLACE_LIMIT; i += 1) expect((await signIn('198.51.100.6', locked.body.email, wrongPassword)).status).toBe(401);
      expect((await signIn('198.51.100.6', locked.body.email, locked.body.password)).status).toBe(429);

      // A student at an admin route, and a call without a token.
      expect((await call(STUDENTS_PATHS.getAll, { from: '198.51.100.2', token: amayaLogin.token })).status).toBe(403);
      expect((await call(SESSIONS_PATHS.mine, { from: '198.51.100.7' })).status).toBe(401);

      // A password change, wrong then right.
      const changeUrl = STUDENTS_PATHS.updatePassword.replace(':id', amaya.student._id);
      const newPassword = secret('changed');
      expect((await call(changeUrl, { from: '198.51.100.2', method: 'PUT', token: amayaLogin.token, body: { oldPassword: wrongPassword, newPassword } })).status).toBe(400);
      const changed = await call(changeUrl, { from: '198.51.100.2', method: 'PUT', token: amayaLogin.token, body: { oldPassword: amaya.body.password, newPassword } });
      expect(changed.status).toBe(200);
      const renewedToken = ((await changed.json()) as { data: { token: string } }).data.token;

      // A reset: a code for an unknown e-mail and for the student, a wrong code, the right one, the new password.
      expect((await call(PASSWORD_RESET_PATHS.sendOtp, { from: '198.51.100.8', body: { email: unknownEmail } })).status).toBe(200);
      expect((await call(PASSWORD_RESET_PATHS.sendOtp, { from: '198.51.100.8', body: { email: amaya.body.email } })).status).toBe(200);
      const otp = codeIn(await smtp.waitFor(isCodeMailTo(amaya.body.email)));
      const wrongOtp = String((Number(otp) + 1) % 100_000).padStart(otp.length, '0');
      expect((await call(PASSWORD_RESET_PATHS.confirmOtp, { from: '198.51.100.8', body: { email: amaya.body.email, otp: wrongOtp } })).status).toBe(400);
      const confirmed = await call(PASSWORD_RESET_PATHS.confirmOtp, { from: '198.51.100.8', body: { email: amaya.body.email, otp } });
      expect(confirmed.status).toBe(200);
      const { resetToken } = ((await confirmed.json()) as { data: { resetToken: string } }).data;
      const resetPassword = secret('reset');
      expect((await call(PASSWORD_RESET_PATHS.resetPassword, { from: '198.51.100.8', body: { resetToken, password: resetPassword } })).status).toBe(200);

      // Signed in again, then Log Out.
      const again = (await (await signIn('198.51.100.9', amaya.body.email, resetPassword)).json()) as LoginAnswer;
      expect((await call(SESSIONS_PATHS.signOut, { from: '198.51.100.9', method: 'POST', token: again.token })).status).toBe(200);

      server.child.kill('SIGTERM');
      await server.exited;
      const output = server.output();
      const lines = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Line);
      const events = lines.filter((line) => line.msg === 'security event');
      /** The one event line matching these fields. */
      const event = (fields: Line) => {
        const found = events.filter((line) => Object.entries(fields).every(([key, value]) => line[key] === value));
        expect(found, `one line for ${JSON.stringify(fields)} among\n${events.map((line) => JSON.stringify(line)).join('\n')}`).toHaveLength(1);
        return found[0] as Line;
      };
      const warn = 40;
      const info = 30;

      const adminSignIn = event({ security: 'sign-in', outcome: 'success', ip: '198.51.100.1' });
      expect(adminSignIn).toMatchObject({ level: info, accountId: expect.any(String), sessionId: expect.any(String), knownDevice: false });
      expect(event({ security: 'sign-in', outcome: 'success', accountId: amaya.student._id, ip: '198.51.100.2' })).toMatchObject({
        level: info,
        sessionId: expect.any(String),
        knownDevice: false,
      });
      expect(event({ security: 'sign-in', reason: 'wrong-password', ip: '198.51.100.3' })).toMatchObject({ level: warn, outcome: 'failure', accountId: amaya.student._id });
      const unknown = event({ security: 'sign-in', reason: 'unknown-account', ip: '198.51.100.4' });
      expect(unknown).toMatchObject({ level: warn, outcome: 'failure' });
      expect(Object.keys(unknown)).not.toContain('accountId');
      expect(event({ security: 'sign-in', reason: 'suspended', ip: '198.51.100.5' })).toMatchObject({ level: warn, outcome: 'failure', accountId: suspended.student._id });
      expect(events.filter((line) => line.reason === 'wrong-password' && line.accountId === locked.student._id)).toHaveLength(PLACE_LIMIT);
      expect(event({ security: 'sign-in', reason: 'locked', ip: '198.51.100.6' })).toMatchObject({
        level: warn,
        outcome: 'failure',
        accountId: locked.student._id,
        rule: 'place',
      });

      expect(event({ security: 'access-refused', status: 403 })).toMatchObject({
        level: warn,
        outcome: 'failure',
        method: 'GET',
        route: `${API_BASE}${STUDENTS_PATHS.getAll}`,
        reason: SERVER_TEXT.adminOnly,
        accountId: amaya.student._id,
        sessionId: expect.any(String),
        ip: '198.51.100.2',
      });
      expect(event({ security: 'access-refused', status: 401 })).toMatchObject({ route: `${API_BASE}${SESSIONS_PATHS.mine}`, reason: SERVER_TEXT.signInRequired, ip: '198.51.100.7' });
      // A refused sign-in is explained by its own line, not logged again as a refusal.
      expect(events.filter((line) => line.security === 'access-refused')).toHaveLength(2);

      const amayaSession = event({ security: 'sign-in', outcome: 'success', ip: '198.51.100.2' }).sessionId;
      expect(event({ security: 'password-change', reason: 'wrong-password' })).toMatchObject({ level: warn, accountId: amaya.student._id, sessionId: amayaSession, ip: '198.51.100.2' });
      expect(event({ security: 'password-change', outcome: 'success' })).toMatchObject({ level: info, accountId: amaya.student._id, sessionId: amayaSession, ip: '198.51.100.2' });

      expect(event({ security: 'password-reset.send-code', outcome: 'failure' })).toMatchObject({ level: warn, reason: 'unknown-account', ip: '198.51.100.8' });
      expect(event({ security: 'password-reset.send-code', outcome: 'success' })).toMatchObject({ level: info, accountId: amaya.student._id, ip: '198.51.100.8' });
      expect(event({ security: 'password-reset.confirm-code', outcome: 'failure' })).toMatchObject({ level: warn, reason: 'wrong', accountId: amaya.student._id });
      expect(event({ security: 'password-reset.confirm-code', outcome: 'success' })).toMatchObject({ level: info, accountId: amaya.student._id });
      expect(event({ security: 'password-reset.set-password', outcome: 'success' })).toMatchObject({ level: info, accountId: amaya.student._id, ip: '198.51.100.8' });

      const lastSignIn = event({ security: 'sign-in', outcome: 'success', ip: '198.51.100.9' });
      expect(event({ security: 'sessions-ended' })).toMatchObject({
        level: info,
        outcome: 'success',
        scope: 'this',
        ended: 1,
        accountId: amaya.student._id,
        sessionId: lastSignIn.sessionId,
        ip: '198.51.100.9',
      });

      // The request lines carry the client's address, and a signed-in caller's account and session.
      const requestLines = lines.filter((line) => line.msg === 'request');
      expect(requestLines.length).toBeGreaterThan(20);
      // The start-up's health checks come straight from the test, not through the proxy.
      for (const line of requestLines) expect(line.ip, JSON.stringify(line)).toMatch(line.url === '/api/health' ? /^127\.0\.0\.1$/ : /^198\.51\.100\.\d+$/);
      expect(requestLines.find((line) => line.url === `${API_BASE}${STUDENTS_PATHS.getAll}`)).toMatchObject({
        status: 403,
        accountId: amaya.student._id,
        sessionId: amayaSession,
      });

      const held = {
        adminPassword,
        studentPassword: amaya.body.password,
        wrongPassword,
        newPassword,
        resetPassword,
        adminToken: admin.token,
        studentToken: amayaLogin.token,
        renewedToken,
        lastToken: again.token,
        resetToken,
        otp: `"${otp}"`,
        wrongOtp: `"${wrongOtp}"`,
      };
      const leaked = Object.entries(held).filter(([, value]) => output.includes(value));
      expect(leaked.map(([name]) => name)).toEqual([]);
      // No e-mail anywhere: the one line naming the first admin, written as the server first starts, aside.
      const withEmail = output.split('\n').filter((line) => line.includes('@') && !line.includes('"msg":"first admin created from ADMIN_EMAIL"'));
      expect(withEmail).toEqual([]);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await smtp.close();
      await database.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
