import { Redis } from 'ioredis';

/** The Redis tests use; CI and this machine run one on the default port. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A channel prefix of its own per test run, so runs sharing one Redis never hear each other. */
export function testRedisPrefix(): string {
  return `test-${crypto.randomUUID().slice(0, 8)}:`;
}

/** Null when Redis answers; otherwise why the tests that need it are skipped. */
export async function redisUnavailable(url = TEST_REDIS_URL): Promise<string | null> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    return `Redis at ${url} is not reachable (${error instanceof Error ? error.message : String(error)}); set TEST_REDIS_URL`;
  } finally {
    client.disconnect();
  }
}
