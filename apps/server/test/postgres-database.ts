import { randomUUID } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { withClient } from './test-database';

// The PostgreSQL project's global setup: a database of its own on TEST_DATABASE_URL's server, in
// which each test file makes its schema (test/test-database.ts), dropped at the end. `npm test`
// runs the project in shards, processes side by side, whose files create and drop schemas at
// the same time; in one shared database, Kysely's migrator (which reads the tables of every
// schema) met a schema the other shard was dropping and failed with "relation
// t_....kysely_migration does not exist". A database per process sees only its own schemas.

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
  return () => withClient(admin, (client) => client.query(`drop database ${name} with (force)`)).then(() => undefined);
}
