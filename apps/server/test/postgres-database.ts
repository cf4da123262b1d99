import { randomUUID } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { WORKER_DATABASE_SUFFIX, withClient } from './test-database';

// The PostgreSQL project's global setup: a database of its own on TEST_DATABASE_URL's server, and
// beside it one per worker, in which that worker's files make their schemas (test/test-database.ts),
// all dropped at the end. Workers (and processes) run files side by side, creating and dropping
// schemas at the same time; in one shared database, Kysely's migrator (which reads the tables of
// every schema) met a schema another was dropping and failed with "relation t_....kysely_migration
// does not exist". A database per worker sees only its own schemas.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The database the PostgreSQL project's files make their schemas in. */
    postgresUrl?: string;
  }
}

export default async function ownPostgresDatabase(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const admin = process.env.TEST_DATABASE_URL;
  if (project.name !== 'postgres' || !admin) return undefined;
  const name = `suite_${randomUUID().replace(/-/g, '')}`;
  await withClient(admin, (client) => client.query(`create database ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  project.provide('postgresUrl', url.toString());
  return () =>
    withClient(admin, async (client) => {
      const workers = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${name}${WORKER_DATABASE_SUFFIX}%`]);
      for (const { datname } of workers.rows) await client.query(`drop database ${datname} with (force)`);
      await client.query(`drop database ${name} with (force)`);
    });
}
