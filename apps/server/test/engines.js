// The database engines the server suite runs on: a real SQLite file always, and a real
// PostgreSQL as well when TEST_DATABASE_URL is set (CI sets it). Plain JavaScript, so that both
// vitest.config.ts and `npm test`'s scripts/test-suites.mjs (plain Node) read the one rule.

/** @param {NodeJS.ProcessEnv} env */
export function testEngines(env) {
  return env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/**
 * The project of the test files that open no database (media, pure rules, plugins): they would
 * prove the same thing on every engine, so they run once, in a project of their own, beside the
 * engines' projects. Its TEST_ENGINE is this name, on which createTestDatabase, processDatabase
 * and startServerProcess (test/engine-under-test.ts) refuse to start: a file listed here that
 * opens a database fails, so nothing that depends on the SQL dialect is run on one engine only.
 */
export const NO_DATABASE = 'no-database';

/** The files of the no-database project (globs relative to apps/server). */
export const NO_DATABASE_TESTS = [
  'src/media/**/*.test.ts',
  'src/lib/**/*.test.ts',
  'src/config.test.ts',
  'src/events/event-bus.test.ts',
  'src/mail/mailer.test.ts',
  'src/notify/push/**/*.test.ts',
  'src/notify/sms/phone.test.ts',
  'src/notify/sms/providers.test.ts',
  'src/notify/email/**/*.test.ts',
  'src/notify/quiet-hours.test.ts',
  'test/fake-payhere.test.ts',
  'test/fake-push-service.test.ts',
  'test/fake-sms-provider.test.ts',
  'src/storage/disk-store.test.ts',
  'src/plugins/answer-serializer.test.ts',
  'src/plugins/budget-counts.test.ts',
  'src/plugins/request-log.test.ts',
  'src/plugins/verified-tokens.test.ts',
  'src/features/audit-log/detail.test.ts',
  'src/features/audit-log/terms.test.ts',
  'src/features/class-material/range.test.ts',
  'src/features/fees/money.test.ts',
  'src/features/fees/payhere.test.ts',
  'src/features/fees/rules.test.ts',
  'src/features/forensics/codeword.test.ts',
  'src/features/messages/feed-pages.test.ts',
  'src/features/papers/marking.test.ts',
  'src/features/papers/merit-list.test.ts',
  'src/features/papers/ranking.test.ts',
  'src/features/papers/regrade.test.ts',
  'src/features/papers/rules.test.ts',
  'src/features/papers/shuffle.test.ts',
  'src/features/papers/statistics.test.ts',
  'src/features/sessions/caller-cache.test.ts',
  'src/features/sessions/device.test.ts',
  'src/features/sign-in-guard/known-device.test.ts',
  'src/features/sign-in-guard/rules.test.ts',
];

/**
 * The vitest projects `npm test` runs, a process each: every engine, then the no-database files.
 * @param {NodeJS.ProcessEnv} env
 */
export function serverTestProjects(env) {
  return [...testEngines(env), NO_DATABASE];
}
