import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { AuditLogTable, Database } from '../../db/schema';

export type EntryRow = Selectable<AuditLogTable>;

/** The admin as the accounts table names them now: what an entry copies in when they act. */
export function findActor(db: Db, id: string): Promise<{ name: string; email: string } | undefined> {
  return db.selectFrom('accounts').select(['name', 'email']).where('id', '=', id).executeTakeFirst();
}

/** Every admin account, for the screen's admin filter. */
export function listAdmins(db: Db): Promise<{ id: string; name: string; email: string }[]> {
  return db.selectFrom('accounts').select(['id', 'name', 'email']).where('account_type', '=', 'admin').orderBy('name').orderBy('id').execute();
}

export async function insertEntry(db: Db, row: EntryRow, terms: string[]): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
  if (terms.length > 0) {
    await db
      .insertInto('audit_log_terms')
      .values(terms.map((term) => ({ term, entry_id: row.id })))
      .execute();
  }
}

export interface EntryFilter {
  action?: string | undefined;
  actorId?: string | undefined;
  targetId?: string | undefined;
  /** Inclusive lower bound of `at`. */
  fromAt?: string | undefined;
  /** Exclusive upper bound of `at`. */
  beforeAt?: string | undefined;
  /** Each range must hold one of the entry's terms. */
  termRanges: [string, string][];
}

function conditions(eb: ExpressionBuilder<Database, 'audit_log'>, filter: EntryFilter): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (filter.action) parts.push(eb('audit_log.action', '=', filter.action));
  if (filter.actorId) parts.push(eb('audit_log.actor_id', '=', filter.actorId));
  if (filter.targetId) parts.push(eb('audit_log.target_id', '=', filter.targetId));
  if (filter.fromAt) parts.push(eb('audit_log.at', '>=', filter.fromAt));
  if (filter.beforeAt) parts.push(eb('audit_log.at', '<', filter.beforeAt));
  for (const [low, high] of filter.termRanges) {
    const matching = eb.selectFrom('audit_log_terms').select('audit_log_terms.entry_id').where('term', '>=', low).where('term', '<', high);
    parts.push(eb('audit_log.id', 'in', matching));
  }
  return eb.and(parts);
}

/** A page of entries, newest first, and how many match in all. */
export async function listEntries(
  db: Db,
  filter: EntryFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: EntryRow[]; total: number }> {
  // The page's ids first, from an index alone; only those rows are then read in full, so a deep
  // page does not fetch every entry it skips.
  const pageIds = db
    .selectFrom('audit_log')
    .select('audit_log.id')
    .where((eb) => conditions(eb, filter))
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('audit_log')
      .innerJoin(pageIds.as('page'), 'page.id', 'audit_log.id')
      .selectAll('audit_log')
      .orderBy('audit_log.at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .execute(),
    db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where((eb) => conditions(eb, filter))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
