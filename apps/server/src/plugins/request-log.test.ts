import { Writable } from 'node:stream';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import type { SessionAccount } from './auth';
import { loggedAddress, MASKED, requestChildLogger, requestLogPlugin } from './request-log';

// The request's logger is made when the request first logs; every line still carries the
// request's id, the one line per request included.

/** The caller the auth plugin would have found for a request with this app's bearer token. */
const CALLER: SessionAccount = {
  id: 'account-7',
  accountType: 'student',
  isAdmin: false,
  sessionId: 'session-3',
  batch: '2026',
  classType: 'Theory',
  historyType: 'Indian',
};
const TOKEN = 'header.claims.signature-of-the-token';

async function loggedApp(level: string, options: pino.LoggerOptions = {}, server: Pick<FastifyServerOptions, 'trustProxy'> = {}) {
  const lines: Record<string, unknown>[] = [];
  const written: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        written.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const logger = pino({ level, ...options }, sink);
  // Counts the children made of the logger Fastify hands each request.
  let children = 0;
  const counted = (parent: FastifyBaseLogger): FastifyBaseLogger =>
    Object.assign(Object.create(parent) as FastifyBaseLogger, {
      child: (...args: Parameters<FastifyBaseLogger['child']>) => {
        children += 1;
        return parent.child(...args);
      },
    });
  const app = Fastify({
    ...server,
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: (parent, bindings, options) => requestChildLogger(counted(parent), bindings, options),
  });
  await app.register(requestLogPlugin);
  // As the auth plugin does: the caller of a request with the token, found by its access check.
  app.decorateRequest('account', null);
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.headers.authorization === `Bearer ${TOKEN}`) request.account = CALLER;
    done();
  });
  app.get('/quiet', async () => 'ok');
  app.get('/quoted', async () => 'ok');
  app.get('/mutters', async (request) => {
    request.log.debug('below the level');
    return 'ok';
  });
  app.get('/talks', async (request) => {
    request.log.debug('below the level');
    request.log.warn({ step: 1 }, 'something to say');
    request.log.warn({ step: 2 }, 'and more');
    return 'ok';
  });
  await app.ready();
  return { app, lines, written, logger, children: () => children };
}

describe('the request log', () => {
  it('writes one line per request with its id, and makes no per-request logger for it or for a line below the level', async () => {
    const { app, lines, children } = await loggedApp('info');
    const answer = await app.inject({ url: '/quiet' });
    expect(answer.statusCode).toBe(200);
    expect((await app.inject({ url: '/mutters' })).statusCode).toBe(200);
    expect(children()).toBe(0);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, reqId: 'req-1', method: 'GET', url: '/quiet', status: 200, ip: '127.0.0.1', msg: 'request' }),
      expect.objectContaining({ level: 30, reqId: 'req-2', url: '/mutters', msg: 'request' }),
    ]);
    await app.close();
  });

  it("writes the line as pino itself would, byte for byte, an address needing escapes included", async () => {
    const { app, written, logger } = await loggedApp('info');
    const throughPino = vi.spyOn(logger, 'info');
    // `id` is a value the log keeps, so its escapes reach the line.
    await app.inject({ url: '/quoted?id="a\\b"%0A\u00e9' });
    await app.inject({ url: '/quoted?id="a\\b"', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(throughPino).not.toHaveBeenCalled();
    throughPino.mockRestore();
    const direct = written.splice(0);
    expect(direct).toHaveLength(2);
    for (const line of direct) {
      const fields = JSON.parse(line) as Record<string, string | number>;
      // The address carries a backslash, which JSON escapes.
      expect(fields.url).toContain('\\');
      // pino's own line for the same fields at the same time, through the same destination.
      const { time, reqId, method, url, status, ms, ip, accountId, sessionId } = fields;
      const now = vi.spyOn(Date, 'now').mockReturnValue(Number(time));
      logger.info({ reqId, method, url, status, ms, ip, accountId, sessionId }, 'request');
      now.mockRestore();
      expect(written.pop()).toBe(line);
    }
    expect(JSON.parse(direct[1] ?? '{}')).toMatchObject({ accountId: CALLER.id, sessionId: CALLER.sessionId });
    await app.close();
  });

  it("carries the client's address and a signed-in caller's account and session, never the token", async () => {
    const { app, lines, written } = await loggedApp('info');
    await app.inject({ url: '/quiet', remoteAddress: '203.0.113.9' });
    // The same caller twice, as the session store hands it over: its ids are written the same way.
    for (let i = 0; i < 2; i += 1) await app.inject({ url: '/quiet', remoteAddress: '198.51.100.4', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(lines).toEqual([
      expect.objectContaining({ reqId: 'req-1', ip: '203.0.113.9' }),
      expect.objectContaining({ reqId: 'req-2', ip: '198.51.100.4', accountId: CALLER.id, sessionId: CALLER.sessionId }),
      expect.objectContaining({ reqId: 'req-3', ip: '198.51.100.4', accountId: CALLER.id, sessionId: CALLER.sessionId }),
    ]);
    // A caller who is not signed in has no account fields at all.
    expect(Object.keys(lines[0] ?? {})).not.toContain('accountId');
    expect(written.join('\n')).not.toContain(TOKEN.split('.')[2]);
    await app.close();
  });

  it('logs the address a trusted proxy forwarded, as request.ip reads it (TRUST_PROXY)', async () => {
    const { app, lines } = await loggedApp('info', {}, { trustProxy: true });
    await app.inject({ url: '/quiet', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '203.0.113.50' } });
    expect(lines).toEqual([expect.objectContaining({ ip: '203.0.113.50' })]);
    await app.close();
  });

  it('masks the viewer ticket, search words and an e-mail in the path, in the request line and the arrival line', async () => {
    const { app, lines, written } = await loggedApp('debug');
    const ticket = 'ticket-abc.def';
    await app.inject({ url: `/quiet?id=ZmlsZQ&t=${ticket}` });
    await app.inject({ url: '/quiet?search=Kamala%20Perera&page=2&pageSize=25' });
    await app.inject({ url: '/folders/diveRootFiles/kamala%40example.lk' });
    expect(lines.filter((line) => line.msg === 'request').map((line) => line.url)).toEqual([
      `/quiet?id=ZmlsZQ&t=${MASKED}`,
      `/quiet?search=${MASKED}&page=2&pageSize=25`,
      `/folders/diveRootFiles/${MASKED}`,
    ]);
    expect(lines.filter((line) => line.msg === 'incoming request')).toHaveLength(3);
    const log = written.join('\n');
    for (const secret of [ticket, 'Kamala', 'kamala']) expect(log).not.toContain(secret);
    await app.close();
  });

  it('writes the line through pino when the logger is set up beyond its defaults', async () => {
    const { app, lines, logger } = await loggedApp('info', { mixin: () => ({ instance: 'a' }), timestamp: pino.stdTimeFunctions.isoTime });
    const throughPino = vi.spyOn(logger, 'info');
    await app.inject({ url: '/quiet' });
    expect(throughPino).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([expect.objectContaining({ instance: 'a', reqId: 'req-1', url: '/quiet', ip: '127.0.0.1', msg: 'request', time: expect.any(String) })]);
    await app.close();
  });

  it("binds a request's own lines to its id, making its logger once, and only for a line that is written", async () => {
    const { app, lines, children } = await loggedApp('info');
    await app.inject({ url: '/talks' });
    expect(children()).toBe(1);
    expect(lines.map((line) => [line.reqId, line.msg])).toEqual([
      ['req-1', 'something to say'],
      ['req-1', 'and more'],
      ['req-1', 'request'],
    ]);
    expect(lines[0]).toMatchObject({ level: 40, step: 1 });
    await app.close();
  });
});

describe('the address as the log shows it', () => {
  it('keeps an address with no query and no e-mail as it is', () => {
    const address = '/api/lessons/abc/720p/00001.ts';
    expect(loggedAddress(address)).toBe(address);
  });

  it('masks every query value but ids, pages, fixed filters, dates and cursors', () => {
    expect(loggedAddress('/api/secure-folders/secure-file?id=QS9i&t=tkt')).toBe(`/api/secure-folders/secure-file?id=QS9i&t=${MASKED}`);
    expect(loggedAddress('/api/lessons/f/master.m3u8?t=tkt')).toBe(`/api/lessons/f/master.m3u8?t=${MASKED}`);
    expect(loggedAddress('/api/students/student/getallstudents?search=0771234567&batch=2026&classType=Theory&state=active&page=1&pageSize=10')).toBe(
      `/api/students/student/getallstudents?search=${MASKED}&batch=2026&classType=Theory&state=active&page=1&pageSize=10`,
    );
    expect(loggedAddress('/api/audit-log?action=student.add&adminId=a1&targetId=t1&search=amaya&from=2026-01-01&to=2026-01-31')).toBe(
      `/api/audit-log?action=student.add&adminId=a1&targetId=t1&search=${MASKED}&from=2026-01-01&to=2026-01-31`,
    );
  });

  it('masks a name that is not a plain word whole, keeps a bare plain name and empty parts', () => {
    expect(loggedAddress('/x?kamala%40example.lk&=secret&flag&&page=1')).toBe(`/x?${MASKED}&${MASKED}&flag&&page=1`);
  });

  it('masks each path segment holding an e-mail address, raw or escaped', () => {
    expect(loggedAddress('/api/folders/diveRootFiles/kamala@example.lk')).toBe(`/api/folders/diveRootFiles/${MASKED}`);
    expect(loggedAddress('/api/folders/diveRootFiles/kamala%40example.lk?t=1')).toBe(`/api/folders/diveRootFiles/${MASKED}?t=${MASKED}`);
  });
});
