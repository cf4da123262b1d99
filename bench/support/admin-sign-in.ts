import { ADMIN_MFA_PATHS, needsSecondFactor, STUDENTS_PATHS, type LoginAnswer, type SignInStepAnswer } from '@academy/contract';
import { base32Decode, stepAt, totpCode } from '../../apps/server/src/features/admin-mfa/totp';
import { BENCH_ADMIN } from './server';

// Admins sign in with a password and a TOTP code (docs/security.md, 'Admins' second factor'), as a
// benchmark's admin must too: on its first sign-in to a fresh portal it enrols as a person would
// (the secret from the enrolment answer, a code made from it), and every later sign-in answers
// the code step. The server takes each 30-second step once per account and accepts the step after
// the current one, so a second sign-in within a step uses the next, and a third waits for it.

const secrets = new Map<string, Buffer>();
const usedSteps = new Map<string, number>();

async function call<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /api/${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A code for a step this account has not used yet, at most one step ahead of the clock. */
async function nextCode(key: string): Promise<string> {
  const secret = secrets.get(key);
  if (!secret) throw new Error(`no second factor is known for ${key}`);
  const step = Math.max(stepAt(Date.now()), (usedSteps.get(key) ?? -1) + 1);
  while (step > stepAt(Date.now()) + 1) await new Promise((resolve) => setTimeout(resolve, 250));
  usedSteps.set(key, step);
  return totpCode(secret, step);
}

/** The admin's session on the portal at `base`, its second step answered (enrolling on the first sign-in). */
export async function adminSignIn(base: string, admin: { email: string; password: string } = BENCH_ADMIN): Promise<LoginAnswer> {
  const key = `${base} ${admin.email.toLowerCase()}`;
  const answer = await call<SignInStepAnswer>(base, STUDENTS_PATHS.login, { email: admin.email, password: admin.password });
  if (needsSecondFactor(answer)) return call<LoginAnswer>(base, ADMIN_MFA_PATHS.signIn, { challenge: answer.challenge, code: await nextCode(key) });
  const { secondFactor, ...session } = answer;
  if (secondFactor !== 'enrol') return session;
  const started = await call<{ data: { secret: string } }>(base, ADMIN_MFA_PATHS.enrolment, {}, session.token);
  secrets.set(key, base32Decode(started.data.secret));
  await call(base, ADMIN_MFA_PATHS.confirm, { code: await nextCode(key) }, session.token);
  return session;
}
