import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER_TEXT } from '@academy/contract';
import { errors } from '../lib/errors';
import { BODY_METHODS, ownHooks, routeMethods } from './route-hooks';

// PostgreSQL text cannot hold the NUL character (U+0000): a query carrying one fails inside the
// driver, which used to answer 500 on PostgreSQL while SQLite stored it. No field of this portal
// has a use for it, so every request's text is refused up front, alike on both engines.

const NUL = '\u0000';

/** The first string holding a NUL in a parsed value, by its field path ('email', 'region.0'). */
function fieldWithNul(value: unknown): string | null {
  // Iterative, so a body nested thousands deep cannot overflow the stack.
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (key.includes(NUL)) return path ? `${path}.${key}` : key;
        pending.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}

/**
 * Path parameters and the query are decoded from the address, where a NUL can only be written as
 * %00 (Node's HTTP parser refuses a raw one; an injected request may still carry one): an address
 * with neither needs no walk. A feed read walked its parameters on every request for nothing.
 */
function addressMayHoldNul(url: string): boolean {
  return url.includes('%00') || url.includes(NUL);
}

/**
 * Whether a route's request can carry text its handler reads: a path parameter, a query or a body
 * in its schema, or a method that has a body. The rest (a constant GET such as /api/ping) skip the
 * step: most of what a busy server answers is plain reads.
 */
function takesText(route: RouteOptions): boolean {
  const schema = route.schema ?? {};
  if (schema.params || schema.querystring || schema.body) return true;
  if (/[:*]/.test(route.url)) return true;
  return routeMethods(route).some((method) => BODY_METHODS.has(method));
}

export const textInputPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: most requests hold no text at all.
  const refuseNul = (request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) => {
    const fromAddress = addressMayHoldNul(request.url) ? (fieldWithNul(request.params) ?? fieldWithNul(request.query)) : null;
    const field = fromAddress ?? (request.body === undefined ? null : fieldWithNul(request.body));
    if (field !== null) return done(errors.field(field || 'body', `${field || 'body'} ${SERVER_TEXT.nulCharacter}`));
    done();
  };
  app.addHook('onRoute', (route) => {
    if (!takesText(route)) return;
    route.preValidation = [...ownHooks(route.preValidation), refuseNul];
  });
});
