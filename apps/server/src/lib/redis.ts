import type { FastifyBaseLogger } from 'fastify';
import type { Redis, RedisOptions } from 'ioredis';

/**
 * After start, a lost connection is retried for ever; a command fails at once meanwhile instead
 * of queueing, so an event is not delivered stale and a request is not held up by Redis.
 */
export const REDIS_OPTIONS = { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 } as const;

/**
 * Connects one client per entry of `options` to REDIS_URL, or fails the start with the reason:
 * a fan-out or a shared limit that silently does nothing is worse than a server that won't start.
 * ioredis is loaded here, so a start without REDIS_URL does not pay for it.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger, options: RedisOptions[]): Promise<Redis[]> {
  const { Redis } = await import('ioredis');
  const clients = options.map((extra) => new Redis(url, { ...REDIS_OPTIONS, ...extra }));
  for (const client of clients) {
    client.on('error', (error: Error) => log.warn({ err: error }, 'redis connection problem; retrying'));
  }
  try {
    await Promise.all(clients.map((client) => client.connect()));
  } catch (error) {
    for (const client of clients) client.disconnect();
    throw new Error(`REDIS_URL is not reachable: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return clients;
}
