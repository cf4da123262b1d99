import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { AuditLogTable, Database } from '../../db/schema';

export type EntryRow = Selectable<AuditLogTable>;

// The accounts table belongs to the students feature; the log only reads who an admin is, as the
// sessions feature reads who a caller is.

/** The admin as the accounts table names them now: what an entry copies in when they act. */
export function findActor(db: Db, id: string): Promise<{ name: string; email: string } | undefined> {
  return db.selectFrom('accounts').select(['name', 'email']).where('id', '=', id).executeTakeFirst();
}

/** Every admin account, for the screen's admin filter. */
export function listAdmins(db: Db): Promise<{ id: string; name: string; email: string }[]> {
  return db.selectFrom('accounts').select(['id', 'name', 'email']).where('account_type', '=', 'admin').orderBy('name').orderBy('id').execute();
}

/** The entry, and its target's words (a word the target already had is kept once). */
export async function insertEntry(db: Db, row: EntryRow, terms: string[]): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
  if (terms.length > 0) {
    await db
      .insertInto('audit_log_terms')
      .values(terms.map((term) => ({ term, target_id: row.target_id })))
      .onConflict((oc) => oc.doNothing())
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
  /** Each range must hold one of the target's words. */
  termRanges: [string, string][];
}

/**
 * Up to this many targets found by the search are handed to the entries query as a list, which
 * both planners answer from the target index; beyond it (a word as broad as one letter) the query
 * takes the words as a subquery instead, slower but never a statement too long to send.
 */
const TARGET_LIST_LIMIT = 2000;

function targetsWithWords(db: Db, ranges: [string, string][]) {
  let query = db.selectFrom('audit_log_terms').select('audit_log_terms.target_id');
  for (const [i, [low, high]] of ranges.entries()) {
    query =
      i === 0
        ? query.where('term', '>=', low).where('term', '<', high)
        : query.where('audit_log_terms.target_id', 'in', (eb) =>
            eb.selectFrom('audit_log_terms as also').select('also.target_id').where('also.term', '>=', low).where('also.term', '<', high),
          );
  }
  return query;
}

type Targets = string[] | ReturnType<typeof targetsWithWords>;

/** The targets the search words find: a list when there are few enough of them, else the subquery. */
async function searchTargets(db: Db, ranges: [string, string][]): Promise<Targets> {
  const words = targetsWithWords(db, ranges);
  const rows = await words.distinct().limit(TARGET_LIST_LIMIT + 1).execute();
  return rows.length > TARGET_LIST_LIMIT ? words : rows.map((row) => row.target_id);
}

function conditions(eb: ExpressionBuilder<Database, 'audit_log'>, filter: EntryFilter, targets: Targets | null): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (filter.action) parts.push(eb('audit_log.action', '=', filter.action));
  if (filter.actorId) parts.push(eb('audit_log.actor_id', '=', filter.actorId));
  if (filter.targetId) parts.push(eb('audit_log.target_id', '=', filter.targetId));
  if (filter.fromAt) parts.push(eb('audit_log.at', '>=', filter.fromAt));
  if (filter.beforeAt) parts.push(eb('audit_log.at', '<', filter.beforeAt));
  if (targets) parts.push(eb('audit_log.target_id', 'in', targets));
  return eb.and(parts);
}

/**
 * Matches are counted up to this many past the page's first entry. An exact count of a broad
 * filter over a long log reads every match (a seq scan of the whole log on PostgreSQL) for a
 * number nobody pages through; 'more than' it is enough, and grows as the admin pages on.
 */
export const COUNT_AHEAD = 1000;

/** A page of entries, newest first, and how many match (exactly, or at least `total`). */
export async function listEntries(
  db: Db,
  filter: EntryFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: EntryRow[]; total: number; totalIsExact: boolean }> {
  const targets = filter.termRanges.length > 0 ? await searchTargets(db, filter.termRanges) : null;
  // `in ()` is not SQL, and nothing can match anyway.
  if (Array.isArray(targets) && targets.length === 0) return { rows: [], total: 0, totalIsExact: true };
  const offset = (page.page - 1) * page.pageSize;
  const countLimit = offset + COUNT_AHEAD + 1;
  // The page's ids first, from an index alone; only those rows are then read in full, so a deep
  // page does not fetch every entry it skips. `in` rather than a join: with a join SQLite may
  // walk the whole log and look each entry up in the page.
  const pageIds = db
    .selectFrom('audit_log')
    .select('audit_log.id')
    .where((eb) => conditions(eb, filter, targets))
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(page.pageSize)
    .offset(offset);
  const matching = db
    .selectFrom('audit_log')
    .select('audit_log.id')
    .where((eb) => conditions(eb, filter, targets))
    .limit(countLimit);
  const [rows, count] = await Promise.all([
    db.selectFrom('audit_log').selectAll().where('id', 'in', pageIds).orderBy('at', 'desc').orderBy('id', 'desc').execute(),
    db
      .selectFrom(matching.as('matching'))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const counted = Number(count.n);
  return { rows, total: Math.min(counted, countLimit - 1), totalIsExact: counted < countLimit };
}
