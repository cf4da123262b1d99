import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TEST_ADMIN, useTestApp } from '../../test/test-app';

// Answers are compressed for a client that accepts it and request bodies may come compressed;
// reads, which carry no body, go without the request-body step.
describe('compression', () => {
  const t = useTestApp();

  it('compresses a large answer for a client that accepts brotli, and leaves it whole for one that does not', async () => {
    // The API documentation's JSON is far over the threshold, and public.
    const plain = await t.app.inject({ url: '/api/docs/json' });
    const compressed = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
  });

  it('accepts a gzip-compressed JSON body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/students/student/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify(TEST_ADMIN)),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ token: expect.any(String) });
  });

  it('puts the request-body step on routes that take a body only', async () => {
    const routes = t.app.printRoutes({ includeHooks: true, commonPrefix: false });
    const hooksOf = (route: string) => routes.slice(routes.indexOf(route), routes.indexOf('├──', routes.indexOf(route) + 1));
    expect(hooksOf('api/students/student/login (POST)')).toContain('(preParsing)');
    expect(hooksOf('api/ping (GET')).not.toContain('(preParsing)');
    expect(hooksOf('api/messages/message/get-by-batch/:batch/:historyType/:classType (GET')).not.toContain('(preParsing)');
  });
});
