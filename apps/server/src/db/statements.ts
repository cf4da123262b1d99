// What the repos share about the statements they send: which engine runs them, and how many rows one
// statement carries.
import { PostgresAdapter } from 'kysely';
import type { Db } from './database';

/**
 * Rows one multi-row statement carries by default: well under SQLite's cap on a statement's
 * parameters and PostgreSQL's on bound values, even for a wide table.
 */
export const ROWS_PER_STATEMENT = 200;

/** True on PostgreSQL: row locks (FOR UPDATE, FOR SHARE) are asked for there; SQLite's writer holds the whole database. */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The rows cut into runs of `size`, one statement each. */
export function slices<T>(rows: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < rows.length; start += size) parts.push(rows.slice(start, start + size));
  return parts;
}
