import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { connectRedis } from '../lib/redis';
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

  /** Connects both clients, or fails the start with the reason (connectRedis). */
  static async connect(url: string, prefix: string, log: FastifyBaseLogger): Promise<RedisEventBus> {
    // Subscriptions are restored after a reconnect, so the subscriber may queue them meanwhile.
    const [publisher, subscriber] = await connectRedis(url, log, [{}, { enableOfflineQueue: true }]);
    if (!publisher || !subscriber) throw new Error('connectRedis answered fewer clients than asked');
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
