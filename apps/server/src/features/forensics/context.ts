import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/queue';
import type { LessonsContext } from '../lessons/context';

/** What leak tracing works with; built once by `createForensics`. */
export interface ForensicsContext {
  db: Db;
  lessons: LessonsContext;
  /** Where uploaded copies wait until they are read. */
  workDir: string;
  maxUploadBytes: number;
  queue: JobQueue;
  wake: () => void;
  log: FastifyBaseLogger;
}

export const TRACE_JOB = 'forensics.trace';
