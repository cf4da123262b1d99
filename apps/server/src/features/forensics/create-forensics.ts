import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { JobQueue } from '../../jobs/queue';
import { JobWorker } from '../../jobs/worker';
import type { LessonsContext } from '../lessons/context';
import { TRACE_JOB, type ForensicsContext } from './context';
import { failTrace } from './service';
import { runTrace, type TracePayload } from './trace-job';

/** Traces are rare and each reads whole videos: one at a time per instance, polled as lessons are. */
const POLL_MS = 2000;

export interface Forensics {
  ctx: ForensicsContext;
  worker: JobWorker;
}

export function createForensics(options: { db: Db; lessons: LessonsContext; maxUploadBytes: number; concurrency: number; leaseMs: number; log: FastifyBaseLogger }): Forensics {
  const holder: { worker?: JobWorker } = {};
  const ctx: ForensicsContext = {
    db: options.db,
    lessons: options.lessons,
    workDir: path.join(options.lessons.workDir, 'traces'),
    maxUploadBytes: options.maxUploadBytes,
    queue: new JobQueue(options.db),
    wake: () => holder.worker?.wake(),
    log: options.log,
  };
  const worker = new JobWorker(ctx.queue, { [TRACE_JOB]: (payload, job) => runTrace(ctx, payload, job) }, {
    concurrency: options.concurrency,
    leaseMs: options.leaseMs,
    pollMs: POLL_MS,
    log: options.log,
    onFailed: (job, error) => failTrace(ctx, (job.payload as TracePayload).traceId, error),
  });
  holder.worker = worker;
  worker.start();
  return { ctx, worker };
}
