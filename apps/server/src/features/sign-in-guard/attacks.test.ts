import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInRetryMessage } from '@academy/contract';
import { useTestApp } from '../../../test/test-app';
import { DEFAULT_SIGN_IN_RULES as rules } from '../../../test/sign-in-defaults';
import { attackFromEverywhere, ATTACKERS, CLASS_PASSWORD, GUARD_TEST_ENV, seedStudents, signInAs } from './test-helpers';

// The guard against attackers, at the default settings, on SQLite and PostgreSQL: one address guessing
// one account is refused after the limit and locks out nobody else; a hundred addresses lock the
// account for unknown devices, yet its owner's known device gets in, and so does any other student
// from an attacking address. The clock is Date's, moved on as a patient attacker would wait.

const HOME = '192.0.2.10';

describe('sign-in under attack, at the defaults', () => {
  const t = useTestApp(GUARD_TEST_ENV);
  let clock = Date.now();
  const advance = (ms: number) => {
    clock += ms;
    vi.setSystemTime(clock);
  };
  const startClock = () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    clock = Date.now();
    vi.setSystemTime(clock);
  };
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses 1,000 wrong passwords from one address after the limit, and locks out no one else', { timeout: 60_000 }, async () => {
    const [victim, neighbour] = await seedStudents(t.database.db, 2, 'one-address');
    startClock();
    const statuses: number[] = [];
    // Ten bursts a minute apart, each one try and then 99 at once: parallel guesses count against
    // each other (on PostgreSQL's pool they may all refuse each other), the lone try gets through
    // whenever the rules allow one.
    const guess = (burst: number, i: number) => signInAs(t.app, { email: victim as string, password: `guess-${burst}-${i}`, address: ATTACKERS[0] as string });
    for (let burst = 0; burst < 10; burst += 1) {
      const answers = [await guess(burst, 0), ...(await Promise.all(Array.from({ length: 99 }, (_, i) => guess(burst, i + 1))))];
      for (const answer of answers) {
        statuses.push(answer.status);
        if (answer.status === 429) {
          expect(answer.retryAfter).toBeGreaterThan(0);
          expect(answer.message).toBe(signInRetryMessage(answer.retryAfter as number));
        }
      }
      advance(60_000);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(rules.placeLimit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1000 - rules.placeLimit);
    // The attacking address stays refused for that account, the right password or not...
    expect((await signInAs(t.app, { email: victim as string, password: CLASS_PASSWORD, address: ATTACKERS[0] as string })).status).toBe(429);
    // ...while another student there, and the owner elsewhere, sign in.
    expect((await signInAs(t.app, { email: neighbour as string, password: CLASS_PASSWORD, address: ATTACKERS[0] as string })).status).toBe(200);
    expect((await signInAs(t.app, { email: victim as string, password: CLASS_PASSWORD, address: HOME })).status).toBe(200);
  });

  it('locks an account attacked from 100 addresses for unknown devices; its known device and other students still sign in', { timeout: 60_000 }, async () => {
    const [owner, classmate] = await seedStudents(t.database.db, 2, 'many-addresses');
    const before = await signInAs(t.app, { email: owner as string, password: CLASS_PASSWORD, address: HOME });
    expect(before.status).toBe(200);
    expect(before.cookie).toBeDefined();

    startClock();
    expect(await attackFromEverywhere([t.app], owner as string, advance)).toBe(rules.accountLimit);
    advance(2 * rules.delayMaxMs);
    // Locked, not merely slowed: the right password from a browser that never signed in is refused...
    const stranger = await signInAs(t.app, { email: owner as string, password: CLASS_PASSWORD, address: '192.0.2.99' });
    expect(stranger.status).toBe(429);
    expect(stranger.retryAfter).toBeGreaterThan(60);
    expect(stranger.message).toBe(signInRetryMessage(stranger.retryAfter as number));
    // ...the owner's own browser gets in, wherever it is, even from an attacking address...
    const known = await signInAs(t.app, { email: owner as string, password: CLASS_PASSWORD, address: ATTACKERS[7] as string, cookie: before.cookie });
    expect(known.status).toBe(200);
    // ...but not with a wrong password.
    expect((await signInAs(t.app, { email: owner as string, password: 'guess', address: HOME, cookie: known.cookie })).status).toBe(401);
    // Another student behind an attacking address is not held up at all.
    expect((await signInAs(t.app, { email: classmate as string, password: CLASS_PASSWORD, address: ATTACKERS[3] as string })).status).toBe(200);
    // A window later the lock has passed.
    advance(rules.windowMs);
    expect((await signInAs(t.app, { email: owner as string, password: CLASS_PASSWORD, address: '192.0.2.99' })).status).toBe(200);
  });

  it('marks the known-device cookie Secure when the portal is reached over HTTPS (the proxy says so)', async () => {
    const [email] = await seedStudents(t.database.db, 1, 'https');
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/students/student/login',
      headers: { 'x-forwarded-for': HOME, 'x-forwarded-proto': 'https' },
      payload: { email, password: CLASS_PASSWORD },
    });
    expect(answer.statusCode).toBe(200);
    expect(String(answer.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  });

  it('answers an e-mail without an account as it answers one with: the same limits, the same refusals', async () => {
    startClock();
    const nobody = 'nobody.at.all@hall.example.lk';
    const statuses = [];
    for (let i = 0; i <= rules.delayAfter + 1; i += 1) statuses.push((await signInAs(t.app, { email: nobody, password: 'x', address: HOME })).status);
    expect(statuses).toEqual([...Array<number>(rules.delayAfter + 1).fill(401), 429]);
  });
});
