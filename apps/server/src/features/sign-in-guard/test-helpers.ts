import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../db/database';
import { hashPassword } from '../../lib/passwords';
import { KNOWN_DEVICE_COOKIE } from './known-device';
import { DEFAULT_CONFIG, DEFAULT_SIGN_IN_RULES as rules } from '../../../test/sign-in-defaults';

// Shared by this feature's tests: students made in bulk, sign-ins from any address (TRUST_PROXY
// and X-Forwarded-For, as behind the academy's proxy) with or without a known-device cookie, and
// the scenarios that run on one instance and on two.

/** What the sign-in tests run with: the real defaults, the sign-in budget included, behind a proxy. */
export const GUARD_TEST_ENV = { TRUST_PROXY: 'true', RATE_LIMIT_SIGN_IN: String(DEFAULT_CONFIG.rateLimits.budgets['sign-in']) };

export const CLASS_PASSWORD = 'history-class-2026';

/**
 * `count` students made straight in the database with one password hash: registering 300 through
 * the API would spend 300 argon2 hashes on what these tests are not about. Every sign-in still
 * checks its password with argon2.
 */
export async function seedStudents(db: Db, count: number, tag: string): Promise<string[]> {
  const passwordHash = await hashPassword(CLASS_PASSWORD);
  const now = new Date().toISOString();
  const emails = Array.from({ length: count }, (_, i) => `${tag}.${i}@hall.example.lk`);
  for (let start = 0; start < count; start += 100) {
    const rows = emails.slice(start, start + 100).map((email, i) => ({
      id: crypto.randomUUID(),
      email,
      email_key: email,
      password_hash: passwordHash,
      name: `Student ${start + i}`,
      account_type: 'student',
      account_state: 'active',
      batch: '2026',
      class_type: 'Theory',
      history_type: 'Indian',
      whatsapp_no: '0771234567',
      additional_no: '',
      district: 'Colombo',
      scl: '',
      address: '',
      student_id_img: '',
      reg_no: null,
      profile_img: '',
      created_at: now,
      updated_at: now,
    }));
    await db.insertInto('accounts').values(rows).execute();
  }
  return emails;
}

export interface SignInResult {
  status: number;
  retryAfter: number | null;
  message: string;
  /** The known-device cookie the answer gave, if any. */
  cookie: string | undefined;
  /** A success's bearer token and account id. */
  token: string | undefined;
  studentId: string | undefined;
}

export async function signInAs(
  app: FastifyInstance,
  input: { email: string; password: string; address: string; cookie?: string },
): Promise<SignInResult> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/students/student/login',
    headers: { 'x-forwarded-for': input.address, ...(input.cookie ? { cookie: `${KNOWN_DEVICE_COOKIE}=${input.cookie}` } : {}) },
    payload: { email: input.email, password: input.password },
  });
  const retryAfter = response.headers['retry-after'];
  const body = response.json<{ message: unknown; token?: string; studentId?: string }>();
  return {
    status: response.statusCode,
    retryAfter: retryAfter === undefined ? null : Number(retryAfter),
    message: String(body.message),
    token: body.token,
    studentId: body.studentId,
    cookie: new RegExp(`${KNOWN_DEVICE_COOKIE}=([^;]+)`).exec(String(response.headers['set-cookie'] ?? ''))?.[1],
  };
}

/**
 * The hall: `emails.length` students behind one address sign in at once, the first 30
 * after one typo and the next 5 after five; requests go round `apps`. Answers each student's
 * statuses in order and how long the whole class took.
 */
export async function signInHall(apps: FastifyInstance[], emails: string[], address: string) {
  let turn = 0;
  const next = () => apps[turn++ % apps.length] as FastifyInstance;
  const started = performance.now();
  const statuses = await Promise.all(
    emails.map(async (email, i) => {
      const typos = i < 30 ? 1 : i < 35 ? 5 : 0;
      const seen: number[] = [];
      for (let typo = 0; typo < typos; typo += 1) seen.push((await signInAs(next(), { email, password: `${CLASS_PASSWORD}-typo${typo}`, address })).status);
      seen.push((await signInAs(next(), { email, password: CLASS_PASSWORD, address })).status);
      return seen;
    }),
  );
  return { statuses, seconds: (performance.now() - started) / 1000 };
}

export function expectWholeHallIn(hall: { statuses: number[][]; seconds: number }): void {
  const refused = hall.statuses.flat().filter((status) => status === 429).length;
  expect(refused, 'refusals').toBe(0);
  expect(hall.statuses.map((seen) => seen.at(-1))).toEqual(hall.statuses.map(() => 200));
  expect(hall.statuses.flat().filter((status) => status === 401)).toHaveLength(30 + 5 * 5);
  expect(hall.seconds).toBeLessThan(120);
}

/**
 * What the shared-address tests run with: behind a proxy, the guard at its defaults, and a small
 * sign-in budget (25 judged tries a minute) so that counting refusals would show within 1,000
 * tries, while the guard's limits (10 failures a place, 100 an address) stay above it.
 */
export const SHARED_ADDRESS_BUDGET = 25;
export const SHARED_ADDRESS_ENV = { TRUST_PROXY: 'true', RATE_LIMIT_SIGN_IN: String(SHARED_ADDRESS_BUDGET) };

/** `work(0)` to `work(count - 1)`, at most `atOnce` running at a time; answers in order. */
export async function atMost<T>(atOnce: number, count: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const runner = async () => {
    for (let i = next++; i < count; i = next++) results[i] = await work(i);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, count) }, runner));
  return results;
}

/** 1,000 wrong passwords for one account from one address, ten at a time, going round `apps`. */
export function hammerOneAccount(apps: FastifyInstance[], email: string, address: string): Promise<SignInResult[]> {
  return atMost(10, 1000, (i) => signInAs(apps[i % apps.length] as FastifyInstance, { email, password: `guess-${i}`, address }));
}

/** One wrong password for each of `emails` from one address, ten at a time, going round `apps`. */
export function sprayAccounts(apps: FastifyInstance[], emails: string[], address: string): Promise<SignInResult[]> {
  return atMost(10, emails.length, (i) => signInAs(apps[i % apps.length] as FastifyInstance, { email: emails[i] as string, password: `guess-${i}`, address }));
}

/** 100 attacking addresses, 203.0.113.1 to .100. */
export const ATTACKERS = Array.from({ length: 100 }, (_, i) => `203.0.113.${i + 1}`);

/**
 * Rounds of one wrong password from each of the 100 addresses in turn; between rounds the clock
 * (faked Date) moves on by the shortest wait the answers named, as a patient attacker would. Stops
 * when the account has taken SIGN_IN_ACCOUNT_LIMIT failures; answers how many got through. (In
 * turn, not at once: tries at the same moment may refuse each other, which only slows an attacker
 * down, and the attack must finish within the window for the lock to be seen.)
 */
export async function attackFromEverywhere(apps: FastifyInstance[], email: string, advance: (ms: number) => void): Promise<number> {
  let failures = 0;
  for (let round = 0; round < 40; round += 1) {
    const answers: SignInResult[] = [];
    for (const [i, address] of ATTACKERS.entries()) {
      answers.push(await signInAs(apps[i % apps.length] as FastifyInstance, { email, password: `guess-${round}-${i}`, address }));
    }
    failures += answers.filter((answer) => answer.status === 401).length;
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length + answers.filter((answer) => answer.status === 401).length).toBe(ATTACKERS.length);
    if (failures >= rules.accountLimit) break;
    // The soonest any of the addresses may try again (one that reached the place limit waits long).
    advance(Math.min(...refused.map((answer) => answer.retryAfter ?? 0)) * 1000);
  }
  return failures;
}
