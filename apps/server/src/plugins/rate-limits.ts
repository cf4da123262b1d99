import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { SERVER_TEXT } from '@academy/contract';
import { errors } from '../lib/errors';
import { isDeclaredApiRoute } from './auth';

/**
 * How many requests a client may make to a route, declared on every API route beside its access
 * as `config: { access, budget }`; the numbers per budget come from RATE_LIMIT_* (config.ts):
 * - `read`: looking (lists, feeds, files, streams): generous, a whole class may share one address;
 * - `write`: changing something;
 * - `sign-in`: the calls a password guesser or a mail bomber wants (sign-in, register, the three
 *   password-reset steps, a password change): tight;
 * - `upload`: multipart uploads, each of which can be large.
 * A client is its address (the X-Forwarded-For one behind TRUST_PROXY), and each route counts on
 * its own. With REDIS_URL the counts live in Redis, so N instances behind a load balancer allow a
 * client the same budget as one; without, in this process.
 */
export const ROUTE_BUDGETS = ['read', 'write', 'sign-in', 'upload'] as const;
export type RouteBudget = (typeof ROUTE_BUDGETS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    budget?: RouteBudget;
  }
}

export interface RateLimitsOptions {
  windowMs: number;
  budgets: Record<RouteBudget, number>;
  /** The shared store; null keeps the counts in this process. */
  redis: { client: Redis; prefix: string } | null;
}

/** What one client called: the route as registered (not the concrete path), so ids do not split a budget. */
function clientKey(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? ''} ${request.ip}`;
}

export const rateLimitsPlugin = fp(async (app: FastifyInstance, options: RateLimitsOptions) => {
  await app.register(rateLimit, {
    // Nothing is limited by the plugin on its own: each route gets its budget's limiter below.
    global: false,
    keyGenerator: clientKey,
    // One entry per client and route; more clients than this within a window only forget the oldest.
    cache: 20_000,
    ...(options.redis ? { redis: options.redis.client, nameSpace: `${options.redis.prefix}rate-limit:` } : {}),
    // Redis down: serve rather than refuse everyone; sign-in failures are still counted in the database.
    skipOnError: true,
    // Thrown into the error handler, so the answer keeps the contract; Retry-After is already set.
    errorResponseBuilder: () => errors.tooManyRequests(SERVER_TEXT.tooManyRequests),
  });
  const limiters = new Map(ROUTE_BUDGETS.map((budget) => [budget, app.rateLimit({ max: options.budgets[budget], timeWindow: options.windowMs })]));

  app.addHook('onRoute', (route) => {
    if (!isDeclaredApiRoute(route.url)) return;
    const limiter = limiters.get(route.config?.budget ?? ('' as RouteBudget));
    if (!limiter) {
      throw new Error(`${String(route.method)} ${route.url} declares no budget: add budget: ${ROUTE_BUDGETS.join(' | ')} to its config`);
    }
    const own = route.onRequest ? [route.onRequest].flat() : [];
    // Counted before the access check, so a flood of bad tokens is limited too.
    route.onRequest = [limiter, ...own];
  });
});
