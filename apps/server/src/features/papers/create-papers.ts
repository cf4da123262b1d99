// Builds the papers feature at the server's start: its context, its own job worker and the sweep.
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { JobQueue } from '../../jobs/queue';
import { JobWorker } from '../../jobs/worker';
import type { ClassMaterialContext } from '../class-material/tree';
import type { Notifier } from '../../notify/notifier';
import type { MessagesDeps } from '../messages/service';
import { AttemptWriter } from './attempt-writer';
import { paperJobKinds, startSweep } from './close-job';
import type { PapersContext } from './context';
import { paperHooks } from './folder-hooks';
import { PaperCache } from './paper-cache';

/** Paper jobs waiting are looked for this often; a known run time wakes the worker at that moment. */
const POLL_MS = 1000;

export interface Papers {
  ctx: PapersContext;
  worker: JobWorker;
  /** Stops the worker and the sweep, and lets writes under way finish. */
  stop(): Promise<void>;
}

/**
 * Builds the papers feature: its context and its own job worker (not the transcoding one, whose
 * concurrency may be 0 on an instance that serves students), so papers close at their time.
 */
export function createPapers(options: {
  db: Db;
  config: Config;
  material: ClassMaterialContext;
  messages: MessagesDeps;
  notifier?: Notifier;
  clock?: () => number;
  log: FastifyBaseLogger;
}): Papers {
  const { config } = options;
  const holder: { worker?: JobWorker } = {};
  const base: Omit<PapersContext, 'writer'> = {
    db: options.db,
    material: options.material,
    queue: new JobQueue(options.db),
    wakeAt: (atMs) => (atMs === undefined ? holder.worker?.wake() : holder.worker?.wakeAt(atMs)),
    clock: options.clock ?? Date.now,
    graceMs: config.papers.graceMs,
    savesPerMinute: config.papers.savesPerMinute,
    imagesDir: config.papers.imagesDir,
    writtenDirs: { pages: path.join(config.dataDir, 'script-pages'), sheets: path.join(config.dataDir, 'paper-sheets') },
    cache: new PaperCache(),
    messages: options.messages,
    notifier: options.notifier ?? null,
    log: options.log,
  };
  const ctx: PapersContext = { ...base, writer: new AttemptWriter(base) };
  // Folders list their papers, and a paper follows its folder's renames and deletes.
  options.material.papers = paperHooks(ctx);
  const worker = new JobWorker(ctx.queue, paperJobKinds(ctx), {
    concurrency: config.papers.jobConcurrency,
    leaseMs: config.lessons.leaseMs,
    pollMs: POLL_MS,
    log: options.log,
  });
  holder.worker = worker;
  worker.start();
  // An instance that runs no paper jobs leaves the sweep to those that do.
  const stopSweep = config.papers.jobConcurrency > 0 ? startSweep(ctx, config.papers.sweepMs) : async () => {};
  return {
    ctx,
    worker,
    stop: async () => {
      await stopSweep();
      await worker.stop();
      // Writes already handed to the writer finish before the database closes.
      await ctx.writer.idle();
    },
  };
}
