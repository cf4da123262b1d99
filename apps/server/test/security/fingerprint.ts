import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestDatabase } from '../test-database';

// What a refused request must leave exactly as it was: every row of every table (a count and a
// checksum each) and every file in the data folder (name and size). Compared before and after.

export type Fingerprint = Map<string, string>;

/**
 * Columns that change on a request that is allowed in but then refused: the session's last-seen
 * time is a hint refreshed by any signed-in request (at most every few minutes), not a change the
 * refused call made.
 */
const IGNORED_COLUMNS: Record<string, string[]> = { sessions: ['last_seen_at'] };

/** The database's own files change size as it works; their content is what the tables show. */
const isDatabaseFile = (name: string) => /\.sqlite(-wal|-shm|-journal)?$/.test(name);

export class Fingerprinter {
  private tables: string[] | undefined;

  constructor(private readonly database: TestDatabase) {}

  private async tableNames(): Promise<string[]> {
    if (!this.tables) {
      const schema = this.database.target.kind === 'postgres' ? this.database.target.schema : undefined;
      const all = await this.database.db.introspection.getTables();
      this.tables = all.filter((table) => !table.isView && (schema === undefined || table.schema === schema)).map((table) => table.name);
      if (this.tables.length === 0) throw new Error('the fingerprint found no tables');
    }
    return this.tables;
  }

  async take(): Promise<Fingerprint> {
    const print: Fingerprint = new Map();
    for (const table of await this.tableNames()) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(this.database.db);
      const ignored = IGNORED_COLUMNS[table] ?? [];
      const lines = rows.map((row) => JSON.stringify(Object.entries(row).filter(([column]) => !ignored.includes(column)))).sort();
      print.set(`table ${table}`, `${rows.length} rows, ${createHash('sha256').update(lines.join('\n')).digest('hex')}`);
    }
    for (const [file, size] of filesUnder(this.database.dataDir)) print.set(`file ${file}`, `${size} bytes`);
    return print;
  }
}

function filesUnder(root: string, folder = root): [string, number][] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry): [string, number][] => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(root, full);
    if (isDatabaseFile(entry.name)) return [];
    return [[path.relative(root, full), statSync(full).size]];
  });
}

/** What differs between two fingerprints ('table accounts', 'file banners/…'), minus what may change. */
export function changes(before: Fingerprint, after: Fingerprint, allowedTables: string[] = []): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((key) => before.get(key) !== after.get(key) && !allowedTables.some((table) => key === `table ${table}`));
}
