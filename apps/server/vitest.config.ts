import { defineConfig } from 'vitest/config';
import { NO_DATABASE, NO_DATABASE_TESTS, testEngines } from './test/engines.js';

// The suite runs on each engine of testEngines (a project each; every test file gets a database of
// its own), and the files that open no database run once more in a project of their own
// (test/engines.js says why, and how that is kept honest).
const engines = testEngines(process.env);
const include = ['src/**/*.test.ts', 'test/**/*.test.ts'];

export default defineConfig({
  test: {
    // Hang guards, not speed limits: a test waits on state, and on a two-core machine running the
    // browser suite, both engines and more beside it, honest work (an audit search over thousands
    // of rows, a regrade property) has taken over 20 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The files of a worker share its modules instead of importing the app's whole graph again
    // (Fastify, its plugins, sharp, the Drive client, every schema): 1.5 s of CPU per file, more
    // than half the suite's, and the suite runs beside the browser tests on two cores. Every file
    // builds its own app on its own database (test/test-app.ts) and keeps no state at module level
    // that another file reads, so sharing the modules changes no outcome.
    isolate: false,
    // Retries would hide a flake; a failure must show (docs/testing.md).
    retry: 0,
    projects: [
      ...engines.map((engine) => ({
        extends: true as const,
        test: { name: engine, include, exclude: NO_DATABASE_TESTS, env: { TEST_ENGINE: engine }, globalSetup: ['test/server-bundle.ts', 'test/postgres-database.ts'] },
      })),
      { extends: true as const, test: { name: NO_DATABASE, include: NO_DATABASE_TESTS, env: { TEST_ENGINE: NO_DATABASE } } },
    ],
  },
});
