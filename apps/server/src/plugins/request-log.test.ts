import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { requestChildLogger, requestLogPlugin } from './request-log';

// The request's logger is made when the request first logs; every line still carries the
// request's id, the one line per request included.

async function loggedApp(level: string, options: pino.LoggerOptions = {}) {
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
    loggerInstance: logger,
    disableRequestLogging: true,
    childLoggerFactory: (parent, bindings, options) => requestChildLogger(counted(parent), bindings, options),
  });
  await app.register(requestLogPlugin);
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
      expect.objectContaining({ level: 30, reqId: 'req-1', method: 'GET', url: '/quiet', status: 200, msg: 'request' }),
      expect.objectContaining({ level: 30, reqId: 'req-2', url: '/mutters', msg: 'request' }),
    ]);
    await app.close();
  });

  it("writes the line as pino itself would, byte for byte, an address needing escapes included", async () => {
    const { app, written, logger } = await loggedApp('info');
    const throughPino = vi.spyOn(logger, 'info');
    await app.inject({ url: '/quoted?q="a\\b"%0A\u00e9' });
    expect(throughPino).not.toHaveBeenCalled();
    throughPino.mockRestore();
    const [line] = written;
    const fields = JSON.parse(line ?? '{}') as { time: number; reqId: string; method: string; url: string; status: number; ms: number };
    // The address carries a backslash, which JSON escapes.
    expect(fields.url).toContain('\\');
    // pino's own line for the same fields at the same time, through the same destination.
    const { time, reqId, method, url, status, ms } = fields;
    const now = vi.spyOn(Date, 'now').mockReturnValue(time);
    logger.info({ reqId, method, url, status, ms }, 'request');
    now.mockRestore();
    expect(written[1]).toBe(line);
    await app.close();
  });

  it('writes the line through pino when the logger is set up beyond its defaults', async () => {
    const { app, lines, logger } = await loggedApp('info', { mixin: () => ({ instance: 'a' }), timestamp: pino.stdTimeFunctions.isoTime });
    const throughPino = vi.spyOn(logger, 'info');
    await app.inject({ url: '/quiet' });
    expect(throughPino).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([expect.objectContaining({ instance: 'a', reqId: 'req-1', url: '/quiet', msg: 'request', time: expect.any(String) })]);
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
