import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app';
import { createDatabase, type Db } from '../src/db/database';
import { redisUnavailable, TEST_REDIS_URL, testRedisPrefix } from './redis';
import { allowDirectEnrolment, testSecondFactorClock } from './second-factor';
import { testConfig } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';

// Two real server instances as a load balancer would have them (PRODUCT.md 'Where users outgrow
// one machine'): one PostgreSQL schema, one Redis, one JWT_SECRET, one file folder, each with its
// own connection pool and its own memory, both listening on loopback. CI has both services;
// elsewhere the tests that use this say why they are skipped.

/** Null when PostgreSQL and Redis are there; otherwise why the two-instance tests are skipped. */
export async function twoInstancesUnavailable(): Promise<string | null> {
  if (process.env.TEST_ENGINE !== 'postgres') return 'runs in the postgres project (set TEST_DATABASE_URL)';
  return redisUnavailable();
}

export interface TwoInstances {
  first: FastifyInstance;
  second: FastifyInstance;
  urls: { first: string; second: string };
  database: TestDatabase;
}

/**
 * beforeAll/afterAll wiring, as useTestApp: `const pair = useTwoInstances(env)`; `env` adds settings
 * to both, `firstOnly` to the first alone (an instance that runs no jobs, say); `options` go to
 * both builds (one papers clock the test moves, say, as the instances of a deployment share time).
 */
export function useTwoInstances(env: Record<string, string> = {}, firstOnly: Record<string, string> = {}, options: Pick<BuildOptions, 'clock' | 'notificationsClock'> = {}): TwoInstances {
  const pair = { urls: { first: '', second: '' } } as TwoInstances;
  let secondDb: Db | undefined;

  beforeAll(async () => {
    pair.database = await createTestDatabase();
    const target = pair.database.target;
    if (target.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
    const shared = {
      JWT_SECRET: crypto.randomUUID() + crypto.randomUUID(),
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: testRedisPrefix(),
      ...env,
    };
    const config = testConfig(pair.database, shared);
    secondDb = createDatabase(target);
    // One TOTP clock for both, as the instances of a deployment share time (test/second-factor.ts).
    const both = { ...options, secondFactorClock: testSecondFactorClock };
    pair.first = await buildApp(testConfig(pair.database, { ...shared, ...firstOnly }), { ...both, database: { db: pair.database.db, schema: target.schema }, logger: false });
    pair.second = await buildApp(config, { ...both, database: { db: secondDb, schema: target.schema }, logger: false });
    allowDirectEnrolment(pair.first, pair.database.db, config.jwtSecret);
    allowDirectEnrolment(pair.second, secondDb, config.jwtSecret);
    pair.urls.first = await pair.first.listen({ port: 0, host: '127.0.0.1' });
    pair.urls.second = await pair.second.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await pair.first?.close();
    await pair.second?.close();
    await secondDb?.destroy();
    await pair.database?.drop();
  });
  return pair;
}
