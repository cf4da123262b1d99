import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { JobWorker, type JobKind } from '../../jobs/worker';
import type { LessonsContext } from '../lessons/context';
import { TRACE_JOB, type ForensicsContext } from './context';
import { failTrace } from './service';
import { runTrace, type TracePayload } from './trace-job';

/** Traces waiting are looked for this often, as lessons are. */
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
    queue: options.lessons.queue,
    wake: () => holder.worker?.wake(),
    log: options.log,
  };
  const trace: JobKind = {
    run: (payload, job) => runTrace(ctx, payload, job),
    failed: (payload, error) => failTrace(ctx, (payload as TracePayload).traceId, error),
  };
  // One trace at a time: each reads whole videos, and they are rare.
  const worker = new JobWorker(ctx.queue, { [TRACE_JOB]: trace }, {
    concurrency: Math.min(1, options.concurrency),
    leaseMs: options.leaseMs,
    pollMs: POLL_MS,
    log: options.log,
  });
  holder.worker = worker;
  worker.start();
  return { ctx, worker };
}
