// The `fee_openings` rows: what lets a student open a month of a class (a payment, a full free
// card, an exception), written and deleted by each source's service inside that source's own
// transaction, so the gate's one primary-key read always agrees with the money and the cards.
import type { OpeningSource } from '@academy/contract';
import type { Db } from '../../db/database';

export interface OpeningRow {
  classId: string;
  accountId: string;
  month: string;
  source: OpeningSource;
  sourceId: string;
}

/** Writes openings; one already there (the same class, student, month and source) is kept as it is. */
export async function addOpenings(tx: Db, rows: readonly OpeningRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insertInto('fee_openings')
    .values(rows.map((row) => ({ class_id: row.classId, account_id: row.accountId, month: row.month, source: row.source, source_id: row.sourceId })))
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** Deletes the openings of one source (a payment, card or exception), or only those of `months`. */
export async function removeOpenings(tx: Db, source: OpeningSource, sourceId: string, months?: readonly string[]): Promise<void> {
  if (months && months.length === 0) return;
  let query = tx.deleteFrom('fee_openings').where('source', '=', source).where('source_id', '=', sourceId);
  if (months) query = query.where('month', 'in', [...months]);
  await query.execute();
}

/** The months among `months` a student has any opening of, in one class: one range read on the primary key. */
export async function openedMonths(db: Db, classId: string, accountId: string, months: readonly string[]): Promise<Set<string>> {
  if (months.length === 0) return new Set();
  const rows = await db
    .selectFrom('fee_openings')
    .select('month')
    .where('class_id', '=', classId)
    .where('account_id', '=', accountId)
    .where('month', 'in', [...months])
    .execute();
  return new Set(rows.map((row) => row.month));
}

/** Every opening of a student in a class, by month, with its sources (for listings and `mine`). */
export async function openingsByMonth(db: Db, classId: string, accountId: string): Promise<Map<string, OpeningSource[]>> {
  const rows = await db
    .selectFrom('fee_openings')
    .select(['month', 'source'])
    .where('class_id', '=', classId)
    .where('account_id', '=', accountId)
    .execute();
  const byMonth = new Map<string, OpeningSource[]>();
  for (const row of rows) byMonth.set(row.month, [...(byMonth.get(row.month) ?? []), row.source as OpeningSource]);
  return byMonth;
}
