import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

// The jobs table as a queue (ARCHITECTURE.md 'src/jobs'): the same SQL on SQLite (one instance,
// no extra service) and on PostgreSQL (instances sharing the database).
//
// Taking a job is one UPDATE whose WHERE names a takeable row and re-checks it is still takeable:
// on SQLite writes are serialised; on PostgreSQL a second instance updating the same row waits for
// the first to commit, re-reads the row, finds it taken and updates nothing. So a job runs once.
// A lease that runs out (its instance died, or stopped renewing) makes the job takeable again.

export interface Job {
  id: string;
  kind: string;
  key: string;
  payload: unknown;
  attempts: number;
}

/** Tries before a job stays failed: a killed instance counts as a try, so a few more than one. */
const MAX_JOB_ATTEMPTS = 3;

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** A job's row as queueing writes it: a fresh start (no lease, no tries, no error) due at `runAt`. */
function queuedRow(payload: unknown, runAt: number, now: number) {
  return { payload: JSON.stringify(payload), state: 'queued', attempts: 0, lease_owner: null, lease_until: null, run_after: iso(runAt), last_error: null, updated_at: iso(now) };
}

/** How a job is queued; by default on the queue's own connection, to run now, replacing a job of its kind and key. */
export interface EnqueueOptions {
  /** The caller's transaction: the job exists if, and only if, the caller's change commits. */
  executor?: Db;
  /** When it may start (ms since the epoch); now when left out. */
  runAt?: number;
  /** Queue it only if no job of this kind and key exists in any state: a finished one is not run again. */
  ifAbsent?: boolean;
  now?: number;
}

export class JobQueue {
  constructor(private readonly db: Db) {}

  /**
   * Queues a job; the same kind and key queues that job again (from any state) instead of a second
   * one, unless `ifAbsent` leaves the existing row as it is.
   */
  async enqueue(kind: string, key: string, payload: unknown, options: EnqueueOptions = {}): Promise<void> {
    const now = options.now ?? Date.now();
    const values = queuedRow(payload, options.runAt ?? now, now);
    await (options.executor ?? this.db)
      .insertInto('jobs')
      .values({ id: randomUUID(), kind, job_key: key, created_at: iso(now), ...values })
      .onConflict((conflict) => {
        const sameJob = conflict.columns(['kind', 'job_key']);
        return options.ifAbsent ? sameJob.doNothing() : sameJob.doUpdateSet(values);
      })
      .execute();
  }

  /**
   * Queues a job to run at `runAt` (ms since the epoch), earlier or later than a live job of the same
   * kind and key, whose payload it replaces: there is one row per kind and key. A running job loses
   * its lease, so the end of that run (complete() and fail() match their own lease) leaves the row
   * queued: this is how a run queues its own next run. A run still going when it is queued again is
   * stopped at its next renewal, as a second instance taking it would stop it.
   */
  async enqueueAt(kind: string, key: string, payload: unknown, runAt: number, now = Date.now()): Promise<void> {
    await this.enqueue(kind, key, payload, { runAt, now });
  }

  /**
   * Makes a job run no later than `at`: a queued job due by then is left as it is (its payload too),
   * and any other (none, a queued one due later, one done, failed or running) is queued at `at` as
   * enqueueAt queues it. A running one counts as not queued because its run may have read what the
   * caller has just changed before the change. The condition is checked on the row as the write finds
   * it (PostgreSQL locks a conflicting row before it checks it), so of calls racing from several
   * instances the earliest time wins, and they leave one row.
   */
  async runNoLaterThan(kind: string, key: string, payload: unknown, at: number, now = Date.now()): Promise<void> {
    const values = queuedRow(payload, at, now);
    await this.db
      .insertInto('jobs')
      .values({ id: randomUUID(), kind, job_key: key, created_at: iso(now), ...values })
      .onConflict((conflict) =>
        conflict
          .columns(['kind', 'job_key'])
          .doUpdateSet(values)
          .where((eb) => eb.or([eb('jobs.state', '<>', 'queued'), eb('jobs.run_after', '>', values.run_after)])),
      )
      .execute();
  }

  /**
   * Takes the oldest takeable job of these kinds for `owner` (the one run that renews, completes or
   * fails it), holding it until now + leaseMs; null when there is none.
   */
  async take(kinds: string[], owner: string, leaseMs: number, now = Date.now()): Promise<Job | null> {
    const at = iso(now);
    const takeable = (eb: ExpressionBuilder<Database, 'jobs'>) =>
      eb.or([
        eb.and([eb('state', '=', 'queued'), eb('run_after', '<=', at)]),
        eb.and([eb('state', '=', 'running'), eb('lease_until', '<', at)]),
      ]);
    const next = this.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', 'in', kinds)
      .where(takeable)
      .orderBy('created_at')
      .limit(1);
    const row = await this.db
      .updateTable('jobs')
      .set((eb) => ({ state: 'running', lease_owner: owner, lease_until: iso(now + leaseMs), attempts: eb('attempts', '+', 1), updated_at: at }))
      .where('id', '=', next)
      .where(takeable)
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    return { id: row.id, kind: row.kind, key: row.job_key, payload: JSON.parse(row.payload) as unknown, attempts: row.attempts };
  }

  /** Renews the lease; false when the job is no longer this owner's (it must stop). */
  async renew(jobId: string, owner: string, leaseMs: number, now = Date.now()): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ lease_until: iso(now + leaseMs), updated_at: iso(now) })
      .where('id', '=', jobId)
      .where('lease_owner', '=', owner)
      .where('state', '=', 'running')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async complete(jobId: string, owner: string, now = Date.now()): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ state: 'done', lease_owner: null, lease_until: null, updated_at: iso(now) })
      .where('id', '=', jobId)
      .where('lease_owner', '=', owner)
      .execute();
  }

  /**
   * A failed try: queued again after a pause while tries remain, else failed for good. Answers whether
   * it is final; never for a job no longer this owner's (queued again meanwhile: it runs again).
   */
  async fail(job: Job, owner: string, error: string, final: boolean, now = Date.now()): Promise<boolean> {
    const last = final || job.attempts >= MAX_JOB_ATTEMPTS;
    const result = await this.db
      .updateTable('jobs')
      .set({
        state: last ? 'failed' : 'queued',
        lease_owner: null,
        lease_until: null,
        run_after: iso(now + 5_000 * job.attempts),
        last_error: error.slice(0, 2000),
        updated_at: iso(now),
      })
      .where('id', '=', job.id)
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    return last && result.numUpdatedRows > 0n;
  }

  /** Forgets a job (its subject is gone). */
  async remove(kind: string, key: string): Promise<void> {
    await this.db.deleteFrom('jobs').where('kind', '=', kind).where('job_key', '=', key).execute();
  }
}
