import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors } from '../lib/errors';
import { BODY_METHODS, ownHooks, routeMethods } from './route-hooks';

/**
 * A deadline for the part of a request that arrives before its handler runs: the JSON body.
 * REQUEST_TIMEOUT must allow a 2 GB lesson upload hours on a slow line, and it is one setting for
 * the whole server; without this, a client trickling a 64 KiB form a byte at a time would hold a
 * connection and its memory for those hours too. Uploads (multipart) are read by their handler,
 * after this deadline is lifted, and an event stream's long life is its handler's, so neither is cut.
 * Node's own headersTimeout (60 s) already bounds the headers.
 */
const deadlines = new WeakMap<FastifyRequest, NodeJS.Timeout>();

function lift(request: FastifyRequest): void {
  const timer = deadlines.get(request);
  if (timer === undefined) return;
  clearTimeout(timer);
  deadlines.delete(request);
}

/** Whether a body is on its way: most requests (every GET) have none, and need no timer. */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

export const bodyTimeoutPlugin = fp(async (app: FastifyInstance, { timeoutMs }: { timeoutMs: number }) => {
  app.addHook('onRequest', (request, reply, done) => {
    // A GET that says it has a body is never read either: no deadline, or it would cut the stream.
    if (!BODY_METHODS.has(request.method) || !hasBody(request)) return done();
    const timer = setTimeout(() => {
      deadlines.delete(request);
      if (reply.sent) return;
      // The rest of the body will never be read: answer, then close the connection, which also
      // ends the body reader.
      reply.header('Connection', 'close');
      reply.raw.once('finish', () => request.raw.destroy());
      reply.send(errors.requestTimeout());
    }, timeoutMs);
    timer.unref();
    deadlines.set(request, timer);
    // Answered or cut off before its handler ran (a 404, a refusal, a client gone): 'close' comes
    // either way. A listener on the few requests with a body, not a hook every request runs.
    reply.raw.once('close', () => lift(request));
    done();
  });
  // By preValidation the body has been read and parsed (or the handler will stream it itself);
  // only routes that take a body get this step.
  const liftHook = (request: FastifyRequest, _reply: unknown, done: () => void) => {
    lift(request);
    done();
  };
  app.addHook('onRoute', (route) => {
    if (!routeMethods(route).some((method) => BODY_METHODS.has(method))) return;
    route.preValidation = [liftHook, ...ownHooks(route.preValidation)];
  });
});
