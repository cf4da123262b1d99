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
  const projectUrl = inject('postgresUrl');
  if (!projectUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL (its project makes a database there)');
  const url = await workerDatabase(projectUrl);
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

let ownDatabase: Promise<string> | undefined;

/**
 * The database this worker's files make their schemas in: the project's database name with the
 * worker's number (postgres-database.ts drops them all at the end). Workers run files side by side,
 * and Kysely's migrator reads the tables of every schema in its database: one database shared by
 * workers showed a file's migration a schema another worker was dropping ("schema ... does not
 * exist"). Within a worker, files run one at a time.
 */
function workerDatabase(projectUrl: string): Promise<string> {
  ownDatabase ??= (async () => {
    const url = new URL(projectUrl);
    const name = `${url.pathname.slice(1)}${WORKER_DATABASE_SUFFIX}${process.env.VITEST_POOL_ID ?? '0'}`;
    await withClient(projectUrl, async (client) => {
      try {
        await client.query(`create database ${name}`);
      } catch (error) {
        // Made already by this worker (a file of an earlier module graph): that is the one to use.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    });
    url.pathname = `/${name}`;
    return url.toString();
  })();
  return ownDatabase;
}

/** What joins the project's database name and a worker's number in the name of that worker's database. */
export const WORKER_DATABASE_SUFFIX = '_w';

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
