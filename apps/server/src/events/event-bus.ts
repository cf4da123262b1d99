import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { MemoryEventBus } from './memory-bus';
import { RedisEventBus } from './redis-bus';

/**
 * Live updates between the parts of the server, and between server instances (PRODUCT.md 'Where
 * users outgrow one machine'). One interface, two transports: in-process by default, Redis pub/sub
 * when REDIS_URL is set. A publisher's own instance receives its event through the same
 * subscription as every other instance, so delivery works one way in both modes.
 */
export interface EventBus {
  /** Resolves once the transport has taken the event; it never waits for listeners. */
  publish(channel: string, payload: string): Promise<void>;
  /** Calls `listener` for every event on `channel`, from any instance; returns how to stop. */
  subscribe(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export async function createEventBus(config: Config['events'], log: FastifyBaseLogger): Promise<EventBus> {
  if (!config.redisUrl) return new MemoryEventBus();
  return RedisEventBus.connect(config.redisUrl, config.redisPrefix, log);
}
