import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LIFTED_BUDGETS } from '../../apps/server/test/lifted-budgets';
import { pushEnv } from './fake-push';
import { payhereEnv } from './payhere-stand-in';

// One real server for the whole run, on a temporary data folder. The config file imports this
// once and passes the values to the server through its environment; specs read them back from
// process.env, which Playwright's workers inherit. A spec that needs a portal nobody else has
// touched starts one more with the same settings (fresh-portal.ts).

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18765);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const ADMIN = { email: 'tutor@academy.test', password: 'tutor-password-1' };
/** How long `npm start` may take to answer /api/health (the suite builds first: it takes about a second). */
export const START_TIMEOUT_MS = 60_000;

export function e2eDataDir(): string {
  process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'academy-e2e-'));
  return process.env.E2E_DATA_DIR;
}

/** The settings `npm start` runs a portal of the suite with, on `port` with its data in `dataDir`. */
export function portalEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    // The suite signs in and registers from one address far faster than a person would.
    ...LIFTED_BUDGETS,
    // A paper's screen left open past its time is handed in by the server 5 s after its deadline,
    // not a minute: the papers spec waits on it (docs/papers.md, 'What happens at the deadline').
    PAPER_GRACE_SECONDS: '5',
    // Pushes go to the run's local push service, and e-mails link back to this portal (fake-push.ts).
    ...pushEnv(`http://127.0.0.1:${port}`),
    // Online payment goes to the run's local PayHere (payhere-stand-in.ts), which calls this portal
    // back at its own address (PUBLIC_URL, allowed over http in sandbox mode).
    ...payhereEnv(`http://127.0.0.1:${port}`),
    // Quiet hours (22:00-06:00 Sri Lanka time) would hold every push of a run made in the evening
    // in Europe; the server's tests prove them against a clock they move.
    NOTIFY_QUIET_HOURS: 'off',
    // Lets a developer test a web build kept outside apps/web/dist.
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
  };
}
