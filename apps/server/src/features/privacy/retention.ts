import type { Db } from '../../db/database';
import type { PrivacyConfig } from '../../config';
import { ERASED_STATE, eraseAccount } from './erase';
import { dueErasures } from './repo';

// The privacy sweep (docs/data-inventory.md 'Retention'): erasures whose grace period has ended,
// then every retention period. Each step is idempotent and works in batches, so a sweep stopped
// half-way (the instance died) is finished by the next one.

const DAY_MS = 86_400_000;
/** Rows per statement or per loop: a sweep never holds a lock for long. */
const BATCH = 500;

export interface SweepDeps {
  db: Db;
  dataDir: string;
  rules: PrivacyConfig;
}

export interface SweepCounts {
  erased: number;
  deletedStudentsErased: number;
  sessions: number;
  auditEntries: number;
  watchRows: number;
}

function daysBefore(now: number, days: number): string {
  return new Date(now - days * DAY_MS).toISOString();
}

/** One whole sweep at `now` (ms since the epoch). */
export async function sweep(deps: SweepDeps, now: number, signal?: AbortSignal): Promise<SweepCounts> {
  const at = new Date(now).toISOString();
  const counts: SweepCounts = { erased: 0, deletedStudentsErased: 0, sessions: 0, auditEntries: 0, watchRows: 0 };
  for (;;) {
    signal?.throwIfAborted();
    const due = await dueErasures(deps.db, at, BATCH);
    let done = 0;
    for (const accountId of due) if (await eraseAccount(deps.db, deps.dataDir, accountId, at)) done += 1;
    counts.erased += done;
    // A batch with nothing erasable (only an admin's request, which the route never writes) ends the loop.
    if (done === 0) break;
  }
  counts.deletedStudentsErased = await eraseLongDeleted(deps, now, signal);
  counts.sessions = await pruneSessions(deps.db, daysBefore(now, deps.rules.retention.sessionDays));
  counts.auditEntries = await pruneAudit(deps.db, daysBefore(now, deps.rules.retention.auditDays), signal);
  counts.watchRows = await pruneDeletedWatching(deps.db, daysBefore(now, deps.rules.retention.deletedWatchDays));
  return counts;
}

/** Students an admin deleted longer ago than the retention period: erased as if they had asked. */
async function eraseLongDeleted(deps: SweepDeps, now: number, signal?: AbortSignal): Promise<number> {
  const before = daysBefore(now, deps.rules.retention.deletedStudentDays);
  const at = new Date(now).toISOString();
  let erased = 0;
  for (;;) {
    signal?.throwIfAborted();
    const rows = await deps.db
      .selectFrom('accounts')
      .select('id')
      .where('deleted_at', '<', before)
      .where('account_type', '<>', 'admin')
      .where('account_state', '<>', ERASED_STATE)
      .limit(BATCH)
      .execute();
    let done = 0;
    for (const row of rows) if (await eraseAccount(deps.db, deps.dataDir, row.id, at)) done += 1;
    erased += done;
    if (done === 0) return erased;
  }
}

/** Sessions ended, or run out without being ended, before `before`: with them go their IP addresses. */
async function pruneSessions(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('ended_at', '<', before), eb.and([eb('ended_at', 'is', null), eb('expires_at', '<', before)])]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Audit entries older than `before`, oldest first in batches, and the search words of targets no
 * entry speaks of any more. Entries are never changed: an entry is either whole or gone.
 */
async function pruneAudit(db: Db, before: string, signal?: AbortSignal): Promise<number> {
  let removed = 0;
  for (;;) {
    signal?.throwIfAborted();
    const batch = await db.selectFrom('audit_log').select(['id', 'target_id']).where('at', '<', before).orderBy('at').limit(BATCH).execute();
    if (batch.length === 0) return removed;
    const targets = [...new Set(batch.map((row) => row.target_id))];
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('audit_log').where('id', 'in', batch.map((row) => row.id)).execute();
      await tx
        .deleteFrom('audit_log_terms')
        .where('target_id', 'in', targets)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('audit_log').select('audit_log.id').whereRef('audit_log.target_id', '=', 'audit_log_terms.target_id'))),
        )
        .execute();
    });
    removed += batch.length;
  }
}

/** Watch history of students deleted before `before` (their account may still be restored, without it). */
async function pruneDeletedWatching(db: Db, before: string): Promise<number> {
  const deleted = db.selectFrom('accounts').select('id').where('deleted_at', '<', before);
  let removed = 0;
  for (const table of ['watch_progress', 'watch_batches', 'drive_visits', 'lesson_streams'] as const) {
    const result = await db.deleteFrom(table).where('account_id', 'in', deleted).executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  return removed;
}
