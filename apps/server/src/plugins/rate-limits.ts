import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { SERVER_TEXT } from '@academy/contract';
import { AppError, errors } from '../lib/errors';
import { LocalBudgetCounts, RedisBudgetCounts, type BudgetCounts, type BudgetUse } from './budget-counts';
import { isDeclaredApiRoute } from './auth';
import { ownHooks } from './route-hooks';

/**
 * How many requests a client may make to a route, declared on every API route beside its access
 * as `config: { access, budget }`; the numbers per budget come from RATE_LIMIT_* (config.ts):
 * - `read`: looking (lists, feeds, files, streams): generous, a whole class may share one address;
 * - `write`: changing something;
 * - `sign-in`: the calls a password guesser or a mail bomber wants (sign-in, register, the three
 *   password-reset steps, a password change): a budget of work, not of requests (below);
 * - `upload`: multipart uploads, each of which can be large;
 * - `sitting`: a paper being sat (start, answers, hand-in): a school hall of hundreds of phones
 *   behind one address saves every few seconds, which would spend `write` in seconds; one
 *   student's client is bounded per account instead, by the route calling `app.countBudget`;
 * - `notify`: PayHere's payment notifications: PayHere calls from few addresses, and the first of
 *   a month is its busiest day.
 * A client is its address (the X-Forwarded-For one behind TRUST_PROXY), and each route counts on
 * its own. With REDIS_URL the counts live in Redis, so N instances behind a load balancer allow a
 * client the same budget as one; without, in this process.
 *
 * `sign-in` counts work: its routes call `request.spendBudget()` just before the expensive step
 * (an argon2 hash, a code mailed, a code compared), and a request refused before it (by the
 * sign-in guard, a spent code, a dead reset token) costs the address nothing. One address is often
 * a whole hall or a carrier's NAT: were refusals counted, one attacker hammering one locked account
 * would spend the budget of every student behind that address. The CPU one address can cost stays
 * bounded all the same: at most the budget's number of hashes a window.
 */
export const ROUTE_BUDGETS = ['read', 'write', 'sign-in', 'upload', 'sitting', 'notify'] as const;
export type RouteBudget = (typeof ROUTE_BUDGETS)[number];

/** The budgets a route spends by calling `request.spendBudget()` at its work, not on every request. */
const SPENT_ON_WORK: ReadonlySet<RouteBudget> = new Set(['sign-in']);

declare module 'fastify' {
  interface FastifyContextConfig {
    budget?: RouteBudget;
  }
  interface FastifyInstance {
    /**
     * Counts one use of `key` (what to bound beyond the client's address, e.g. `account:<id>`)
     * in a one-minute window (or `windowMs`: 5 test pushes an hour, say), over the same counts as the route budgets (this process, or Redis
     * shared by every instance), and says whether it is within `max`. Over it, `refusal` is the
     * route budgets' own 429 with Retry-After, for the caller to throw. Redis not answering
     * counts nothing: within.
     */
    countBudget(key: string, max: number, windowMs?: number): Promise<CountedUse>;
    /**
     * Counts one new account registered from the request's address in the last hour (ASVS
     * 11.1.2), or throws a 429 that says so, with Retry-After, once over RATE_LIMIT_REGISTER.
     */
    countRegistration(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    /**
     * Spends one unit of the client's budget for this route, or refuses with 429 and Retry-After
     * once the budget is spent; a second call in one request spends nothing more. Only for routes
     * whose budget counts work (`sign-in`).
     */
    spendBudget(): Promise<void>;
  }
}

/** One use counted by `app.countBudget`: within its budget, or over it with the 429 to answer. */
export type CountedUse = { within: true } | { within: false; refusal: AppError };

/** The window of `app.countBudget`: its callers' settings are per minute, whatever RATE_LIMIT_WINDOW is. */
const COUNTED_WINDOW_MS = 60_000;
/** Registrations are counted per address over an hour: a person registers once, a script hundreds of times. */
const REGISTRATION_WINDOW_MS = 60 * 60_000;

export interface RateLimitsOptions {
  windowMs: number;
  budgets: Record<RouteBudget, number>;
  /** New accounts one address may register in an hour (RATE_LIMIT_REGISTER). */
  registrationsPerHour: number;
  /** The shared store; null keeps the counts in this process. */
  redis: { client: Redis; prefix: string } | null;
}

/**
 * The limiter of one route: counts the client (its address) against the route's budget, tells it
 * where it stands in X-RateLimit-* headers, and refuses it with 429 and Retry-After once over.
 * It runs on every API request, so it is one plain hook: with the counts in this process it
 * answers without a promise (the general-purpose plugin it replaced awaited several per request,
 * a tenth of a constant route's time, docs/performance.md).
 */
function routeLimiter(route: string, max: number, counts: BudgetCounts): onRequestHookHandler {
  const judge = budgetJudge(max);
  return (request, reply, done) => {
    const key = clientKey(request, route);
    const now = Date.now();
    const use = counts.count(key, now);
    if (!(use instanceof Promise)) return done(judge(reply, use, now));
    use.then((shared) => done(judge(reply, shared, now)), done);
  };
}

/** The limiter of a route whose budget counts work: it only hands the request its `spendBudget`. */
function workLimiter(route: string, max: number, counts: BudgetCounts): onRequestHookHandler {
  const judge = budgetJudge(max);
  return (request, reply, done) => {
    let spent = false;
    request.spendBudget = async () => {
      if (spent) return;
      spent = true;
      const now = Date.now();
      const refusal = judge(reply, await counts.count(clientKey(request, route), now), now);
      if (refusal) throw refusal;
    };
    done();
  };
}

/** What one client called: the route as registered (not the concrete path), so ids do not split a budget. */
function clientKey(request: FastifyRequest, route: string): string {
  return `${request.method} ${route} ${request.ip}`;
}

/** Tells the client where it stands in X-RateLimit-* headers; the 429 to answer once it is over. */
function budgetJudge(max: number) {
  const limit = String(max);
  return (reply: FastifyReply, use: BudgetUse | null, now: number): AppError | undefined => {
    if (!use) return undefined;
    const resetSeconds = secondsLeft(use, now);
    reply.header('x-ratelimit-limit', limit);
    reply.header('x-ratelimit-remaining', String(Math.max(0, max - use.used)));
    reply.header('x-ratelimit-reset', String(resetSeconds));
    return overBudget(use, max, resetSeconds);
  };
}

function secondsLeft(use: BudgetUse, now: number): number {
  return Math.max(0, Math.ceil((use.resetAt - now) / 1000));
}

/** The one 429 of every budget: the same words, and Retry-After until the window ends. */
function overBudget(use: BudgetUse, max: number, resetSeconds: number): AppError | undefined {
  return use.used > max ? errors.tooManyRequests(SERVER_TEXT.tooManyRequests, Math.max(1, resetSeconds)) : undefined;
}

function notSpentOnWork(this: FastifyRequest): Promise<void> {
  return Promise.reject(new Error(`${this.method} ${this.routeOptions.url} spends its budget per request, not by spendBudget()`));
}

export const rateLimitsPlugin = fp(async (app: FastifyInstance, options: RateLimitsOptions) => {
  const counts = budgetCounts(options, options.windowMs, 'rate-limit:');
  // Counts of their own, so their window stays a minute and a flood of new addresses on the
  // route budgets never forgets them.
  const counted = new Map<number, BudgetCounts>();
  const countsOf = (windowMs: number) => {
    let counts = counted.get(windowMs);
    if (!counts) {
      const keys = windowMs === COUNTED_WINDOW_MS ? 'rate-limit:counted:' : `rate-limit:counted:${windowMs}:`;
      counts = budgetCounts(options, windowMs, keys);
      counted.set(windowMs, counts);
    }
    return counts;
  };
  app.decorate('countBudget', async (key: string, max: number, windowMs = COUNTED_WINDOW_MS): Promise<CountedUse> => {
    const now = Date.now();
    const use = await countsOf(windowMs).count(key, now);
    const refusal = use && overBudget(use, max, secondsLeft(use, now));
    return refusal ? { within: false, refusal } : { within: true };
  });
  app.decorate('countRegistration', async (request: FastifyRequest) => {
    const now = Date.now();
    const use = await countsOf(REGISTRATION_WINDOW_MS).count(`register:${request.ip}`, now);
    if (use && use.used > options.registrationsPerHour) {
      throw errors.tooManyRequests(SERVER_TEXT.tooManyRegistrations, Math.max(1, secondsLeft(use, now)));
    }
  });
  app.decorateRequest('spendBudget', notSpentOnWork);

  app.addHook('onRoute', (route) => {
    if (!isDeclaredApiRoute(route.url)) return;
    const budget = route.config?.budget;
    if (!budget || !ROUTE_BUDGETS.includes(budget)) {
      throw new Error(`${String(route.method)} ${route.url} declares no budget: add budget: ${ROUTE_BUDGETS.join(' | ')} to its config`);
    }
    // Before the access check, so a flood of bad tokens is limited too (a budget counted per request).
    const limiter = SPENT_ON_WORK.has(budget) ? workLimiter : routeLimiter;
    route.onRequest = [limiter(route.url, options.budgets[budget], counts), ...ownHooks(route.onRequest)];
  });
});

function budgetCounts(options: RateLimitsOptions, windowMs: number, keys: string): BudgetCounts {
  return options.redis ? new RedisBudgetCounts(options.redis.client, options.redis.prefix + keys, windowMs) : new LocalBudgetCounts(windowMs);
}
