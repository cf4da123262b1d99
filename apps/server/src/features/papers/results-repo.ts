// The SQL of results: finalizing a paper (ranks, results ready, release), the jobs' sweep, the
// student's result and the tutor's results table. Ranks are computed in TypeScript (ranking.ts) and
// written here.
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { PaperAttemptsTable } from '../../db/schema';
import { slices } from '../../db/statements';
import type { RankedEntry, RankEntry } from './ranking';

/** Ids looked up per statement: one bound value each. */
const IDS_PER_STATEMENT = 500;

/** Everyone who sat and counts: handed in, account not deleted (a suspended one did sit, and stays). */
export async function sittersToRank(db: Db, paperId: string): Promise<RankEntry[]> {
  const rows = await db
    .selectFrom('paper_attempts as a')
    .innerJoin('accounts as c', 'c.id', 'a.account_id')
    .select(['a.id', 'a.marks', 'a.district', 'a.batch'])
    .where('a.paper_id', '=', paperId)
    .where('a.handed_in_at', 'is not', null)
    .where('c.deleted_at', 'is', null)
    .execute();
  return rows.map((row) => ({ id: row.id, marks: row.marks ?? 0, district: row.district, batch: row.batch }));
}

/** A page of the active students who handed the paper in, in id order after `after`: the results' notification audience. */
export async function sitterIdsAfter(db: Db, paperId: string, after: string | null, limit: number): Promise<string[]> {
  let query = db
    .selectFrom('paper_attempts as a')
    .innerJoin('accounts as c', 'c.id', 'a.account_id')
    .select('a.account_id')
    .where('a.paper_id', '=', paperId)
    .where('a.handed_in_at', 'is not', null)
    .where('c.deleted_at', 'is', null)
    .where('c.account_state', '=', 'active');
  if (after !== null) query = query.where('a.account_id', '>', after);
  const rows = await query.orderBy('a.account_id').limit(limit).execute();
  return rows.map((row) => row.account_id);
}

/**
 * Writes the ranks in slices, one statement each (an UPDATE from a VALUES list, which both engines
 * run the same; the values arrive as text on PostgreSQL, hence the casts). The attempts of deleted
 * accounts lose any rank an earlier finalize gave them: they are left out of the ranks.
 */
export async function writeRanks(tx: Db, paperId: string, ranked: readonly RankedEntry[], now: string): Promise<void> {
  for (const part of slices(ranked)) {
    const values = sql.join(part.map((entry) => sql`(${entry.id}, ${entry.islandRank}, ${entry.districtRank}, ${entry.batchRank})`));
    await sql`
      with ranks (id, island, district, batch) as (values ${values})
      update paper_attempts
      set island_rank = cast(ranks.island as integer),
          district_rank = cast(ranks.district as integer),
          batch_rank = cast(ranks.batch as integer),
          updated_at = ${now}
      from ranks
      where paper_attempts.id = ranks.id and paper_attempts.paper_id = ${paperId}
    `.execute(tx);
  }
  await tx
    .updateTable('paper_attempts')
    .set({ island_rank: null, district_rank: null, batch_rank: null, updated_at: now })
    .where('paper_id', '=', paperId)
    .where('island_rank', 'is not', null)
    .where('account_id', 'in', tx.selectFrom('accounts').select('id').where('deleted_at', 'is not', null))
    .execute();
}

export async function markResultsReady(tx: Db, paperId: string, now: string): Promise<void> {
  await tx.updateTable('papers').set({ results_ready_at: now }).where('id', '=', paperId).where('results_ready_at', 'is', null).execute();
}

/** `releasedBy` is the admin who pressed Release; null for a release at the paper's `releaseAt`. */
export async function markReleased(tx: Db, paperId: string, now: string, releasedBy: string | null): Promise<void> {
  await tx
    .updateTable('papers')
    .set({ released_at: now, released_by: releasedBy })
    .where('id', '=', paperId)
    .where('released_at', 'is', null)
    .where('results_ready_at', 'is not', null)
    .execute();
}

// ---- The jobs' sweep ----

/** Papers with an attempt left open past its deadline + grace (a deadline before `dueBefore`). */
export async function papersWithOverdueAttempts(db: Db, dueBefore: string): Promise<string[]> {
  const rows = await db
    .selectFrom('paper_attempts')
    .select('paper_id')
    .distinct()
    .where('handed_in_at', 'is', null)
    .where('deadline_at', '<', dueBefore)
    .execute();
  return rows.map((row) => row.paper_id);
}

/** Papers closed by `now` whose results are not ready. */
export async function closedUnreadyPapers(db: Db, now: string): Promise<string[]> {
  const rows = await db.selectFrom('papers').select('id').where('results_ready_at', 'is', null).where('closes_at', '<=', now).execute();
  return rows.map((row) => row.id);
}

/** Papers whose results are ready and whose release time has come, still not released. */
export async function papersDueForRelease(db: Db, now: string): Promise<string[]> {
  const rows = await db
    .selectFrom('papers')
    .select('id')
    .where('released_at', 'is', null)
    .where('results_ready_at', 'is not', null)
    .where('release_at', '<=', now)
    .execute();
  return rows.map((row) => row.id);
}

// ---- A student's result ----

/** How many sat and count: on the island, in one district, in one batch. */
export async function satCounts(db: Db, paperId: string, district: string, batch: string): Promise<{ sat: number; inDistrict: number; inBatch: number }> {
  const row = await db
    .selectFrom('paper_attempts as a')
    .innerJoin('accounts as c', 'c.id', 'a.account_id')
    .select((eb) => [
      eb.fn.countAll().as('sat'),
      eb.fn.sum(eb.case().when('a.district', '=', district).then(1).else(0).end()).as('in_district'),
      eb.fn.sum(eb.case().when('a.batch', '=', batch).then(1).else(0).end()).as('in_batch'),
    ])
    .where('a.paper_id', '=', paperId)
    .where('a.handed_in_at', 'is not', null)
    .where('c.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { sat: Number(row.sat), inDistrict: Number(row.in_district ?? 0), inBatch: Number(row.in_batch ?? 0) };
}

// ---- The tutor's results ----

/**
 * An attempt of a live account, with who it is as the account is now (name, regNo). Without its
 * order (`order_json`, kilobytes per attempt): the results never show it, and a tutor's screen
 * reading 2,000 of them every few seconds would copy megabytes for nothing.
 */
export type ResultAttemptRow = Omit<Selectable<PaperAttemptsTable>, 'order_json'> & { name: string; reg_no: string | null };

/** Every column of an attempt but its order, named through the alias `a`. */
const RESULT_ATTEMPT_COLUMNS = [
  'a.id', 'a.paper_id', 'a.account_id', 'a.started_at', 'a.opened_at', 'a.deadline_at', 'a.extra_minutes', 'a.district', 'a.batch', 'a.school',
  'a.devices', 'a.handed_in_at', 'a.handed_in_by', 'a.marks', 'a.correct', 'a.answered', 'a.time_taken_seconds', 'a.island_rank', 'a.district_rank',
  'a.batch_rank', 'a.away_count', 'a.away_seconds', 'a.offline_count', 'a.offline_seconds', 'a.late_saves', 'a.reopened', 'a.updated_at',
  'a.mcq_marks', 'a.written_marks',
] as const satisfies readonly `a.${Exclude<keyof PaperAttemptsTable, 'order_json'>}`[];

export async function resultAttempts(db: Db, paperId: string): Promise<ResultAttemptRow[]> {
  return db
    .selectFrom('paper_attempts as a')
    .innerJoin('accounts as c', 'c.id', 'a.account_id')
    .select(RESULT_ATTEMPT_COLUMNS)
    .select(['c.name', 'c.reg_no'])
    .where('a.paper_id', '=', paperId)
    .where('c.deleted_at', 'is', null)
    .execute();
}

/** Every account that started the paper, deleted ones too: none of them is absent. */
export async function startedAccountIds(db: Db, paperId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('paper_attempts').select('account_id').where('paper_id', '=', paperId).execute();
  return new Set(rows.map((row) => row.account_id));
}

export interface AbsentAccountRow {
  id: string;
  district: string;
  scl: string;
  extra_minutes: number | null;
}

/** The district, school and extra time on this paper of the accounts named. */
export async function absentDetails(db: Db, paperId: string, accountIds: readonly string[]): Promise<Map<string, AbsentAccountRow>> {
  const found = new Map<string, AbsentAccountRow>();
  for (const part of slices(accountIds, IDS_PER_STATEMENT)) {
    const rows = await db
      .selectFrom('accounts as c')
      .leftJoin('paper_accommodations as x', (join) => join.onRef('x.account_id', '=', 'c.id').on('x.paper_id', '=', paperId))
      .select(['c.id', 'c.district', 'c.scl', 'x.extra_minutes'])
      .where('c.id', 'in', part)
      .execute();
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}
