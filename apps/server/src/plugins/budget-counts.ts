import type { Redis } from 'ioredis';

/** A client's use of one route's budget in the current window. */
export interface BudgetUse {
  /** Requests counted in this window, this one included. */
  used: number;
  /** When the window ends (epoch ms) and the count starts again. */
  resetAt: number;
}

/**
 * Where the request budgets are counted (plugins/rate-limits.ts): fixed windows per client and
 * route. `count` answers at once in this process (the common case, no promise to await on every
 * request), or a promise when the counts are shared through Redis.
 */
export interface BudgetCounts {
  count(key: string, now: number): BudgetUse | Promise<BudgetUse | null>;
}

/** Counts in this process. More clients than `capacity` within a window forget the oldest first. */
export class LocalBudgetCounts implements BudgetCounts {
  // A Map keeps insertion order: the first key is the window opened longest ago.
  private readonly uses = new Map<string, BudgetUse>();

  constructor(
    private readonly windowMs: number,
    private readonly capacity = 20_000,
  ) {}

  count(key: string, now: number): BudgetUse {
    const use = this.uses.get(key);
    if (use && use.resetAt > now) {
      use.used += 1;
      return use;
    }
    // A new or ended window: put last in the order, as the newest.
    if (use) this.uses.delete(key);
    else if (this.uses.size >= this.capacity) this.uses.delete(this.uses.keys().next().value as string);
    const fresh = { used: 1, resetAt: now + this.windowMs };
    this.uses.set(key, fresh);
    return fresh;
  }
}

// One round trip: the count, the window opened with the first request, and the time left in it.
const COUNT_SCRIPT = `
local used = redis.call('INCR', KEYS[1])
if used == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); left = tonumber(ARGV[1]) end
return { used, left }`;

/**
 * Counts in Redis, so N instances behind a load balancer allow a client the budget of one. Redis
 * not answering counts nothing (null): the portal serves rather than refuses everyone, and the
 * sign-in failures that guard accounts are counted in the database anyway.
 */
export class RedisBudgetCounts implements BudgetCounts {
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
    private readonly windowMs: number,
  ) {}

  async count(key: string, now: number): Promise<BudgetUse | null> {
    try {
      const [used, left] = (await this.client.eval(COUNT_SCRIPT, 1, this.prefix + key, this.windowMs)) as [number, number];
      return { used, resetAt: now + left };
    } catch {
      return null;
    }
  }
}
