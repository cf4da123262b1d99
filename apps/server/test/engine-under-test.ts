import { NO_DATABASE } from './engines.js';

/**
 * The engine this test file runs on (its vitest project's TEST_ENGINE). In the no-database
 * project it throws: a file listed in NO_DATABASE_TESTS that opens a database would otherwise
 * prove its SQL on SQLite alone.
 */
export function engineUnderTest(): 'sqlite' | 'postgres' {
  const engine = process.env.TEST_ENGINE ?? 'sqlite';
  if (engine === NO_DATABASE) {
    throw new Error('this test file opens a database: take it off NO_DATABASE_TESTS (test/engines.js) so that it runs on every engine');
  }
  if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`TEST_ENGINE=${engine} is not an engine`);
  return engine;
}
