import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { processDatabase } from '../../test/process-database';
import { withClient } from '../../test/test-database';
import { createDatabase } from './database';
import { engineUnderTest } from '../../test/engine-under-test';

// PostgreSQL can end a connection the pool holds idle (a restart, an administrator's terminate, a
// database dropped with force). Without a listener on the pool, pg's 'error' would end the whole
// server; with one, the loss is a line in the log and the next query opens a new connection.

const engine = engineUnderTest();

describe.skipIf(engine !== 'postgres')('a database connection ended while idle', () => {
  it('is logged, and the next query runs on a new connection', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-idle-'));
    const { target, cleanup } = await processDatabase(dataDir, engine);
    const warnings: string[] = [];
    const db = createDatabase(target, { warn: (_details, message) => warnings.push(message) });
    try {
      const before = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      const pid = before.rows[0]!.pid;
      await withClient(process.env.TEST_DATABASE_URL ?? '', (client) => client.query('select pg_terminate_backend($1)', [pid]));
      await vi.waitFor(() => expect(warnings).toEqual(['an idle database connection was closed by the server']), { timeout: 10_000 });
      const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      expect(after.rows[0]!.pid).not.toBe(pid);
    } finally {
      await db.destroy();
      await cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
