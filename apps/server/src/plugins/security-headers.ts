import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The page's scripts come only from this origin (no inline script anywhere, branding travels as a
 * JSON data block). Inline styles stay allowed because MUI (emotion) and SweetAlert2 inject them.
 */
const HELMET_OPTIONS = {
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

/**
 * The headers helmet sets with these options, worked out once at start. They never vary by
 * request, and helmet's middleware parsed and re-validated every directive on every answer
 * (a tenth of a constant route's CPU time; docs/performance.md).
 */
function securityHeaders(): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  if (!headers['content-security-policy']) throw new Error('helmet set no Content-Security-Policy');
  return Object.freeze(headers);
}

const SECURITY_HEADERS = securityHeaders();
const SECURITY_HEADER_ENTRIES = Object.entries(SECURITY_HEADERS);

/** On every answer, the error answers of hooks and the 404 handler included: set first thing. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
});

/** The same headers on an answer no hook sees: one the router gives before any route is found. */
export function setSecurityHeaders(response: ServerResponse): void {
  for (const [name, value] of SECURITY_HEADER_ENTRIES) response.setHeader(name, value);
}
