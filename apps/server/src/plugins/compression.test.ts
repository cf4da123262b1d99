import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { registerStudent, signIn } from '../../test/factories';
import { TEST_ADMIN, useTestApp } from '../../test/test-app';
import { compressionPlugin, SharedAnswer } from './compression';

// Answers are compressed for a client that accepts it and request bodies may come compressed;
// reads, which carry no body, go without the request-body step.
describe('compression', () => {
  // The API documentation served to anyone (API_DOCS=on): a large answer that needs no sign-in.
  const t = useTestApp({ API_DOCS: 'on' });

  it('compresses a large answer for a client that accepts brotli, and leaves it whole for one that does not', async () => {
    // The API documentation's JSON is far over the threshold.
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

describe('an answer shared by many requests', () => {
  const t = useTestApp();

  it("sends a student's feed compressed as the client accepts, and whole to one that accepts nothing", async () => {
    const admin = { authorization: `Bearer ${(await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password)).token}` };
    for (let i = 0; i < 30; i += 1) {
      const sent = await t.app.inject({ method: 'POST', url: '/api/messages/message/send', headers: admin, payload: { message: `Class ${i} meets on Saturday with the map exercise and the past papers.` } });
      expect(sent.statusCode).toBe(200);
    }
    const { body } = await registerStudent(t.app);
    const student = { authorization: `Bearer ${(await signIn(t.app, body.email, body.password)).token}` };
    const url = '/api/messages/message/get-by-batch/2026/Indian/Theory';
    // The first opening counts the student's views into their own copy; the rest are the shared page.
    expect((await t.app.inject({ url, headers: student })).statusCode).toBe(200);
    const plain = await t.app.inject({ url, headers: student });
    const brotli = await t.app.inject({ url, headers: { ...student, 'accept-encoding': 'gzip, deflate, br' } });
    const gzip = await t.app.inject({ url, headers: { ...student, 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data).toHaveLength(20);
    expect([brotli.headers['content-encoding'], brotli.headers.vary]).toEqual(['br', 'accept-encoding']);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('compresses the same answer once per encoding, however many requests it goes to', async () => {
    const app = Fastify();
    await app.register(compressionPlugin);
    const shared = new SharedAnswer(Buffer.from(JSON.stringify({ data: 'an announcement '.repeat(200) })), 'application/json; charset=utf-8');
    const sent: unknown[] = [];
    app.addHook('onSend', async (_request, _reply, payload) => {
      sent.push(payload);
      return payload;
    });
    app.get('/shared', { compress: false }, (request, reply) => {
      shared.send(request, reply);
    });
    const answers = [];
    for (const encoding of ['br', 'br', 'gzip', 'gzip', undefined]) {
      answers.push(await app.inject({ url: '/shared', headers: encoding ? { 'accept-encoding': encoding } : {} }));
    }
    expect(answers.map((answer) => answer.headers['content-encoding'])).toEqual(['br', 'br', 'gzip', 'gzip', undefined]);
    // The very same buffers: compressed on the first request for each encoding only.
    expect(sent[1]).toBe(sent[0]);
    expect(sent[3]).toBe(sent[2]);
    expect(sent[0]).not.toBe(sent[2]);
    expect(brotliDecompressSync(answers[0]?.rawPayload ?? Buffer.alloc(0)).toString()).toBe(answers[4]?.body);
    await app.close();
  });
});
