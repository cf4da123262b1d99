import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { EventBus } from './event-bus';

/**
 * Redis pub/sub between instances. A subscribed connection can do nothing else, so there are two.
 * Every channel carries the prefix, so several deployments (or test runs) can share one Redis.
 */
export class RedisEventBus implements EventBus {
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly prefix: string,
  ) {
    subscriber.on('message', (channel: string, payload: string) => {
      for (const listener of this.listeners.get(channel) ?? []) listener(payload);
    });
  }

  /** Connects both clients, or fails the start with the reason: a fan-out that silently does nothing is worse. */
  static async connect(url: string, prefix: string, log: FastifyBaseLogger): Promise<RedisEventBus> {
    // After start, a lost connection is retried for ever and the subscriptions are restored;
    // publishing fails at once meanwhile instead of queueing events that would arrive stale.
    const options = { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 } as const;
    const publisher = new Redis(url, options);
    const subscriber = new Redis(url, { ...options, enableOfflineQueue: true });
    for (const client of [publisher, subscriber]) {
      client.on('error', (error: Error) => log.warn({ err: error }, 'redis connection problem; retrying'));
    }
    try {
      await Promise.all([publisher.connect(), subscriber.connect()]);
    } catch (error) {
      publisher.disconnect();
      subscriber.disconnect();
      throw new Error(`REDIS_URL is not reachable: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    return new RedisEventBus(publisher, subscriber, prefix);
  }

  async publish(channel: string, payload: string): Promise<void> {
    await this.publisher.publish(this.prefix + channel, payload);
  }

  async subscribe(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    const key = this.prefix + channel;
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
      await this.subscriber.subscribe(key);
    }
    set.add(listener);
    return async () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(key) === set) {
        this.listeners.delete(key);
        await this.subscriber.unsubscribe(key);
      }
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    // Nothing is waiting for a reply at shutdown; quit() would wait out a reconnecting client.
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}
