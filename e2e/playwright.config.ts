import { defineConfig } from '@playwright/test';
import { startPushServiceOnce } from './support/fake-push';
import { payhereStandInServer } from './support/payhere-stand-in';
import { BASE_URL, E2E_PORT, e2eDataDir, portalEnv, START_TIMEOUT_MS } from './support/server-env';
import { CONTENT_SPECS } from './support/browser-halves.js';
import { systemChromium } from './support/system-chromium.js';

// Debian's Chromium, preferably its headless build (support/system-chromium.js says why), or
// CHROMIUM_PATH. On a machine with neither, scripts/ensure-chromium.mjs (run by `npm test`) has
// installed Playwright's own, which an unset executablePath selects.
const CHROMIUM_PATH = systemChromium(process.env);

// The local push service every portal of the run sends to (support/fake-push.ts): it must be up
// before the webServer below starts, which Playwright does before any global setup.
await startPushServiceOnce();

const DESKTOP_CHROMIUM = { browserName: 'chromium' as const, viewport: { width: 1366, height: 768 } };

// The real built web app and the real server, in the system's Chromium (Playwright's own only where there is none).
// One worker: the suite shares one server, and the machine has two cores.
export default defineConfig({
  testDir: './tests',
  // Each of `npm test`'s two browser processes writes its results to a folder of its own.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    // A trace records every step of every test, which costs minutes over the suite; `npm test`
    // turns it off (E2E_TRACE=off) and keeps the failure screenshot. A developer's run keeps it.
    trace: process.env.E2E_TRACE === 'off' ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The service worker fetches and stores the whole app shell in every new context, and answers
    // every request in between; installable-app.spec.ts, which is about it, lets it in, and so does
    // the papers spec's reload without the line, which the worker answers. The other
    // specs test the portal as the network serves it, without a second of work per context.
    serviceWorkers: 'block',
    // The reader asks for less motion, which the app honours (theme.ts): no slide, fade or ripple
    // to draw frame by frame on the CPU after each of the suite's thousands of clicks, and a dialog
    // is in its final state as soon as it shows. banners.spec.ts, whose carousel must turn, asks
    // for motion.
    reducedMotion: 'reduce',
    launchOptions: {
      ...(CHROMIUM_PATH ? { executablePath: CHROMIUM_PATH } : {}),
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // Two halves that `npm test` runs at once, each in its own process with its own server (E2E_PORT)
  // and data folder (scripts/test-suites.mjs); support/browser-halves.js says how they are cut.
  // A plain `npx playwright test` runs both, one after the other, on one server.
  projects: [
    { name: 'content', testMatch: CONTENT_SPECS, use: DESKTOP_CHROMIUM },
    { name: 'accounts', testIgnore: CONTENT_SPECS, use: DESKTOP_CHROMIUM },
  ],
  // First the run's local PayHere (support/payhere-stand-in.ts), which the portal's checkout form
  // posts to; then the server as users run it: `npm start`, the built JavaScript under plain node
  // (the test command builds first, so nothing is stale here and it starts in about a second).
  webServer: [
    payhereStandInServer,
    {
      command: 'npm start',
      cwd: '..',
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: START_TIMEOUT_MS,
      stdout: 'ignore',
      stderr: 'pipe',
      // The settings every portal of the suite gets (support/server-env.ts), and the database a
      // developer may point this one at.
      env: {
        ...portalEnv(E2E_PORT, e2eDataDir()),
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      },
    },
  ],
});
