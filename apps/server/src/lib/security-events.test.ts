import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { securityLogOf, writeSecurityEvent, wroteSecurityEvent } from './security-events';

// The one place security lines are shaped: the event's fields, the client's address, warn for a
// failure and info for a success, under one message.

function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

describe('security events', () => {
  it('writes a failure at warn and a success at info, with the address and the fields of the event', () => {
    const { logger, lines } = capturedLogger();
    writeSecurityEvent(logger, '203.0.113.5', { security: 'sign-in', outcome: 'failure', reason: 'wrong-password', accountId: 'a1', knownDevice: false });
    writeSecurityEvent(logger, '203.0.113.5', { security: 'sign-in', outcome: 'success', accountId: 'a1', sessionId: 's1', knownDevice: true });
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, msg: 'security event', security: 'sign-in', outcome: 'failure', reason: 'wrong-password', accountId: 'a1', ip: '203.0.113.5' }),
      expect.objectContaining({ level: 30, msg: 'security event', security: 'sign-in', outcome: 'success', accountId: 'a1', sessionId: 's1', knownDevice: true, ip: '203.0.113.5' }),
    ]);
  });

  it("writes a request's events through its logger, with its id and address, and remembers that it wrote one", async () => {
    const { logger, lines } = capturedLogger();
    const app = Fastify({ loggerInstance: logger });
    app.get('/explained', async (request) => {
      const before = wroteSecurityEvent(request);
      securityLogOf(request)({ security: 'password-reset.send-code', outcome: 'failure', reason: 'unknown-account' });
      return { before, after: wroteSecurityEvent(request) };
    });
    app.get('/silent', async (request) => ({ wrote: wroteSecurityEvent(request) }));
    await app.ready();
    const explained = await app.inject({ url: '/explained', remoteAddress: '198.51.100.7' });
    expect(explained.json()).toEqual({ before: false, after: true });
    expect((await app.inject({ url: '/silent' })).json()).toEqual({ wrote: false });
    const events = lines.filter((line) => line.msg === 'security event');
    expect(events).toEqual([
      expect.objectContaining({ level: 40, reqId: 'req-1', security: 'password-reset.send-code', reason: 'unknown-account', ip: '198.51.100.7' }),
    ]);
    // No account to name: the line has no account field at all.
    expect(Object.keys(events[0] ?? {})).not.toContain('accountId');
    await app.close();
  });
});
