import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isAdmin, SERVER_TEXT } from '@academy/contract';
import type { Db } from '../db/database';
import { errors } from '../lib/errors';

/** Who is calling, as the database says now, not as the token said when it was issued. */
export interface SessionAccount {
  id: string;
  accountType: string;
  isAdmin: boolean;
}

interface TokenClaims {
  sub: string;
  /** The account's token version when the token was issued. */
  tv: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    account: SessionAccount | null;
  }
  interface FastifyInstance {
    /** onRequest hook: a signed-in, active account whose token is still current. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: as authenticate, and the account is an admin. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    issueToken: (account: { id: string; tokenVersion: number }) => string;
  }
}

export interface AuthOptions {
  db: Db;
  secret: string;
  tokenTtl: string;
}

export const authPlugin = fp(async (app: FastifyInstance, options: AuthOptions) => {
  await app.register(fastifyJwt, { secret: options.secret, sign: { expiresIn: options.tokenTtl } });
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
    const row = await options.db
      .selectFrom('accounts')
      .select(['id', 'account_type', 'account_state', 'token_version'])
      .where('id', '=', claims.sub)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row || row.account_state !== 'active' || row.token_version !== claims.tv) {
      throw errors.unauthorized(SERVER_TEXT.sessionEnded);
    }
    request.account = { id: row.id, accountType: row.account_type, isAdmin: isAdmin(row.account_type) };
  }

  app.decorate('authenticate', authenticate);
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await authenticate(request);
    if (!request.account?.isAdmin) throw errors.forbidden(SERVER_TEXT.adminOnly);
  });
});

/** The caller, for handlers behind `authenticate`; fails loudly if a route forgot the hook. */
export function currentAccount(request: FastifyRequest): SessionAccount {
  if (!request.account) throw new Error(`route ${request.routeOptions.url} reads the account without authenticate`);
  return request.account;
}
