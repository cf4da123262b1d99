// Builds the class fees feature at the server's start: its context, its own job worker for fee
// mails, and its place in class material (the month gate under every listing, ticket and byte).
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { JobQueue } from '../../jobs/queue';
import { JobWorker, type JobKind } from '../../jobs/worker';
import type { Mailer } from '../../mail/mailer';
import type { Notifier } from '../../notify/notifier';
import type { ClassMaterialContext } from '../class-material/tree';
import { FEES_MAIL_JOB, type FeesContext } from './context';
import { feeHooks } from './gate';
import { feeMailJob } from './mail-job';
import { payhereAccount } from './order-service';

/** Fee jobs waiting are looked for this often; a commit that queues one wakes the worker at once. */
const POLL_MS = 1000;

export interface Fees {
  ctx: FeesContext;
  /** Stops the worker; mails under way finish or are taken again by another instance. */
  stop(): Promise<void>;
}

export function createFees(options: {
  db: Db;
  config: Config;
  material: ClassMaterialContext;
  mailer: Mailer;
  /** Where fees raise their notifications (the bell, push, SMS); left out, fees only mail. */
  notifier?: Notifier;
  clock?: (() => number) | undefined;
  log: FastifyBaseLogger;
}): Fees {
  const { config } = options;
  const queue = new JobQueue(options.db);
  // Filled below by each part of the feature before the worker starts; the worker reads it per job.
  const jobKinds: Record<string, JobKind> = {};
  const worker = new JobWorker(queue, jobKinds, {
    concurrency: config.fees.jobConcurrency,
    leaseMs: config.lessons.leaseMs,
    pollMs: POLL_MS,
    log: options.log,
  });
  const ctx: FeesContext = {
    db: options.db,
    material: options.material,
    queue,
    worker,
    jobKinds,
    mailer: options.mailer,
    notifier: options.notifier ?? null,
    clock: options.clock ?? Date.now,
    payhere: config.payhere,
    publicUrl: config.publicUrl,
    slipsDir: config.fees.slipsDir,
    branding: config.branding,
    log: options.log,
  };
  // Every listing, ticket, byte and lesson request of class material passes the month gate.
  options.material.fees = feeHooks(ctx);
  // Receipts and chargeback mails; a Node without MD5 (FIPS) stops the start here, not at a payment.
  jobKinds[FEES_MAIL_JOB] = feeMailJob(ctx);
  if (config.payhere) payhereAccount(config.payhere);
  // A worker with no kinds would ask the queue for none: it starts once a part registered its jobs.
  if (Object.keys(jobKinds).length > 0) worker.start();
  return { ctx, stop: () => worker.stop() };
}
