import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRegistration } from '../../test/factories';
import { processDatabase } from '../../test/process-database';
import { startServerProcess } from '../../test/server-process';
import { createDatabase } from './database';
import { engineUnderTest } from '../../test/engine-under-test';

// The crash test: a burst of registrations against a real server process, killed with
// SIGKILL in the middle. After a restart, every registration the server acknowledged is there,
// and the regNo sequence carries on without a repeat.

const engine = engineUnderTest();
const CONCURRENCY = 6;
const ACKNOWLEDGED_BEFORE_KILL = 24;

describe(`acknowledged writes survive SIGKILL (${engine})`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-crash-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every acknowledged registration across a kill and a restart', { timeout: 240_000 }, async () => {
    const { env, target, cleanup } = await processDatabase(dataDir, engine);
    try {
      const first = await startServerProcess({ DATA_DIR: dataDir, ...env });
      const acknowledged: { email: string; regNo: string }[] = [];
      let killed = false;
      const worker = async () => {
        while (!killed) {
          const body = buildRegistration();
          const response = await fetch(`${first.url}/api/students/student/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }).catch(() => null);
          if (response?.status === 200) {
            const answer = (await response.json()) as { data: { regNo: string } };
            acknowledged.push({ email: body.email.toLowerCase(), regNo: answer.data.regNo });
            // Killed with requests still in flight on the other workers.
            if (acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL && !killed) {
              killed = true;
              first.child.kill('SIGKILL');
            }
          } else if (!killed) {
            throw new Error(`registration failed before the kill: ${response?.status}`);
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      await first.exited;

      const second = await startServerProcess({ DATA_DIR: dataDir, ...env });
      const db = createDatabase(target);
      try {
        const rows = await db.selectFrom('accounts').select(['email_key', 'reg_no']).execute();
        const stored = new Map(rows.map((row) => [row.email_key, row.reg_no]));
        for (const write of acknowledged) expect(stored.get(write.email), write.email).toBe(write.regNo);
        const after = await fetch(`${second.url}/api/students/student/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(buildRegistration()),
        });
        expect(after.status).toBe(200);
        const { data } = (await after.json()) as { data: { regNo: string } };
        expect(rows.map((row) => row.reg_no)).not.toContain(data.regNo);
      } finally {
        await db.destroy();
        second.child.kill('SIGTERM');
        await second.exited;
      }
    } finally {
      await cleanup();
    }
  });
});
