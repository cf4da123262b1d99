import type { FastifyInstance, onSendHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isDeclaredApiRoute } from './auth';
import { LOGIN_PAGE_BOOT_SCRIPT_HASH } from './login-page-boot';
import { ownHooks } from './route-hooks';

/**
 * The page's scripts come only from this origin, plus one inline script known by its hash: the
 * login page's boot script (login-page-boot.ts), which hides the drawn page from visits it is not
 * for and starts the app. Data (branding, banners) travels in JSON data blocks, never as script.
 * Inline styles stay allowed because MUI (emotion) and SweetAlert2 inject them, and index.html
 * carries its stylesheet inline.
 */
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false as const,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", LOGIN_PAGE_BOOT_SCRIPT_HASH],
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
 * (a tenth of a constant route's CPU time; docs/performance.md). `formActionOrigins` are the
 * origins a page may post a form to besides its own: PayHere's checkout when online payment is
 * set (docs/fees.md 'End to end'), none otherwise, so the header stays as it was.
 */
function securityHeaders(formActionOrigins: readonly string[] = []): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  const directives = { ...HELMET_OPTIONS.contentSecurityPolicy.directives, formAction: ["'self'", ...formActionOrigins] };
  const options = { ...HELMET_OPTIONS, contentSecurityPolicy: { ...HELMET_OPTIONS.contentSecurityPolicy, directives } };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
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
/**
 * And API answers are data, to be a download should a browser open (or frame) one directly, never
 * a page it renders (ASVS 14.4.2); fetch, which is how the web app reads them, ignores the header.
 * An answer that names its own disposition replaces this one (the CSV export, a class file shown
 * inline), and an answer that is not JSON (a picture, a playlist, an event stream) loses it before
 * it goes: see `keepsJsonDisposition` below.
 */
const JSON_DISPOSITION = 'attachment; filename="api.json"';
const API_HEADERS = Object.freeze({
  ...Object.fromEntries(API_HEADER_NAMES.map((name) => [name, SECURITY_HEADERS[name] ?? missing(name)])),
  ...API_CACHE_CONTROL,
  'content-disposition': JSON_DISPOSITION,
});

function missing(name: string): never {
  throw new Error(`helmet set no ${name}`);
}

const isJson = (contentType: unknown) => typeof contentType === 'string' && contentType.startsWith('application/json');

/** The zod type of a declared answer ('object', 'string', 'any'...), or null for anything else. */
function zodType(schema: unknown): string | null {
  const type = (schema as { _zod?: { def?: { type?: unknown } } } | null)?._zod?.def?.type;
  return typeof type === 'string' ? type : null;
}

/**
 * Whether every success a route declares is a JSON object, so that all its answers, refusals
 * included, are JSON and keep the disposition set on arrival. Any other route (a file, a picture,
 * a playlist, an event stream, tus's answers) may answer something else, and checks each answer
 * on its way out; that check is a phase of its own, which the JSON routes (most, the feed and the
 * ping among them) are spared (docs/performance.md, 'steps only where a route needs them').
 */
function answersOnlyJson(route: RouteOptions): boolean {
  const schema = route.schema as { produces?: unknown; response?: Record<string, unknown> } | undefined;
  if (!schema?.response || schema.produces !== undefined) return false;
  const successes = Object.entries(schema.response).filter(([status]) => status.startsWith('2'));
  return successes.length > 0 && successes.every(([, answer]) => zodType(answer) === 'object');
}

/** A non-JSON answer goes without the JSON disposition; one of its own it keeps. */
const keepsJsonDisposition: onSendHookHandler = (_request, reply, payload, done) => {
  if (reply.getHeader('content-disposition') === JSON_DISPOSITION && !isJson(reply.getHeader('content-type'))) reply.removeHeader('content-disposition');
  done(null, payload);
};

export interface SecurityHeadersOptions {
  /** Origins pages may post forms to besides their own (PayHere's checkout); none by default. */
  formActionOrigins?: readonly string[];
}

/** On every answer, the error answers of hooks and the 404 handler included: set first thing. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: SecurityHeadersOptions) => {
  const documentHeaders = options.formActionOrigins?.length ? securityHeaders(options.formActionOrigins) : SECURITY_HEADERS;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isDeclaredApiRoute(request.url) ? API_HEADERS : documentHeaders);
    done();
  });
  app.addHook('onRoute', (route) => {
    if (isDeclaredApiRoute(route.url) && !answersOnlyJson(route)) route.onSend = [...ownHooks(route.onSend), keepsJsonDisposition];
  });
});

/**
 * The same headers on an answer no hook sees: one the router gives before any route is found.
 * It is always the error contract's JSON, so at an API address it is a download as well.
 */
export function setSecurityHeaders(response: ServerResponse): void {
  for (const [name, value] of SECURITY_HEADER_ENTRIES) response.setHeader(name, value);
  if (isDeclaredApiRoute(response.req?.url ?? '')) response.setHeader('content-disposition', JSON_DISPOSITION);
}
