import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { engineUnderTest } from './engine-under-test';
import { createDatabase, type Db, type DatabaseTarget } from '../src/db/database';

export interface TestDatabase {
  target: DatabaseTarget;
  db: Db;
  dataDir: string;
  drop: () => Promise<void>;
}

/**
 * A real database that no other test file sees: a new SQLite file in a temporary folder, or a new
 * schema in the PostgreSQL project's own database (test/postgres-database.ts). Dropped again afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-test-'));
  const engine = engineUnderTest();
  if (engine === 'sqlite') {
    const target: DatabaseTarget = { kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite') };
    const db = createDatabase(target);
    return {
      target,
      db,
      dataDir,
      drop: async () => {
        await db.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const url = inject('postgresUrl');
  if (!url) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL (its project makes a database there)');
  const schema = `t_${crypto.randomUUID().replace(/-/g, '')}`;
  await withClient(url, (client) => client.query(`create schema ${schema}`));
  const target: DatabaseTarget = { kind: 'postgres', url, schema };
  const db = createDatabase(target);
  return {
    target,
    db,
    dataDir,
    drop: async () => {
      await db.destroy();
      await withClient(url, (client) => client.query(`drop schema ${schema} cascade`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One PostgreSQL connection for `use`, closed afterwards. */
export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
