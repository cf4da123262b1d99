import type { Redis } from 'ioredis';

/**
 * Sliding-window counts of the security alerts: `add` counts one event of `key` at `now` and
 * answers how many it has had in the window ending now, at most `cap` (a count only needs to
 * reach its threshold, so no key keeps more than `cap` instants however hard it is hammered).
 */
export interface WindowCounts {
  add(key: string, now: number, cap: number): Promise<number>;
}

/** Counts in this process: one instance, or several that each see their own share (no REDIS_URL). */
export class LocalWindowCounts implements WindowCounts {
  // A Map keeps insertion order: the first key is the one touched longest ago.
  private readonly instants = new Map<string, number[]>();

  constructor(
    private readonly windowMs: number,
    private readonly capacity = 20_000,
  ) {}

  async add(key: string, now: number, cap: number): Promise<number> {
    const since = now - this.windowMs;
    const kept = (this.instants.get(key) ?? []).filter((at) => at > since);
    kept.push(now);
    if (kept.length > cap) kept.splice(0, kept.length - cap);
    // Last in the order, as the newest; past capacity the key touched longest ago is forgotten.
    this.instants.delete(key);
    if (this.instants.size >= this.capacity) this.instants.delete(this.instants.keys().next().value as string);
    this.instants.set(key, kept);
    return kept.length;
  }
}

// One round trip: drop the instants that left the window, add this one (a unique member, so two
// events in one millisecond both count), keep the newest `cap`, and answer how many remain.
const ADD_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1] - ARGV[2])
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(tonumber(ARGV[3]) + 1))
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return redis.call('ZCARD', KEYS[1])`;

/** Counts in Redis, shared by every instance: N instances behind a load balancer see one count. */
export class RedisWindowCounts implements WindowCounts {
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
    private readonly windowMs: number,
  ) {}

  async add(key: string, now: number, cap: number): Promise<number> {
    const member = `${now}:${crypto.randomUUID()}`;
    return Number(await this.client.eval(ADD_SCRIPT, 1, this.prefix + key, now, this.windowMs, cap, member));
  }
}
