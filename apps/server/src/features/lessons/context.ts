import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/queue';
import type { MediaBinaries } from '../../media/binaries';
import type { Notifier } from '../../notify/notifier';
import type { FileStore } from '../../storage/file-store';

/** What the lessons feature works with; built once by `createLessons`. */
export interface LessonsContext {
  db: Db;
  /** The classes' store, where the source videos are. */
  store: FileStore;
  /** Where the streamed versions are kept (createLessonStore). */
  outputs: FileStore;
  binaries: MediaBinaries;
  /** Local scratch space for transcodes and probed uploads. */
  workDir: string;
  queue: JobQueue;
  /** Tells this instance's worker a job is waiting. */
  wake: () => void;
  /** Where a lesson ready for the first time is announced; null where nothing is (tools, one-off runs). */
  notifier: Notifier | null;
  log: FastifyBaseLogger;
}

export const LESSON_JOB = 'lesson.transcode';
/** A ready lesson's second marked ladder (variant-b.ts). */
export const LESSON_VARIANT_B_JOB = 'lesson.variant-b';
