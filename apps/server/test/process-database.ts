import path from 'node:path';
import type { DatabaseTarget } from '../src/db/database';
import { engineUnderTest } from './engine-under-test';
import { withClient } from './test-database';

export interface ProcessDatabase {
  /** What the server process needs in its environment (DATABASE_URL on PostgreSQL). */
  env: Record<string, string>;
  target: DatabaseTarget;
  cleanup: () => Promise<void>;
}

/**
 * A database for a real server process (test/server-process.ts) on the engine under test: the
 * SQLite file in its data folder, or a PostgreSQL database of its own whose default schema the
 * process uses, as in production.
 */
export async function processDatabase(dataDir: string, engine = engineUnderTest()): Promise<ProcessDatabase> {
  if (engine === 'sqlite') {
    return { env: {}, target: { kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite') }, cleanup: async () => {} };
  }
  const admin = process.env.TEST_DATABASE_URL ?? '';
  const name = `proc_${crypto.randomUUID().replace(/-/g, '')}`;
  const run = (statement: string) => withClient(admin, (client) => client.query(statement)).then(() => undefined);
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    target: { kind: 'postgres', url: url.toString() },
    cleanup: () => run(`drop database ${name} with (force)`),
  };
}
