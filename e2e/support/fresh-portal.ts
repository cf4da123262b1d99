import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { freePort, root, stopServer } from '../../bench/support/server';
import { portalEnv, START_TIMEOUT_MS } from './server-env';

// The suite's specs share one portal (playwright.config.ts), where every spec's students, classes
// and messages stay. What only a portal nobody has used yet shows (an empty feed, "0 sent"), or a
// spec that stops its server, gets a portal of its own: `npm start` at the repository root, as the
// config's webServer runs it, with the same settings (server-env.ts) on a free port and a
// temporary data folder, ready once /api/health answers, and stopped (the whole npm start group)
// with its folder removed after the test.

/**
 * Settings a developer's shell may hold that would point the fresh portal at state it does not
 * own: another portal's database, live events or files. Without them it keeps everything in its
 * data folder (SQLite), also when the main portal runs on PostgreSQL (E2E_DATABASE_URL).
 */
const SHARED_STATE = ['DATABASE_URL', 'REDIS_URL', 'FILES_DIR', 'FILE_STORE'];

export interface FreshPortal {
  baseURL: string;
  dataDir: string;
  /** API calls to this portal. */
  request: APIRequestContext;
  /** A page in a browser context of its own (the project's settings, and `options`) whose addresses are this portal's. */
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
  /** Stops the portal now (the test goes on without it); it is stopped after the test anyway. */
  stop: () => Promise<void>;
}

export const test = base.extend<{ freshPortal: FreshPortal }>({
  freshPortal: async ({ browser, playwright }, use) => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-e2e-fresh-'));
    const env: NodeJS.ProcessEnv = { ...process.env, ...portalEnv(port, dataDir) };
    for (const name of SHARED_STATE) delete env[name];
    // A process group of its own, so stopServer ends npm, the start script and the server together.
    const child = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    const baseURL = `http://127.0.0.1:${port}`;
    const contexts: BrowserContext[] = [];
    let request: APIRequestContext | undefined;
    try {
      await expect
        .poll(
          async () => {
            if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the fresh portal's npm start ended (${child.exitCode ?? child.signalCode}): ${errors}`);
            return fetch(`${baseURL}/api/health`).then((answer) => answer.ok, () => false);
          },
          { timeout: START_TIMEOUT_MS, message: `the fresh portal answers ${baseURL}/api/health` },
        )
        .toBe(true);
      request = await playwright.request.newContext({ baseURL });
      await use({
        baseURL,
        dataDir,
        request,
        newPage: async (options = {}) => {
          const context = await browser.newContext({ ...options, baseURL });
          contexts.push(context);
          return context.newPage();
        },
        stop: () => stopServer(child),
      });
    } finally {
      for (const context of contexts) await context.close();
      await request?.dispose();
      await stopServer(child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
});
