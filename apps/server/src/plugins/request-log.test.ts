import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { requestChildLogger, requestLogPlugin } from './request-log';

// The request's logger is made when the request first logs; every line still carries the
// request's id, the one line per request included.

async function loggedApp(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level }, sink);
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
  return { app, lines, children: () => children };
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
