import { describe, expect, it } from 'vitest';
import { SERVER_TEXT, signInRetryMessage } from '@academy/contract';
import { DEFAULT_SIGN_IN_RULES } from './sign-in-defaults';
import { adminHeaders, createClass, giveAccess, PDF_BYTES, ticketUrl, uploadFile } from '../src/features/class-material/test-helpers';
import { signedInStudent } from './factories';
import { twoInstancesUnavailable, useTwoInstances } from './two-instances';

// What several instances behind one load balancer must share (docs/scaling.md): a client's
// sign-in failures and request budget, wherever its requests land; a token or a file ticket
// issued by one instance is good on the other. Live fan-out: features/messages/two-instances.test.ts.
// Both instances trust the balancer (TRUST_PROXY), so each test is a client of its own, named by
// X-Forwarded-For.

const READ_BUDGET = 5;
const reason = await twoInstancesUnavailable();

describe.skipIf(reason)(`what two instances share${reason ? ` (skipped: ${reason})` : ''}`, () => {
  const pair = useTwoInstances({ TRUST_PROXY: 'true', RATE_LIMIT_READ: String(READ_BUDGET) });
  const both = () => [pair.first, pair.second] as const;

  it('accepts a token from the first instance on the second', async () => {
    const reader = await signedInStudent(pair.first);
    const profile = await pair.second.inject({ url: `/api/students/student/getbyid/${reader.student._id}`, headers: reader.headers });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().data.email).toBe(reader.body.email);
  });

  it('serves a file through a ticket the other instance issued', async () => {
    const admin = await adminHeaders(pair.first);
    const classFolder = await createClass(pair.first, admin);
    const notes = await uploadFile(pair.first, admin, classFolder.id, 'notes.pdf', PDF_BYTES);
    const reader = await signedInStudent(pair.first);
    await giveAccess(pair.first, admin, reader.body.email, classFolder.name);
    const address = new URL(await ticketUrl(pair.first, reader.headers, notes.id), pair.urls.first);
    const file = await pair.second.inject({ url: `${address.pathname}${address.search}` });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.rawPayload.equals(PDF_BYTES)).toBe(true);
  });

  const { delayAfter } = DEFAULT_SIGN_IN_RULES;
  it(`counts sign-in failures of one account on both instances together: ${delayAfter + 1} in all, then a wait on either`, async () => {
    const { body } = await signedInStudent(pair.first);
    const attempt = (app: (typeof pair)['first'], password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/students/student/login',
        headers: { 'x-forwarded-for': '198.51.100.7' },
        payload: { email: body.email, password },
      });
    for (let i = 0; i <= delayAfter; i += 1) {
      const answer = await attempt(i % 2 === 0 ? pair.first : pair.second, `wrong-guess-${i}`);
      expect(answer.statusCode, `failure ${i + 1}`).toBe(401);
    }
    for (const app of both()) {
      const blocked = await attempt(app, body.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 429, message: signInRetryMessage(1) });
      expect(blocked.headers['retry-after']).toBe('1');
    }
  });

  it(`shares a client's request budget through Redis: ${READ_BUDGET} reads of a route in all, wherever they land`, async () => {
    const ping = (app: (typeof pair)['first'], client: string) => app.inject({ url: '/api/ping', headers: { 'x-forwarded-for': client } });
    const remaining: string[] = [];
    for (let i = 0; i < READ_BUDGET; i += 1) {
      const answer = await ping(i < 3 ? pair.first : pair.second, '198.51.100.9');
      expect(answer.statusCode, `read ${i + 1}`).toBe(200);
      remaining.push(String(answer.headers['x-ratelimit-remaining']));
    }
    // The second instance went on counting where the first stopped.
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    for (const app of both()) {
      const refused = await ping(app, '198.51.100.9');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 429, message: SERVER_TEXT.tooManyRequests, data: null });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another client behind the same balancer has its whole budget.
    expect((await ping(pair.second, '198.51.100.10')).statusCode).toBe(200);
  });

  it('shares the counts of app.countBudget through Redis: 3 uses of a key in all, wherever they land', async () => {
    const key = `account:${crypto.randomUUID()}`;
    expect(await pair.first.countBudget(key, 3)).toEqual({ within: true });
    expect(await pair.second.countBudget(key, 3)).toEqual({ within: true });
    expect(await pair.first.countBudget(key, 3)).toEqual({ within: true });
    for (const app of both()) {
      const over = await app.countBudget(key, 3);
      expect(over.within).toBe(false);
      if (!over.within) expect(Number(over.refusal.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await pair.second.countBudget(`account:${crypto.randomUUID()}`, 3)).toEqual({ within: true });
  });
});
