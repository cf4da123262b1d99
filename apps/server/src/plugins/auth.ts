import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { isAdmin, SERVER_TEXT } from '@academy/contract';
import type { CompiledQuery, Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { AccountsTable } from '../db/schema';
import { errors } from '../lib/errors';

/** Who is calling, as the database says now, not as the token said when it was issued. */
export interface SessionAccount {
  id: string;
  accountType: string;
  isAdmin: boolean;
  /** The profile fields that decide which announcements reach a student (issue 5). */
  batch: string;
  classType: string;
  historyType: string;
}

export interface TokenClaims {
  sub: string;
  /** The account's token version when the token was issued. */
  tv: number;
  /** Expiry in seconds since the epoch, added by @fastify/jwt when it signs. */
  exp?: number;
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
 * the server from starting, so no call is ever open by omission (issue 8's access matrix reads it too).
 */
export const ROUTE_ACCESS = ['public', 'signed-in', 'owner', 'admin'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    account: SessionAccount | null;
  }
  interface FastifyInstance {
    issueToken: (account: { id: string; tokenVersion: number }) => string;
  }
}

export interface AuthOptions {
  db: Db;
  secret: string;
  tokenTtl: string;
}

export const authPlugin = fp(async (app: FastifyInstance, options: AuthOptions) => {
  // Verified tokens are cached (by a hash of the token, until it expires): the signature check is the
  // same for every request of a session, while the account itself is still read on every request.
  await app.register(fastifyJwt, { secret: options.secret, sign: { expiresIn: options.tokenTtl }, verify: { cache: true } });
  app.decorateRequest('account', null);

  app.decorate('issueToken', (account: { id: string; tokenVersion: number }) =>
    app.jwt.sign({ sub: account.id, tv: account.tokenVersion }),
  );

  // The role comes from the database on every request; the admin_id header is never trusted.
  async function authenticate(request: FastifyRequest): Promise<void> {
    if (!request.headers.authorization) throw errors.unauthorized();
    let claims: TokenClaims;
    try {
      claims = await request.jwtVerify<TokenClaims>();
    } catch {
      throw errors.unauthorized(SERVER_TEXT.sessionEnded);
    }
    const account = await findSessionAccount(options.db, claims);
    if (!account) throw errors.unauthorized(SERVER_TEXT.sessionEnded);
    request.account = account;
  }

  async function requireAdmin(request: FastifyRequest): Promise<void> {
    await authenticate(request);
    if (!request.account?.isAdmin) throw errors.forbidden(SERVER_TEXT.adminOnly);
  }

  const checks: Record<RouteAccess, onRequestHookHandler | null> = {
    public: null,
    'signed-in': authenticate,
    owner: authenticate,
    admin: requireAdmin,
  };
  app.addHook('onRoute', (route) => {
    if (!isDeclaredApiRoute(route.url)) return;
    const access = route.config?.access;
    if (!access || !ROUTE_ACCESS.includes(access)) {
      throw new Error(`${String(route.method)} ${route.url} declares no access: add config: { access: ${ROUTE_ACCESS.join(' | ')} }`);
    }
    const check = checks[access];
    if (!check) return;
    const own = route.onRequest ? [route.onRequest].flat() : [];
    // The access check runs before any hook of the route's own.
    route.onRequest = [check, ...own];
  });
});

const SESSION_COLUMNS = ['id', 'account_type', 'account_state', 'token_version', 'batch', 'class_type', 'history_type'] as const;
type SessionRow = Pick<Selectable<AccountsTable>, (typeof SESSION_COLUMNS)[number]>;

function compileSessionQuery(db: Db): CompiledQuery<SessionRow> {
  return db
    .selectFrom('accounts')
    .select(SESSION_COLUMNS)
    .where('id', '=', '')
    .where('deleted_at', 'is', null)
    .compile();
}

/**
 * The check runs on every request, so its SQL is built once per database and then only given the
 * account id (its one parameter); building it anew each time cost more than running it.
 */
const sessionQueries = new WeakMap<Db, CompiledQuery<SessionRow>>();

function sessionQuery(db: Db): CompiledQuery<SessionRow> {
  let query = sessionQueries.get(db);
  if (!query) {
    query = compileSessionQuery(db);
    sessionQueries.set(db, query);
  }
  return query;
}

/**
 * The account behind a token's claims if the session is still good: the account exists, is active
 * and its token version is the token's. Long-lived streams call it again now and then.
 */
export async function findSessionAccount(db: Db, claims: TokenClaims): Promise<SessionAccount | null> {
  const { rows } = await db.executeQuery<SessionRow>({ ...sessionQuery(db), parameters: [claims.sub] });
  const row = rows[0];
  if (!row || row.account_state !== 'active' || row.token_version !== claims.tv) return null;
  return {
    id: row.id,
    accountType: row.account_type,
    isAdmin: isAdmin(row.account_type),
    batch: row.batch,
    classType: row.class_type,
    historyType: row.history_type,
  };
}

/** Every API call declares its access; the generated API documentation is a public page. */
function isDeclaredApiRoute(url: string): boolean {
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
