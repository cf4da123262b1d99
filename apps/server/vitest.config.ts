import { defineConfig } from 'vitest/config';

// The same suite runs on a real SQLite file, and again on a real PostgreSQL when
// TEST_DATABASE_URL is set (CI sets it); every test file gets a database of its own.
const engines = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
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
