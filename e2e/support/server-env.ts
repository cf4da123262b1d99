import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// One real server for the whole run, on a temporary data folder. The config file imports this
// once and passes the values to the server through its environment; specs read them back from
// process.env, which Playwright's workers inherit.

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18765);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const ADMIN = { email: 'tutor@academy.test', password: 'tutor-password-1' };

export function e2eDataDir(): string {
  process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'academy-e2e-'));
  return process.env.E2E_DATA_DIR;
}
