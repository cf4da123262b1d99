import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import applyHelmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The page's scripts come only from this origin (no inline script anywhere, branding travels as a
 * JSON data block). Inline styles stay allowed because MUI (emotion) and SweetAlert2 inject them.
 */
const SECURITY_HEADERS = {
  contentSecurityPolicy: {
    useDefaults: false as const,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:'],
      frameSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'same-origin' as const },
};

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, SECURITY_HEADERS);
});

const withSecurityHeaders = applyHelmet(SECURITY_HEADERS);

/** The same headers on an answer no hook sees: one the router gives before any route is found. */
export function setSecurityHeaders(request: IncomingMessage, response: ServerResponse): void {
  withSecurityHeaders(request, response, () => undefined);
}
