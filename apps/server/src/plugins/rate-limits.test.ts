import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_PATHS, SERVER_TEXT, STUDENTS_PATHS } from '@academy/contract';
import { buildRegistration } from '../../test/factories';
import { startTestApp, TEST_ADMIN, useTestApp } from '../../test/test-app';
import { rateLimitsPlugin } from './rate-limits';

// Small budgets of its own, so a few calls reach them (every other test file lifts them).
const t = useTestApp({ RATE_LIMIT_READ: '5', RATE_LIMIT_WRITE: '4', RATE_LIMIT_SIGN_IN: '3', RATE_LIMIT_UPLOAD: '2', RATE_LIMIT_WINDOW: '1m' });

const login = (remoteAddress: string, password = TEST_ADMIN.password) =>
  t.app.inject({ method: 'POST', url: '/api/students/student/login', remoteAddress, payload: { email: TEST_ADMIN.email, password } });

describe('request budgets', () => {
  it('refuses a client over its sign-in budget with 429, the contract body and Retry-After', async () => {
    for (let i = 0; i < 3; i += 1) expect((await login('10.0.0.1')).statusCode).toBe(200);
    const refused = await login('10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 429, message: SERVER_TEXT.tooManyRequests, data: null });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    // Another client still has its whole budget.
    expect((await login('10.0.0.2')).statusCode).toBe(200);
  });

  it('spends the sign-in budget on work only: refusals before it cost nothing, the work stays bounded', async () => {
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/${url}`, remoteAddress: '10.0.0.5', payload });
    const statuses = async (times: number, url: string, payload: (i: number) => object) => {
      const seen = [];
      for (let i = 0; i < times; i += 1) seen.push((await post(url, payload(i))).statusCode);
      return seen;
    };
    // A dead reset token, a code never asked for, a registration that fails validation: no hash, no mail.
    expect(await statuses(5, PASSWORD_RESET_PATHS.resetPassword, () => ({ resetToken: 'x'.repeat(43), password: 'a-new-password' }))).toEqual(Array(5).fill(400));
    expect(await statuses(5, PASSWORD_RESET_PATHS.confirmOtp, () => ({ email: 'nobody@example.lk', otp: '12345' }))).toEqual(Array(5).fill(400));
    expect(await statuses(5, STUDENTS_PATHS.register, () => ({ email: 'not-an-address' }))).toEqual(Array(5).fill(400));
    // Registrations are work (a hash each; whether an e-mail is taken is an answer worth bounding).
    expect(await statuses(4, STUDENTS_PATHS.register, () => buildRegistration())).toEqual([200, 200, 200, 429]);
    expect(await statuses(4, PASSWORD_RESET_PATHS.sendOtp, (i) => ({ email: `someone${i}@example.lk` }))).toEqual([200, 200, 200, 429]);
  });

  it('counts before the access check, so a flood of bad tokens is limited too', async () => {
    const call = () =>
      t.app.inject({ method: 'GET', url: '/api/sessions/mine', remoteAddress: '10.0.0.3', headers: { authorization: 'Bearer forged' } });
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await call()).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('keeps a budget per route: using up one route leaves the others', async () => {
    for (let i = 0; i < 5; i += 1) expect((await t.app.inject({ url: '/api/ping', remoteAddress: '10.0.0.4' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/ping', remoteAddress: '10.0.0.4' })).statusCode).toBe(429);
    expect((await t.app.inject({ url: '/api/health', remoteAddress: '10.0.0.4' })).statusCode).toBe(200);
  });

  it('counts any key with app.countBudget: within its max, then the budgets\' 429 with Retry-After', async () => {
    const key = `account:${crypto.randomUUID()}`;
    for (let i = 0; i < 3; i += 1) expect(await t.app.countBudget(key, 3), `use ${i + 1}`).toEqual({ within: true });
    const over = await t.app.countBudget(key, 3);
    if (over.within) throw new Error('the fourth use of a budget of 3 was within it');
    expect(over.refusal).toMatchObject({ status: 429, message: SERVER_TEXT.tooManyRequests });
    const retryAfter = Number(over.refusal.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another key has its own count, and a route's budget is not spent by it.
    expect(await t.app.countBudget(`account:${crypto.randomUUID()}`, 3)).toEqual({ within: true });
    expect((await t.app.inject({ url: '/api/health', remoteAddress: '10.0.0.6' })).statusCode).toBe(200);
  });

  it('stops the server from starting when an API route declares no budget', async () => {
    const app = Fastify({ logger: false });
    await app.register(rateLimitsPlugin, { windowMs: 60_000, budgets: { read: 1, write: 1, 'sign-in': 1, upload: 1, sitting: 1, notify: 1 }, registrationsPerHour: 1, redis: null });
    const start = async () => {
      await app.register(async (api) => {
        api.get('/api/forgotten', { config: { access: 'public' } }, async () => 'open');
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/GET \/api\/forgotten declares no budget/);
  });
});

describe('request budgets behind a load balancer (TRUST_PROXY=true)', () => {
  const proxied = useTestApp({ TRUST_PROXY: 'true', RATE_LIMIT_SIGN_IN: '2' });
  const viaProxy = (client: string) =>
    proxied.app.inject({
      method: 'POST',
      url: '/api/students/student/login',
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-for': client },
      payload: TEST_ADMIN,
    });

  it("counts each client by its forwarded address, not the balancer's", async () => {
    expect((await viaProxy('203.0.113.1')).statusCode).toBe(200);
    expect((await viaProxy('203.0.113.1')).statusCode).toBe(200);
    expect((await viaProxy('203.0.113.1')).statusCode).toBe(429);
    expect((await viaProxy('203.0.113.2')).statusCode).toBe(200);
  });
});

describe('the sitting budget of a hall behind one address', () => {
  const SITTING = 4;
  const PER_ACCOUNT = 2;

  it('counts a sitting route under its own budget, and each account within it through countBudget', async () => {
    const { app, database } = await startTestApp({ RATE_LIMIT_WRITE: '1', RATE_LIMIT_SITTING: String(SITTING) });
    try {
      // Shaped as a paper's answers route: the address's sitting budget first, then the account's count.
      app.post(
        '/api/test-only/answers/:account',
        {
          config: { access: 'public', budget: 'sitting' },
          preHandler: async (request) => {
            const { account } = request.params as { account: string };
            const use = await app.countBudget(`account:${account}`, PER_ACCOUNT);
            if (!use.within) throw use.refusal;
          },
        },
        async () => ({ saved: true }),
      );
      const save = (account: string) =>
        app.inject({ method: 'POST', url: `/api/test-only/answers/${account}`, remoteAddress: '10.0.1.1', payload: {} });
      const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];

      // More than the write budget of 1 from one address: sitting is counted on its own.
      const firstSaves = [await save(first), await save(first)];
      expect(firstSaves.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(firstSaves[0]?.headers['x-ratelimit-limit']).toBe(String(SITTING));
      // One account over its count gets the budgets' own 429; its neighbour behind the address does not.
      const overAccount = await save(first);
      expect(overAccount.statusCode).toBe(429);
      expect(overAccount.json()).toEqual({ code: 429, message: SERVER_TEXT.tooManyRequests, data: null });
      expect(Number(overAccount.headers['retry-after'])).toBeGreaterThan(0);
      expect((await save(second)).statusCode).toBe(200);
      // The address's fifth request is over the sitting budget, whichever account sends it.
      const overAddress = await save(crypto.randomUUID());
      expect(overAddress.statusCode).toBe(429);
      expect(overAddress.headers['x-ratelimit-remaining']).toBe('0');
      expect(Number(overAddress.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
