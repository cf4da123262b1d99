import { defineConfig } from 'vitest/config';

// The web app's unit tests: plain functions and data (the dictionaries), and the build's own helpers, in Node. Screens are tested
// in the real browser by the Playwright suite (e2e/).
export default defineConfig({
  test: { include: ['src/**/*.test.ts', 'build/**/*.test.ts', 'service-worker/**/*.test.ts'], environment: 'node' },
});
