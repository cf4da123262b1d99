import { ADMIN_MFA_PATHS, needsSecondFactor, type LoginAnswer, type SignInStepAnswer } from '@academy/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/database';
import * as repo from '../src/features/admin-mfa/repo';
import { createSecretBox } from '../src/features/admin-mfa/secret-box';
import { base32Decode, base32Encode, newTotpSecret, stepAt, totpCode, TOTP_STEP_SECONDS } from '../src/features/admin-mfa/totp';
import { until } from './until';

// Admins sign in with a second factor (features/admin-mfa). The helpers that sign admins in finish
// that step for the tests that are about something else: an admin without a factor enrols on their
// first sign-in (the helper keeps the secret by e-mail), and later sign-ins answer a code from it.
//
// An admin the tests sign in is enrolled straight in the database where the helper can reach it (no
// audit entry, so the audit log's tests see what they always saw); through the API elsewhere.
//
// A code is accepted once (ASVS 2.8.4), so the in-process apps of a test file run on this file's
// own TOTP clock (BuildOptions.secondFactorClock), which each code the helpers make moves one step
// on: every sign-in has a fresh code, without waiting 30 seconds. A server process keeps real
// time: `realTimeCode` takes each step once and waits for the next when it must.

const STEP_MS = TOTP_STEP_SECONDS * 1000;
let offsetMs = 0;

/** The admins' TOTP clock of this test file's in-process apps. */
export const testSecondFactorClock = (): number => Date.now() + offsetMs;

const secrets = new Map<string, string>();
const usedRealSteps = new Map<string, number>();

export function rememberSecret(email: string, secret: string): void {
  secrets.set(email.toLowerCase(), secret);
}

function secretOf(email: string): Buffer {
  const secret = secrets.get(email.toLowerCase());
  if (!secret) throw new Error(`no second factor is known for ${email}: sign them in with the helpers first`);
  return base32Decode(secret);
}

/** A fresh code for the in-process apps: their clock moves one step on first. */
export function nextTestCode(email: string): string {
  offsetMs += STEP_MS;
  return totpCode(secretOf(email), stepAt(testSecondFactorClock()));
}

/** A code at real time for a server process: each step once, waiting for the next step when this one was used. */
export async function realTimeCode(email: string): Promise<string> {
  const key = email.toLowerCase();
  const used = usedRealSteps.get(key) ?? -1;
  const step = await until('the next TOTP step', async () => (stepAt(Date.now()) > used ? stepAt(Date.now()) : null), STEP_MS + 5000, 250);
  usedRealSteps.set(key, step);
  return totpCode(secretOf(email), step);
}

/** The database and server secret of the in-process apps, for enrolling test admins directly. */
const direct = new WeakMap<FastifyInstance, { db: Db; serverSecret: string }>();

export function allowDirectEnrolment(app: FastifyInstance, db: Db, serverSecret: string): void {
  direct.set(app, { db, serverSecret });
}

/** Enrols the signed-in admin with a new secret, kept by e-mail, and lets their session through; false when the app is not reachable so. */
export async function enrolDirectly(app: FastifyInstance, session: LoginAnswer): Promise<boolean> {
  const access = direct.get(app);
  if (!access) return false;
  const secret = newTotpSecret();
  const now = new Date().toISOString();
  // Enrolled in one statement: when two instances sign the same admin in at once, both come here
  // and the first one's secret is the one kept (a pending enrolment is taken over).
  const sealed = createSecretBox(access.serverSecret).seal(secret);
  const written = await access.db
    .insertInto('admin_second_factors')
    .values({ account_id: session.studentId, secret: sealed, enrolled_at: now, last_step: 0, created_at: now })
    .onConflict((conflict) => conflict.column('account_id').doUpdateSet({ secret: sealed, enrolled_at: now, last_step: 0 }).where('admin_second_factors.enrolled_at', 'is', null))
    .executeTakeFirst();
  if (Number(written.numInsertedOrUpdatedRows ?? 0n) > 0) rememberSecret(session.email, base32Encode(secret));
  const claims = JSON.parse(Buffer.from(session.token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string };
  await repo.verifySession(access.db, claims.sid, 'totp');
  return true;
}

/** How the helper reaches the server: one JSON call, with the bearer token when given. */
export type Post = (path: string, body: unknown, token?: string) => Promise<{ status: number; body: unknown }>;

/**
 * Takes a password step's answer to a session: answers the code step with `code()`, or enrols an
 * admin who has no factor yet (the secret kept by e-mail for their next sign-in). A student's
 * answer comes back as it was.
 */
export async function finishSignIn(
  answer: SignInStepAnswer,
  email: string,
  post: Post,
  code: (email: string) => string | Promise<string>,
  enrol: (session: LoginAnswer) => Promise<boolean> = async () => false,
): Promise<LoginAnswer> {
  if (needsSecondFactor(answer)) {
    const step = await post(`/api/${ADMIN_MFA_PATHS.signIn}`, { challenge: answer.challenge, code: await code(email) });
    expect(step.status, JSON.stringify(step.body)).toBe(200);
    return step.body as LoginAnswer;
  }
  const { secondFactor, ...session } = answer;
  if (secondFactor !== 'enrol' || (await enrol(session))) return session;
  const started = await post(`/api/${ADMIN_MFA_PATHS.enrolment}`, {}, session.token);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  rememberSecret(email, (started.body as { data: { secret: string } }).data.secret);
  const confirmed = await post(`/api/${ADMIN_MFA_PATHS.confirm}`, { code: await code(email) }, session.token);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return session;
}

/** One JSON call over HTTP to a server at `baseUrl` (a server process, a listening instance), with `headers` added. */
export function fetchPost(baseUrl: string, headers: Record<string, string> = {}): Post {
  return async (path, body, token) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
}

/** Signs in over HTTP to a server process (real time), its second step included. */
export async function signInOverHttp(baseUrl: string, email: string, password: string): Promise<LoginAnswer> {
  const post = fetchPost(baseUrl);
  const first = await post('/api/students/student/login', { email, password });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  return finishSignIn(first.body as SignInStepAnswer, email, post, realTimeCode);
}
