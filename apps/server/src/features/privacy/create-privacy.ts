// Builds the privacy feature at the server's start: the sweep as one durable job (a row of the jobs
// table), so it runs once across instances, and runs again after a crash, every SWEEP_EVERY_MS.
import type { FastifyBaseLogger } from 'fastify';
import type { Config, PrivacyConfig } from '../../config';
import type { Db } from '../../db/database';
import { JobQueue } from '../../jobs/queue';
import { JobWorker, type JobKind } from '../../jobs/worker';
import { sweep } from './retention';

export const PRIVACY_SWEEP_JOB = 'privacy.sweep';
/** One sweep row for the whole deployment. */
const SWEEP_KEY = 'all';
/** Erasures run at most this long after their grace period ends; retention is counted in days. */
export const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** The first sweep after a start: soon, but not in the start's busy moment. */
const FIRST_SWEEP_MS = 60 * 1000;
const POLL_MS = 60 * 1000;

export interface PrivacyContext {
  db: Db;
  dataDir: string;
  rules: PrivacyConfig;
  clock: () => number;
  log: FastifyBaseLogger;
}

export interface Privacy {
  ctx: PrivacyContext;
  stop(): Promise<void>;
}

/** The sweep's job: one whole sweep, then its own next run. */
export function sweepJob(ctx: PrivacyContext): JobKind {
  return {
    run: async (_payload, { signal, runAgainAt }) => {
      const counts = await sweep(ctx, ctx.clock(), signal);
      ctx.log.info({ ...counts }, 'privacy: sweep done');
      await runAgainAt(Date.now() + SWEEP_EVERY_MS);
    },
  };
}

export async function createPrivacy(options: { db: Db; config: Config; clock?: (() => number) | undefined; log: FastifyBaseLogger }): Promise<Privacy> {
  const { config } = options;
  const ctx: PrivacyContext = { db: options.db, dataDir: config.dataDir, rules: config.privacy, clock: options.clock ?? Date.now, log: options.log };
  const queue = new JobQueue(options.db);
  const worker = new JobWorker(queue, { [PRIVACY_SWEEP_JOB]: sweepJob(ctx) }, {
    concurrency: config.privacy.jobConcurrency,
    leaseMs: config.lessons.leaseMs,
    pollMs: POLL_MS,
    log: options.log,
  });
  // Every start makes sure the sweep is queued (a failed or lost one included), no later than soon.
  const firstAt = Date.now() + FIRST_SWEEP_MS;
  await queue.runNoLaterThan(PRIVACY_SWEEP_JOB, SWEEP_KEY, {}, firstAt);
  worker.start();
  worker.wakeAt(firstAt);
  return { ctx, stop: () => worker.stop() };
}
