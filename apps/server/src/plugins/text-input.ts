import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER_TEXT } from '@academy/contract';
import { errors } from '../lib/errors';

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

export const textInputPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: every request passes here, and most hold no text at all.
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = fieldWithNul(part);
      if (field !== null) return done(errors.field(field || 'body', `${field || 'body'} ${SERVER_TEXT.nulCharacter}`));
    }
    done();
  });
});
