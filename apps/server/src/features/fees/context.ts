// What the class fees feature works with, built once by create-fees.ts and handed to its routes,
// its gate (class material's fee hooks) and its mail jobs.
import type { Branding } from '@academy/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { PayHereConfig } from '../../config';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/queue';
import type { JobKind, JobWorker } from '../../jobs/worker';
import type { Mailer } from '../../mail/mailer';
import type { Notifier } from '../../notify/notifier';
import type { ClassMaterialContext } from '../class-material/tree';

/** The kind of every fee mail job (receipts, slip decisions, reminders, chargebacks). */
export const FEES_MAIL_JOB = 'fees.mail';

export interface FeesContext {
  db: Db;
  /** Class access (`locate`, `openableClass`) and the file store (folder names, `movedId`). */
  material: ClassMaterialContext;
  /** Fee mails are queued here, inside the change's own transaction (`enqueue(…, {executor: tx})`). */
  queue: JobQueue;
  /** This instance's worker for fee jobs; `worker.wake()` after a commit that queued one. */
  worker: JobWorker;
  /**
   * The fee job kinds the worker runs, by kind: each part of the feature that queues a job adds its
   * handler here at start (create-fees.ts), before the worker takes its first job.
   */
  jobKinds: Record<string, JobKind>;
  mailer: Mailer;
  /** The notification centre: fees' events reach the bell, push and SMS through it (notifications.ts); null: none. */
  notifier: Notifier | null;
  /** The server's clock; tests move their own (buildApp's `feesClock`) across due dates and grace ends. */
  clock: () => number;
  /** PayHere Checkout's settings; null: online payment is off (no Pay; orders refused). */
  payhere: PayHereConfig | null;
  /** The portal's address as the internet reaches it (no trailing slash); null when unset. */
  publicUrl: string | null;
  /** Where slips are kept: `<id>.webp` or `<id>.pdf`, written beside and renamed. */
  slipsDir: string;
  /** The academy's name, tagline and logo, on receipts and in mails. */
  branding: Branding;
  log: FastifyBaseLogger;
}
