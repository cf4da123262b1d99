import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { ADMIN_MFA_TEXT, SERVER_TEXT } from '@academy/contract';
import { AppError, errors } from '../lib/errors';
import { writeSecurityEvent, wroteSecurityEvent } from '../lib/security-events';
import { ownHooks, READ_ONLY_METHODS, routeMethods } from './route-hooks';
import { VerifiedTokens } from './verified-tokens';

/** Who is calling, as the database says now, not as the token said when it was issued. */
export interface SessionAccount {
  id: string;
  accountType: string;
  isAdmin: boolean;
  /** The sign-in this request belongs to (sessions feature). */
  sessionId: string;
  /** The profile fields that decide which announcements reach a student. */
  batch: string;
  classType: string;
  historyType: string;
  /**
   * The password is a temporary one someone else chose (the CSV import's): only the routes that
   * declare `whilePasswordTemporary` answer until the owner sets their own (ASVS 2.3.1).
   */
  mustChangePassword?: boolean;
  /**
   * An admin whose session has not passed a second factor (they have none yet): only the routes
   * that declare `beforeSecondFactor` answer until they enrol (ASVS 4.3.1, features/admin-mfa).
   */
  needsSecondFactor?: boolean;
}

export interface TokenClaims {
  sub: string;
  /** The session (one sign-in) the token was issued for. */
  sid: string;
  /** The account's token version when the token was issued. */
  tv: number;
  /** Expiry in seconds since the epoch, added by @fastify/jwt when it signs. */
  exp?: number;
}

/** Where sessions live: the sessions feature's service, handed in by app.ts. */
export interface SessionStore {
  /** The caller, or null when the account or the session no longer lets the token in. */
  resolve(claims: TokenClaims): Promise<SessionAccount | null>;
  /**
   * The caller as `resolve` answered it moments ago and the store still vouches for (no write since,
   * not expired), at once; null when only `resolve` can tell.
   */
  known(claims: TokenClaims): SessionAccount | null;
  /** Records a sign-in and answers its session id. */
  open(input: { account: SignedInAccount; userAgent: string | undefined; ip: string }): Promise<string>;
  /** Moves a session to a new token version (after a password change). */
  renew(sessionId: string, tokenVersion: number): Promise<void>;
  /**
   * A write succeeded: any account or session may have changed, so whatever the store remembers
   * about callers must be forgotten, on every instance, before the writer hears it is done.
   */
  changed(): Promise<void>;
}

export interface SignedInAccount {
  id: string;
  tokenVersion: number;
  accountType: string;
  /** The second factor the sign-in passed (an admin's TOTP or recovery code); unset: the password alone. */
  secondFactor?: 'totp' | 'recovery-code';
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

/**
 * Who may call a route, declared on every API route as `config: { access }`:
 * - `public`: anyone, signed in or not;
 * - `signed-in`: any active account whose token is current;
 * - `owner`: as signed-in, and the service lets a student reach only their own resource (an admin any);
 * - `admin`: an active admin.
 * The plugin attaches the checks from the declaration, and a route under /api/ without one stops
 * the server from starting, so no call is ever open by omission (the security suite's access matrix reads it too).
 */
export const ROUTE_ACCESS = ['public', 'signed-in', 'owner', 'admin'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

/** One API route as declared: what the access matrix and the hostile-input tests walk. */
export interface DeclaredRoute {
  method: string;
  /** As registered, with its parameters: `/api/students/student/getbyid/:id`. */
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Open to a caller whose password is temporary: the password change, sign-out, one's own profile. */
    whilePasswordTemporary?: boolean;
    /** Open to an admin without a second factor yet: enrolling one, sign-out. */
    beforeSecondFactor?: boolean;
  }
  interface FastifyRequest {
    account: SessionAccount | null;
  }
  interface FastifyInstance {
    /** Every API route with its declared access, in registration order (HEAD twins included). */
    declaredRoutes: readonly DeclaredRoute[];
    /** Opens a session for a successful sign-in and answers its bearer token and the session's id. */
    openSession: (account: SignedInAccount, request: FastifyRequest) => Promise<{ token: string; sessionId: string }>;
    /** A fresh token for the caller's own session at a new token version. */
    renewSession: (request: FastifyRequest, tokenVersion: number) => Promise<string>;
    /**
     * On a public route, the caller when the request carries a current token, else null: never a
     * refusal. Sets `request.account` as the access checks do.
     */
    identifyCaller: (request: FastifyRequest) => Promise<SessionAccount | null>;
  }
}

export interface AuthOptions {
  sessions: SessionStore;
  secret: string;
  tokenTtl: string;
}

export const authPlugin = fp(async (app: FastifyInstance, options: AuthOptions) => {
  await app.register(fastifyJwt, { secret: options.secret, sign: { expiresIn: options.tokenTtl } });
  // The signature check is the same for every request of a session, while the account itself is
  // still read on every request (sessions.resolve).
  const verified = new VerifiedTokens();
  app.decorateRequest('account', null);
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);

  const sign = (claims: TokenClaims) => app.jwt.sign(claims);
  app.decorate('openSession', async (account: SignedInAccount, request: FastifyRequest) => {
    const sid = await options.sessions.open({ account, userAgent: request.headers['user-agent'], ip: request.ip });
    return { token: sign({ sub: account.id, sid, tv: account.tokenVersion }), sessionId: sid };
  });
  app.decorate('renewSession', async (request: FastifyRequest, tokenVersion: number) => {
    const caller = currentAccount(request);
    await options.sessions.renew(caller.sessionId, tokenVersion);
    return sign({ sub: caller.id, sid: caller.sessionId, tv: tokenVersion });
  });

  // The role comes from the database on every request; the admin_id header is never trusted.
  async function authenticate(request: FastifyRequest): Promise<void> {
    if (!request.headers.authorization) throw errors.unauthorized();
    const claims = await verifiedClaims(request);
    // A token signed by us but of another shape (an older release's) is simply ended.
    const wellFormed = typeof claims.sub === 'string' && typeof claims.sid === 'string' && Number.isInteger(claims.tv);
    const caller = wellFormed ? await options.sessions.resolve(claims) : null;
    if (!caller) throw errors.unauthorized(SERVER_TEXT.sessionEnded);
    request.account = caller;
  }

  /** The token's claims, checked once per token; also `request.user`, as @fastify/jwt leaves it. */
  async function verifiedClaims(request: FastifyRequest): Promise<TokenClaims> {
    const { token, claims: known } = rememberedClaims(request);
    if (known) {
      request.user = known;
      return known;
    }
    let claims: TokenClaims;
    try {
      claims = await request.jwtVerify<TokenClaims>();
    } catch {
      throw errors.unauthorized(SERVER_TEXT.sessionEnded);
    }
    if (token) verified.set(token, claims);
    return claims;
  }

  /** The request's bearer token, and its claims when it was verified before and has not expired. */
  function rememberedClaims(request: FastifyRequest): { token: string | null; claims: TokenClaims | null } {
    const token = bearerToken(request.headers.authorization);
    return { token, claims: token ? verified.get(token, Date.now()) : null };
  }

  app.decorate('identifyCaller', async (request: FastifyRequest) => {
    if (!request.headers.authorization) return null;
    try {
      await authenticate(request);
    } catch (error) {
      // A missing or ended session is simply no caller; anything else (the database down) is real.
      if (error instanceof AppError && error.status === 401) return null;
      throw error;
    }
    return request.account;
  });

  /**
   * The caller when both halves of the check are already settled: the token verified before and
   * its session just resolved by the store (which forgets it on any write). Most requests come
   * from a caller who called a moment ago.
   */
  function knownCaller(request: FastifyRequest): SessionAccount | null {
    const { claims } = rememberedClaims(request);
    const caller = claims ? options.sessions.known(claims) : null;
    if (caller && claims) request.user = claims;
    return caller;
  }

  /**
   * The access checks as callback hooks: a known caller is let through (or refused) at once, and
   * only an unknown one waits for the database. An async hook put every request's check, known or
   * not, through a promise and the microtask queue (docs/performance.md).
   */
  const accessCheck =
    (adminOnly: boolean): onRequestHookHandler =>
    (request, _reply, done) => {
      const settle = () => done(accessRefusal(request, adminOnly));
      const known = knownCaller(request);
      if (known) {
        request.account = known;
        return settle();
      }
      authenticate(request).then(settle, done);
    };

  const checks: Record<RouteAccess, onRequestHookHandler | null> = {
    public: null,
    'signed-in': accessCheck(false),
    owner: accessCheck(false),
    admin: accessCheck(true),
  };
  // On the routes that change something only: a read (most answers) has nothing to wait for.
  const awaitSessionChange: onSendHookHandler = (_request, reply, payload, done) => {
    if (reply.statusCode >= 400) return done(null, payload);
    options.sessions.changed().then(() => done(null, payload), done);
  };

  // Every refusal (401, 403) is a security event, the access checks' above and the routes' own
  // (someone else's account, a dead file link), unless the route wrote the event that explains it
  // (a refused sign-in). Only refusals pay for it.
  app.addHook('onError', (request, _reply, error, done) => {
    if (error instanceof AppError && (error.status === 401 || error.status === 403) && !wroteSecurityEvent(request)) {
      const caller = request.account;
      writeSecurityEvent(request.log, request.ip, {
        security: 'access-refused',
        outcome: 'failure',
        status: error.status,
        method: request.method,
        route: request.routeOptions.url ?? '',
        reason: error.message,
        ...(caller ? { accountId: caller.id, sessionId: caller.sessionId } : {}),
      });
    }
    done();
  });

  app.addHook('onRoute', (route) => {
    if (!isDeclaredApiRoute(route.url)) return;
    const access = route.config?.access;
    if (!access || !ROUTE_ACCESS.includes(access)) {
      throw new Error(`${String(route.method)} ${route.url} declares no access: add config: { access: ${ROUTE_ACCESS.join(' | ')} }`);
    }
    for (const method of routeMethods(route)) declared.push({ method, url: route.url, access });
    if (routeMethods(route).some((method) => !READ_ONLY_METHODS.has(method))) {
      route.onSend = [...ownHooks(route.onSend), awaitSessionChange];
    }
    const check = checks[access];
    if (!check) return;
    // The access check runs before any hook of the route's own.
    route.onRequest = [check, ...ownHooks(route.onRequest)];
  });
});


/** Why a signed-in caller may not call this route, if they may not. */
function accessRefusal(request: FastifyRequest, adminOnly: boolean): AppError | undefined {
  if (request.account?.mustChangePassword && !request.routeOptions.config.whilePasswordTemporary) {
    return errors.forbidden(SERVER_TEXT.mustChangePassword);
  }
  if (request.account?.needsSecondFactor && !request.routeOptions.config.beforeSecondFactor) {
    return errors.forbidden(ADMIN_MFA_TEXT.enrolRequired, { secondFactor: 'enrol' });
  }
  return adminOnly && !request.account?.isAdmin ? errors.forbidden(SERVER_TEXT.adminOnly) : undefined;
}

/** The token of an `Authorization: Bearer <token>` header, as @fastify/jwt reads it; else null. */
function bearerToken(header: string | undefined): string | null {
  const [scheme, token, extra] = (header ?? '').split(' ');
  return scheme === 'Bearer' && token && extra === undefined ? token : null;
}

/** Every API call declares its access; the generated API documentation is a public page. */
export function isDeclaredApiRoute(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/** The verified token's claims, for a handler that must re-check the session later (a stream). */
export function currentClaims(request: FastifyRequest): TokenClaims {
  if (!request.account) throw new Error(`route ${request.routeOptions.url} reads the claims without authenticate`);
  return request.user;
}

/** The caller, for handlers behind `authenticate`; fails loudly if a route forgot the hook. */
export function currentAccount(request: FastifyRequest): SessionAccount {
  if (!request.account) throw new Error(`route ${request.routeOptions.url} reads the account without authenticate`);
  return request.account;
}
