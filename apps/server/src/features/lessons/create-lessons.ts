import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { JobQueue } from '../../jobs/queue';
import { JobWorker, type JobKind } from '../../jobs/worker';
import { mediaBinaries } from '../../media/binaries';
import { createLessonStore } from '../../storage/create-store';
import type { Notifier } from '../../notify/notifier';
import type { FileStore } from '../../storage/file-store';
import type { LessonHooks } from '../class-material/lesson-hooks';
import { LESSON_JOB, LESSON_VARIANT_B_JOB, type LessonsContext } from './context';
import { processLesson } from './processing';
import type { LessonJobPayload } from './processing';
import { lessonHooks, markFailed } from './service';
import { giveUpVariantB, makeVariantB } from './variant-b';

/** Transcodes waiting are looked for this often when nothing wakes the worker (another instance queued them). */
const POLL_MS = 2000;

export interface Lessons {
  ctx: LessonsContext;
  hooks: LessonHooks;
  worker: JobWorker;
}

/** The lessons feature and this instance's worker (started; stop it on close). */
export async function createLessons(options: { db: Db; config: Config; store: FileStore; notifier?: Notifier; log: FastifyBaseLogger }): Promise<Lessons> {
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
    notifier: options.notifier ?? null,
    log: options.log,
  };
  const kinds: Record<string, JobKind> = {
    [LESSON_JOB]: {
      run: (payload, job) => processLesson(ctx, payload, job),
      failed: (payload, error) => markFailed(ctx, (payload as LessonJobPayload).lessonId, error),
    },
    [LESSON_VARIANT_B_JOB]: {
      run: (payload, job) => makeVariantB(ctx, payload, job),
      failed: (payload, error) => giveUpVariantB(ctx, (payload as LessonJobPayload).lessonId, error),
    },
  };
  const worker = new JobWorker(queue, kinds, {
    concurrency: config.lessons.concurrency,
    leaseMs: config.lessons.leaseMs,
    pollMs: POLL_MS,
    log: options.log,
  });
  holder.worker = worker;
  worker.start();
  return { ctx, hooks: lessonHooks(ctx), worker };
}
