import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import type { Config } from '../config';
import { migrations } from './migrations/index';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export type DatabaseTarget = Config['database'] & { schema?: string };

/** Where a connection lost while idle is reported (the server's logger). */
export interface DatabaseLog {
  warn(details: object, message: string): void;
}

/** One Kysely instance for the chosen engine; the rest of the server never asks which. */
export function createDatabase(target: DatabaseTarget, log?: DatabaseLog): Db {
  if (target.kind === 'sqlite') {
    const file = new SQLite(target.file);
    // WAL lets readers run beside the writer; FULL makes an acknowledged write survive a crash.
    file.pragma('journal_mode = WAL');
    file.pragma('synchronous = FULL');
    file.pragma('busy_timeout = 5000');
    file.pragma('foreign_keys = ON');
    return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
  }
  // The driver is loaded when the first connection is wanted, so a start on SQLite never loads it.
  const pool = async () => {
    const { default: pg } = await import('pg');
    const created = new pg.Pool({
      connectionString: target.url,
      max: 10,
      // Tests give each run a schema of its own, thrown away afterwards, so its commits need not wait
      // for the disk; production uses the default search path and PostgreSQL's durable commits.
      ...(target.schema ? { options: `-c search_path=${target.schema} -c synchronous_commit=off` } : {}),
    });
    // An idle connection can be ended from PostgreSQL's side (a restart, an administrator's
    // terminate, a database dropped with force): pg reports it on the pool, and an 'error' that
    // no one listens to ends the process. The pool has already let that connection go and the
    // next query opens another, so it is only worth a line in the log.
    created.on('error', (error) => log?.warn({ err: error }, 'an idle database connection was closed by the server'));
    return created;
  };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Preparing a statement (parsing and planning its SQL) costs more than running a small query, and
 * Kysely prepares on every call; the account check of every request felt it (the feed benchmark).
 * The same SQL text reuses its statement, unless that one is still busy (a streamed query).
 */
function withStatementCache(file: SQLite.Database, size = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(text) {
      const cached = statements.get(text);
      if (cached && !cached.busy) return cached;
      const statement = file.prepare(text);
      if (!cached) {
        // Oldest first out: lists of varying length (`in (?, ?)`) must not grow the map for ever.
        if (statements.size >= size) statements.delete(statements.keys().next().value as string);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/** `schema` names where the migration bookkeeping lives when it is not the default one. */
export async function migrateToLatest(db: Db, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** True when a write broke a unique index: the caller turns it into a 409, never a 500. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** True when a write referred to a row that is gone (e.g. deleted meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === '23503' || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
