import { describe, expect, it } from 'vitest';
import { SERVER_TEXT } from '@academy/contract';
import { TEST_ADMIN, useTestApp } from '../../test/test-app';

// Same-origin by default (no grant at all: test/security/headers-and-limits.test.ts walks every
// route for that); with CORS_ORIGINS, those exact origins and no others.

const ALLOWED = 'https://app.academy.example';
const t = useTestApp({ CORS_ORIGINS: `${ALLOWED}, http://localhost:5173` });

const preflight = (origin: string) =>
  t.app.inject({
    method: 'OPTIONS',
    url: '/api/students/student/login',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization' },
  });

describe('CORS with CORS_ORIGINS set', () => {
  it('grants a listed origin its own origin, without credentials', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/students/student/login', headers: { origin: ALLOWED }, payload: TEST_ADMIN });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(answer.headers.vary)).toMatch(/origin/i);
    expect(String(answer.headers['access-control-expose-headers'])).toContain('Retry-After');
  });

  it("answers a listed origin's preflight with the methods and headers the web app uses", async () => {
    const answer = await preflight('http://localhost:5173');
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(String(answer.headers['access-control-allow-methods'])).toContain('PUT');
    expect(String(answer.headers['access-control-allow-headers'])).toMatch(/authorization/i);
    expect(answer.headers['access-control-max-age']).toBe('600');
  });

  it('grants any other origin nothing: no header on answers, a 404 in the contract for its preflight', async () => {
    for (const origin of ['https://evil.example', `${ALLOWED}.evil.example`, 'http://app.academy.example', 'null']) {
      const answer = await t.app.inject({ method: 'GET', url: '/api/ping', headers: { origin } });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['access-control-allow-origin'], origin).toBeUndefined();
      const refused = await preflight(origin);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ code: 404, message: SERVER_TEXT.routeNotFound, data: null });
      expect(Object.keys(refused.headers).filter((name) => name.startsWith('access-control-')), origin).toEqual([]);
    }
  });
});
