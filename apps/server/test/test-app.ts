import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { HostLookup } from '../src/notify/push/endpoint-rule';
import { LIFTED_BUDGETS } from './lifted-budgets';
import { allowDirectEnrolment, testSecondFactorClock } from './second-factor';
import { createTestDatabase, type TestDatabase } from './test-database';

export const TEST_ADMIN = { email: 'tutor@academy.test', password: 'tutor-password-1' };

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
}

/** The configuration tests run with: quiet, the test admin, no web build, lifted budgets; `env` adds or overrides. */
export function testConfig(database: TestDatabase, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    WEB_DIST: `${database.dataDir}/no-web-build`,
    ...LIFTED_BUDGETS,
    // No transcodes unless a test asks: an upload's processing would race the test's own reads
    // (a ready lesson's MP4 is refused to students) and spend the CPU other files run on.
    TRANSCODE_CONCURRENCY: '0',
    // No privacy sweep in the background: it would prune rows a test planted with old dates. The
    // privacy tests run the sweep themselves, at the time they choose.
    PRIVACY_JOB_CONCURRENCY: '0',
    ...env,
  });
}

/** What a test file may hand the app besides settings: the papers' clock, to move time instead of waiting; the push endpoint rule's DNS. */
export interface TestAppOptions {
  clock?: () => number;
  lookup?: HostLookup;
  /** The notifications' clock: quiet hours, expiry and retries, moved by the test. */
  notificationsClock?: () => number;
  /** The class fees' clock: due dates, grace ends and the class year, moved by the test. */
  feesClock?: () => number;
  /** The security alerts' and approvals' clock: windows, expiry and cooling-off, moved by the test. */
  securityClock?: () => number;
}

/** Builds the real app on a database of its own, with an admin, for one test file. */
export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(database, env);
  const schema = database.target.kind === 'postgres' ? database.target.schema : undefined;
  const app = await buildApp(config, { database: { db: database.db, schema }, logger: false, clock: options.clock, lookup: options.lookup, notificationsClock: options.notificationsClock, feesClock: options.feesClock, securityClock: options.securityClock, secondFactorClock: testSecondFactorClock });
  allowDirectEnrolment(app, database.db, config.jwtSecret);
  return { app, config, database };
}

/** beforeAll/afterAll wiring: `const t = useTestApp();` then `t.app` inside tests. */
export function useTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await startTestApp(env, options));
  });
  afterAll(async () => {
    await holder.app?.close();
    await holder.database?.drop();
  });
  return holder;
}
