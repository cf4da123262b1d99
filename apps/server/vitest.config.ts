import { defineConfig } from 'vitest/config';
import { testEngines } from './test/engines.js';

// The same suite runs on each engine of testEngines (a project each); every test file gets a
// database of its own.
const engines = testEngines(process.env);

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // The files of a worker share its modules instead of importing the app's whole graph again
    // (Fastify, its plugins, sharp, the Drive client, every schema): 1.5 s of CPU per file, more
    // than half the suite's, and the suite runs beside the browser tests on two cores. Every file
    // builds its own app on its own database (test/test-app.ts) and keeps no state at module level
    // that another file reads, so sharing the modules changes no outcome.
    isolate: false,
    projects: engines.map((engine) => ({
      extends: true,
      test: {
        name: engine,
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        env: { TEST_ENGINE: engine },
      },
    })),
  },
});
