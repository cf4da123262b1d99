import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { JobQueue } from '../../jobs/queue';
import { JobWorker, type JobContext } from '../../jobs/worker';
import { mediaBinaries } from '../../media/binaries';
import { createLessonStore } from '../../storage/create-store';
import type { FileStore } from '../../storage/file-store';
import type { LessonHooks } from '../class-material/lesson-hooks';
import { LESSON_JOB, LESSON_VARIANT_B_JOB, type LessonsContext } from './context';
import { processLesson } from './processing';
import type { LessonJobPayload } from './processing';
import { lessonHooks, markFailed } from './service';
import { makeVariantB } from './variant-b';

/** Transcodes waiting are looked for this often when nothing wakes the worker (another instance queued them). */
const POLL_MS = 2000;

export interface Lessons {
  ctx: LessonsContext;
  hooks: LessonHooks;
  worker: JobWorker;
}

/** The lessons feature and this instance's worker (started; stop it on close). */
export async function createLessons(options: { db: Db; config: Config; store: FileStore; log: FastifyBaseLogger }): Promise<Lessons> {
  const { config } = options;
  const queue = new JobQueue(options.db);
  const holder: { worker?: JobWorker } = {};
  const ctx: LessonsContext = {
    db: options.db,
    store: options.store,
    outputs: await createLessonStore(config.files.store, config.lessons),
    binaries: mediaBinaries(config.lessons),
    workDir: config.lessons.workDir,
    queue,
    wake: () => holder.worker?.wake(),
    log: options.log,
  };
  const handlers = {
    [LESSON_JOB]: (payload: unknown, job: JobContext) => processLesson(ctx, payload, job),
    [LESSON_VARIANT_B_JOB]: (payload: unknown, job: JobContext) => makeVariantB(ctx, payload, job),
  };
  const worker = new JobWorker(queue, handlers, {
    concurrency: config.lessons.concurrency,
    leaseMs: config.lessons.leaseMs,
    pollMs: POLL_MS,
    log: options.log,
    // A lesson whose twin B cannot be made stays ready on ladder A (everyone gets A: no trace, but
    // no viewer loses the lesson); the log says why.
    onFailed: async (job, error) => {
      if (job.kind === LESSON_JOB) return markFailed(ctx, (job.payload as LessonJobPayload).lessonId, error);
      options.log.error({ job: job.kind, lessonId: (job.payload as LessonJobPayload).lessonId, error }, 'lessons: the second marked ladder failed for good');
    },
  });
  holder.worker = worker;
  worker.start();
  return { ctx, hooks: lessonHooks(ctx), worker };
}
