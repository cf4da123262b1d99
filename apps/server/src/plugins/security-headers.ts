import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isDeclaredApiRoute } from './auth';

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

/**
 * Of those, the ones that protect an API answer: data our own scripts read, never a page a browser
 * renders (files and streams included: the PDF viewer and the player fetch them). They are the
 * headers OWASP's REST Security Cheat Sheet lists for APIs (CSP, HSTS, nosniff, X-Frame-Options;
 * Content-Type is set per route), plus Cross-Origin-Resource-Policy, which keeps another site from
 * pulling an answer into its own process, and `Cache-Control: no-store` (below). The rest (COOP, Origin-Agent-Cluster,
 * Referrer-Policy, DNS prefetch, download options, cross-domain policies, the old XSS filter)
 * govern documents only. Each header costs every request its processing and bytes, and the API
 * answers are most requests: seven fewer made a constant route some 6% cheaper (docs/performance.md).
 */
const API_HEADER_NAMES = ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options', 'cross-origin-resource-policy'];
/**
 * API answers hold personal data (profiles, the student list, marks, watch history) and are never
 * to be kept by a browser's cache or a proxy on the way, where the next user of a shared phone or
 * a school's computer could find them (ASVS 8.1.1, 8.2.1). The few answers that may be kept say
 * so themselves, replacing this one: banner and profile images (public, immutable by their hashed
 * address) and the event stream (`no-store, no-transform`).
 */
const API_CACHE_CONTROL = { 'cache-control': 'no-store' };
const API_HEADERS = Object.freeze({
  ...Object.fromEntries(API_HEADER_NAMES.map((name) => [name, SECURITY_HEADERS[name] ?? missing(name)])),
  ...API_CACHE_CONTROL,
});

function missing(name: string): never {
  throw new Error(`helmet set no ${name}`);
}

/** On every answer, the error answers of hooks and the 404 handler included: set first thing. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isDeclaredApiRoute(request.url) ? API_HEADERS : SECURITY_HEADERS);
    done();
  });
});

/** The same headers on an answer no hook sees: one the router gives before any route is found. */
export function setSecurityHeaders(response: ServerResponse): void {
  for (const [name, value] of SECURITY_HEADER_ENTRIES) response.setHeader(name, value);
}
