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

interface TableShape {
  name: string;
  /** The columns the fingerprint reads (IGNORED_COLUMNS left out). */
  columns: string[];
}

export class Fingerprinter {
  private tables: TableShape[] | undefined;
  /** The last digests and the change counters read just before them (see `sqliteDigests`, `postgresDigests`). */
  private last: { counters: string; digests: [string, string][] } | undefined;

  constructor(private readonly database: TestDatabase) {}

  private async tableShapes(): Promise<TableShape[]> {
    if (!this.tables) {
      const schema = this.database.target.kind === 'postgres' ? this.database.target.schema : undefined;
      const all = await this.database.db.introspection.getTables();
      this.tables = all
        .filter((table) => !table.isView && (schema === undefined || table.schema === schema))
        .map((table) => ({ name: table.name, columns: table.columns.map((column) => column.name).filter((column) => !(IGNORED_COLUMNS[table.name] ?? []).includes(column)) }));
      if (this.tables.length === 0) throw new Error('the fingerprint found no tables');
    }
    return this.tables;
  }

  async take(): Promise<Fingerprint> {
    const print: Fingerprint = new Map();
    const tables = await this.tableShapes();
    const digests = this.database.target.kind === 'postgres' ? await this.postgresDigests(tables) : await this.sqliteDigests(tables);
    for (const [table, digest] of digests) print.set(`table ${table}`, digest);
    for (const [file, size] of filesUnder(this.database.dataDir)) print.set(`file ${file}`, `${size} bytes`);
    return print;
  }

  /**
   * The rows' digests, read again only when a row may have changed. The app and this fingerprint
   * share one SQLite connection: its `total_changes()` counts every row inserted, updated or
   * deleted through it (triggers included, rolled back or not), and `data_version` moves when
   * another connection commits. Both unchanged, no row can differ, and the digests of the last
   * read stand; the security suites take thousands of fingerprints, most after a refusal that
   * wrote nothing, and reading every table each time was most of their minutes.
   */
  private async sqliteDigests(tables: TableShape[]): Promise<[string, string][]> {
    const { rows } = await sql<{ changes: number; version: number }>`select total_changes() as changes, (select data_version from pragma_data_version) as version`.execute(this.database.db);
    return this.unlessUnchanged(`${rows[0]?.changes}:${rows[0]?.version}`, () => this.rowDigests(tables));
  }

  /**
   * The digests read again only when the counters read just before moved. Counters read before
   * a change and digests read after it are kept together at worst, and the next counters differ
   * from those, so a stale digest is never reused.
   */
  private async unlessUnchanged(counters: string, read: () => Promise<[string, string][]>): Promise<[string, string][]> {
    if (this.last?.counters === counters) return this.last.digests;
    const digests = await read();
    this.last = { counters, digests };
    return digests;
  }

  /** Every row read here and hashed: SQLite is in this process, so a query costs no round trip. */
  private async rowDigests(tables: TableShape[]): Promise<[string, string][]> {
    const digests: [string, string][] = [];
    for (const table of tables) {
      const { rows } = await sql<Record<string, unknown>>`select ${sql.join(table.columns.map((column) => sql.ref(column)))} from ${sql.table(table.name)}`.execute(this.database.db);
      const lines = rows.map((row) => JSON.stringify(table.columns.map((column) => row[column]))).sort();
      digests.push([table.name, `${rows.length} rows, ${createHash('sha256').update(lines.join('\n')).digest('hex')}`]);
    }
    return digests;
  }

  /**
   * PostgreSQL's digests, read again only when a row may have changed: each table's row count,
   * and the sum and the sum of squares of its rows' `xmin` (the transaction that wrote each row
   * version). A transaction's inserts and updates leave row versions carrying its own id X; for
   * the count, the sum and the sum of squares all to stand, every row version it deleted or
   * replaced must have carried X too (m values whose sum is mX and sum of squares mX² are all X),
   * that is, been written by the same transaction, so not have existed before it. Cheaper than
   * the digests: no row made text, sorted or hashed.
   */
  private async postgresDigests(tables: TableShape[]): Promise<[string, string][]> {
    const parts = tables.map(
      (table) =>
        sql`select ${table.name}::text as name, concat_ws(':', count(*), sum(xmin::text::numeric), sum((xmin::text::numeric) ^ 2)) as counter from ${sql.table(table.name)}`,
    );
    const { rows } = await sql<{ name: string; counter: string }>`${sql.join(parts, sql` union all `)}`.execute(this.database.db);
    return this.unlessUnchanged(rows.map((row) => `${row.name}=${row.counter}`).join(' '), () => this.postgresRowDigests(tables));
  }

  /**
   * Every table counted and hashed by PostgreSQL itself, in one statement: a query per table, each
   * a round trip, made the security suites' thousands of fingerprints minutes long there.
   */
  private async postgresRowDigests(tables: TableShape[]): Promise<[string, string][]> {
    const parts = tables.map(
      (table) =>
        sql`select ${table.name}::text as name, count(*)::int as rows, coalesce(md5(string_agg(line, E'\n' order by line)), '') as digest
          from (select row(${sql.join(table.columns.map((column) => sql.ref(column)))})::text as line from ${sql.table(table.name)}) as lines`,
    );
    const { rows } = await sql<{ name: string; rows: number; digest: string }>`${sql.join(parts, sql` union all `)}`.execute(this.database.db);
    return rows.map((row) => [row.name, `${row.rows} rows, ${row.digest}`]);
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
