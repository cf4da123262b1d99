import { sql, type Selectable } from 'kysely';
import type { ProgressReport } from '@academy/contract';
import type { Db } from '../../db/database';
import { isPostgres, slices } from '../../db/statements';
import type { WatchProgressTable } from '../../db/schema';
import { coveredSeconds, decode, encode, markPlayed } from './coverage';

// The watching feature's SQL: progress rows, applied batch ids and drive visits.

export type ProgressRow = Selectable<WatchProgressTable>;

/** A batch a request brought, its reports already checked against the caller's access. */
export interface CheckedBatch {
  accountId: string;
  batchId: string;
  reports: ProgressReport[];
}

export const pairKey = (accountId: string, fileId: string) => `${accountId}\n${fileId}`;

function merge(row: ProgressRow, reports: ProgressReport[], now: string): ProgressRow {
  let bits = decode(row.coverage);
  const next = { ...row, last_watched_at: now, reports: row.reports + reports.length };
  for (const report of reports) {
    bits = markPlayed(bits, report.played);
    next.played_seconds += report.played.reduce((sum, [from, to]) => sum + to - from, 0);
    if (report.at >= next.position_at) {
      next.position_at = report.at;
      next.position_seconds = report.positionSeconds;
    }
    if (report.durationSeconds) next.duration_seconds = report.durationSeconds;
  }
  return { ...next, coverage: encode(bits), covered_seconds: coveredSeconds(bits) };
}

/**
 * Applies batches in one transaction and answers which were new. A batch id seen before for the
 * account is skipped whole (its first sending was applied, its answer lost). Rows are locked
 * (PostgreSQL) or the database is (SQLite) while they are merged, so two instances never lose
 * each other's reports; locks are taken in one order, so they never deadlock.
 */
export async function applyBatches(db: Db, batches: CheckedBatch[]): Promise<Set<string>> {
  if (isPostgres(db)) return applyIn(db, batches, true);
  // SQLite commits on the event loop: with synchronous = FULL each commit waits for the disk (0.3 ms
  // quiet, 10+ ms on a busy disk), stalling every request behind it. Progress commits without that
  // wait (WAL + NORMAL: a commit survives the process being killed, not the machine losing power);
  // everything else keeps FULL. The connection is held for the three statements, so nothing else
  // commits under NORMAL meanwhile.
  return db.connection().execute(async (conn) => {
    await sql`pragma synchronous = normal`.execute(conn);
    try {
      return await applyIn(conn, batches, false);
    } finally {
      await sql`pragma synchronous = full`.execute(conn);
    }
  });
}

function applyIn(db: Db, batches: CheckedBatch[], postgres: boolean): Promise<Set<string>> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (tx) => {
    const fresh = new Set<string>();
    const unique = [...new Map(batches.map((batch) => [pairKey(batch.accountId, batch.batchId), batch])).values()];
    for (const part of slices(unique)) {
      const inserted = await tx
        .insertInto('watch_batches')
        .values(part.map((batch) => ({ account_id: batch.accountId, batch_id: batch.batchId, applied_at: now })))
        .onConflict((oc) => oc.columns(['account_id', 'batch_id']).doNothing())
        .returning(['account_id', 'batch_id'])
        .execute();
      for (const row of inserted) fresh.add(pairKey(row.account_id, row.batch_id));
    }

    const byPair = new Map<string, { accountId: string; fileId: string; reports: ProgressReport[] }>();
    for (const batch of unique) {
      if (!fresh.has(pairKey(batch.accountId, batch.batchId))) continue;
      for (const report of batch.reports) {
        const key = pairKey(batch.accountId, report.fileId);
        const entry = byPair.get(key) ?? { accountId: batch.accountId, fileId: report.fileId, reports: [] };
        entry.reports.push(report);
        byPair.set(key, entry);
      }
    }
    const pairs = [...byPair.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, pair]) => pair);
    for (const part of slices(pairs)) {
      // A row for every pair first, so each can be locked and merged below.
      await tx
        .insertInto('watch_progress')
        .values(part.map((pair) => ({ account_id: pair.accountId, file_id: pair.fileId, first_opened_at: now, last_watched_at: now })))
        .onConflict((oc) => oc.columns(['account_id', 'file_id']).doNothing())
        .execute();
      let query = tx
        .selectFrom('watch_progress')
        .selectAll()
        .where((eb) => eb(eb.refTuple('account_id', 'file_id'), 'in', part.map((pair) => eb.tuple(pair.accountId, pair.fileId))))
        .orderBy('account_id')
        .orderBy('file_id');
      if (postgres) query = query.forUpdate();
      const current = new Map((await query.execute()).map((row) => [pairKey(row.account_id, row.file_id), row]));
      const merged = part.flatMap((pair) => {
        const row = current.get(pairKey(pair.accountId, pair.fileId));
        return row ? [merge(row, pair.reports, now)] : [];
      });
      if (merged.length === 0) continue;
      await tx
        .insertInto('watch_progress')
        .values(merged)
        .onConflict((oc) =>
          oc.columns(['account_id', 'file_id']).doUpdateSet((eb) => ({
            position_seconds: eb.ref('excluded.position_seconds'),
            position_at: eb.ref('excluded.position_at'),
            duration_seconds: eb.ref('excluded.duration_seconds'),
            played_seconds: eb.ref('excluded.played_seconds'),
            coverage: eb.ref('excluded.coverage'),
            covered_seconds: eb.ref('excluded.covered_seconds'),
            reports: eb.ref('excluded.reports'),
            last_watched_at: eb.ref('excluded.last_watched_at'),
          })),
        )
        .execute();
    }
    return fresh;
  });
}

/** Batch ids older than this are forgotten; the player drops a queued batch long before. */
export async function forgetBatchesBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('watch_batches').where('applied_at', '<', before).execute();
}

export function findProgress(db: Db, accountId: string, fileId: string): Promise<ProgressRow | undefined> {
  return db.selectFrom('watch_progress').selectAll().where('account_id', '=', accountId).where('file_id', '=', fileId).executeTakeFirst();
}

export function progressOfFiles(db: Db, accountId: string, fileIds: string[]): Promise<ProgressRow[]> {
  if (fileIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('watch_progress').selectAll().where('account_id', '=', accountId).where('file_id', 'in', fileIds).execute();
}

export function recentProgress(db: Db, accountId: string, limit: number): Promise<ProgressRow[]> {
  return db
    .selectFrom('watch_progress')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('last_watched_at', 'desc')
    .limit(limit)
    .execute();
}

export function allProgress(db: Db, accountId: string): Promise<ProgressRow[]> {
  return db.selectFrom('watch_progress').selectAll().where('account_id', '=', accountId).execute();
}

export function progressOfFile(db: Db, fileId: string): Promise<ProgressRow[]> {
  return db.selectFrom('watch_progress').selectAll().where('file_id', '=', fileId).execute();
}

export async function openedFileIds(db: Db, accountId: string, fileIds: string[]): Promise<Set<string>> {
  if (fileIds.length === 0) return new Set();
  const rows = await db.selectFrom('watch_progress').select('file_id').where('account_id', '=', accountId).where('file_id', 'in', fileIds).execute();
  return new Set(rows.map((row) => row.file_id));
}

export function findVisit(db: Db, accountId: string) {
  return db.selectFrom('drive_visits').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

export async function saveVisit(db: Db, row: { account_id: string; new_since: string | null; last_seen_at: string }): Promise<void> {
  await db
    .insertInto('drive_visits')
    .values(row)
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ new_since: row.new_since, last_seen_at: row.last_seen_at }))
    .execute();
}

/** Every file id progress is kept for. */
export function distinctFileIds(db: Db): Promise<{ file_id: string }[]> {
  return db.selectFrom('watch_progress').select('file_id').distinct().execute();
}

/** After a rename: the file's rows under its new id (the disk store's ids are paths). */
export async function moveFileId(db: Db, fromId: string, toId: string): Promise<void> {
  await db.updateTable('watch_progress').set({ file_id: toId }).where('file_id', '=', fromId).execute();
}

export async function studentExists(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('id').where('id', '=', id).where('deleted_at', 'is', null).where('account_type', '<>', 'admin').executeTakeFirst();
  return row !== undefined;
}
