import { describe, expect, it } from 'vitest';
import { SERVER_TEXT } from '@academy/contract';
import { buildRegistration, signIn } from '../../../test/factories';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';

// Registration runs at human speed (ASVS 11.1.2): one address registers RATE_LIMIT_REGISTER
// accounts an hour; an admin's Add Student is not counted.

const REGISTER = '/api/students/student/register';
const LIMIT = 3;

describe('the registration limit per address', () => {
  const t = useTestApp({ RATE_LIMIT_REGISTER: String(LIMIT) });
  const register = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: REGISTER, payload: buildRegistration(), remoteAddress, headers });

  it(`answers 429 with Retry-After and a clear message after ${LIMIT} registrations from one address in an hour, and writes nothing`, async () => {
    for (let i = 0; i < LIMIT; i += 1) expect((await register('10.9.0.1')).statusCode).toBe(200);
    const before = await t.database.db.selectFrom('accounts').select('id').execute();
    const refused = await register('10.9.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(SERVER_TEXT.tooManyRegistrations);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(59 * 60 - 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(await t.database.db.selectFrom('accounts').select('id').execute()).toHaveLength(before.length);
  });

  it('counts each address on its own', async () => {
    for (let i = 0; i < LIMIT; i += 1) expect((await register('10.9.0.2')).statusCode).toBe(200);
    expect((await register('10.9.0.3')).statusCode).toBe(200);
  });

  it("does not count an admin's Add Student", async () => {
    const admin = await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const headers = { authorization: `Bearer ${admin.token}` };
    for (let i = 0; i < LIMIT + 2; i += 1) expect((await register('10.9.0.4', headers)).statusCode).toBe(200);
    for (let i = 0; i < LIMIT; i += 1) expect((await register('10.9.0.4')).statusCode).toBe(200);
  });
});
