// The database engines the server suite runs on: a real SQLite file always, and a real
// PostgreSQL as well when TEST_DATABASE_URL is set (CI sets it). Plain JavaScript, so that both
// vitest.config.ts and `npm test`'s scripts/test-suites.mjs (plain Node) read the one rule.

/** @param {NodeJS.ProcessEnv} env */
export function testEngines(env) {
  return env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}
