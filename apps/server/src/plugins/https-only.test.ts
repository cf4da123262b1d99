import { describe, expect, it } from 'vitest';
import { SERVER_TEXT } from '@academy/contract';
import { TEST_ADMIN, useTestApp } from '../../test/test-app';

// Behind a TLS proxy (TRUST_PROXY=true), what the proxy says came over plain HTTP is not served:
// pages are redirected to https://, API calls refused, and a request without the header (a health
// check straight to the instance) is served. Without TRUST_PROXY the header means nothing.

const plain = { host: 'portal.example.lk', 'x-forwarded-proto': 'http' };

describe('https only, behind a TLS proxy', () => {
  const t = useTestApp({ TRUST_PROXY: 'true' });

  it('redirects a page asked over plain HTTP to https://, the same address', async () => {
    const page = await t.app.inject({ url: '/some/page?x=1', headers: plain });
    expect(page.statusCode).toBe(308);
    expect(page.headers.location).toBe('https://portal.example.lk/some/page?x=1');
  });

  it('refuses an API call over plain HTTP with 426 and the error contract, and signs nobody in', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/students/student/login', headers: plain, payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password } });
    expect(login.statusCode, login.body).toBe(426);
    expect(login.json()).toMatchObject({ code: 426, message: SERVER_TEXT.httpsOnly });
    expect(login.headers['x-content-type-options']).toBe('nosniff');
    expect(login.body).not.toContain('token');
    const health = await t.app.inject({ url: '/api/health', headers: { ...plain, 'x-forwarded-proto': 'HTTP, https' } });
    expect(health.statusCode).toBe(426);
  });

  it('serves what came over https, and a health check without the header', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/students/student/login', headers: { ...plain, 'x-forwarded-proto': 'https' }, payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password } });
    expect(login.statusCode, login.body).toBe(200);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('without a TLS proxy', () => {
  const t = useTestApp();

  it('ignores X-Forwarded-Proto, which anyone could send', async () => {
    expect((await t.app.inject({ url: '/api/health', headers: plain })).statusCode).toBe(200);
  });
});
