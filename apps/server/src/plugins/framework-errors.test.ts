import { describe, expect, it } from 'vitest';
import { SERVER_TEXT } from '@academy/contract';
import { useTestApp } from '../../test/test-app';

// Found by the hostile-input test: what the router refuses before any hook runs (a broken %-escape
// in the path, a parameter over the length limit) came back in Fastify's own body, with its
// internal code and without the security headers every other answer carries.
describe('an address the router cannot take', () => {
  const t = useTestApp();

  it.each([
    { name: 'a broken %-escape', url: '/api/banners/images/${7*7}%s%n', status: 400, message: SERVER_TEXT.badAddress },
    { name: 'a parameter over the length limit', url: `/api/students/student/getbyid/${'a'.repeat(3000)}`, status: 414, message: SERVER_TEXT.addressTooLong },
  ])('answers $name with the error contract and the security headers', async ({ url, status, message }) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ code: status, message, data: null });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});
