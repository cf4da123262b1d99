import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '../../src/db/database';
import { JobQueue } from '../../src/jobs/queue';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { changes, Fingerprinter } from './fingerprint';

// The security suites' "stores nothing" rests on the fingerprint: it must see any row added,
// changed or removed, in any table, and any new file, on each engine (PostgreSQL hashes the rows
// itself, SQLite's are hashed here), and nothing else.

describe('the fingerprint of what a request may change', () => {
  let database: TestDatabase;
  let prints: Fingerprinter;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db, database.target.kind === 'postgres' ? database.target.schema : undefined);
    prints = new Fingerprinter(database);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('sees a row added, changed and removed, and a new file, and is the same when nothing changed', async () => {
    const queue = new JobQueue(database.db);
    const empty = await prints.take();
    expect([...empty.keys()].filter((key) => key.startsWith('table ')).length).toBeGreaterThan(10);
    expect(changes(empty, await prints.take())).toEqual([]);

    await queue.enqueue('fingerprint', 'one', { n: 1 });
    const added = await prints.take();
    expect(changes(empty, added)).toEqual(['table jobs']);

    await database.db.updateTable('jobs').set({ payload: JSON.stringify({ n: 2 }) }).where('job_key', '=', 'one').execute();
    const changed = await prints.take();
    expect(changes(added, changed)).toEqual(['table jobs']);
    // Allowed tables are left out of the comparison.
    expect(changes(added, changed, ['jobs'])).toEqual([]);

    await queue.remove('fingerprint', 'one');
    expect(changes(empty, await prints.take())).toEqual([]);

    // A statement that changes a row to what it was is counted, but the rows are the same.
    await database.db.updateTable('jobs').set({ kind: 'fingerprint' }).where('job_key', '=', 'nothing').execute();
    expect(changes(empty, await prints.take())).toEqual([]);

    writeFileSync(path.join(database.dataDir, 'left-behind.txt'), 'x');
    expect(changes(empty, await prints.take())).toEqual(['file left-behind.txt']);
  });

  it('sees a row that another connection wrote (on SQLite the digests are reused only while no connection changed a row)', async () => {
    const before = await prints.take();
    expect(changes(before, await prints.take())).toEqual([]);
    const other = createDatabase(database.target);
    try {
      await other.insertInto('jobs').values({ id: randomUUID(), kind: 'fingerprint', job_key: 'other', payload: '{}', state: 'queued', run_after: '2026-01-01T00:00:00.000Z', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' }).execute();
    } finally {
      await other.destroy();
    }
    expect(changes(before, await prints.take())).toEqual(['table jobs']);
  });
});
