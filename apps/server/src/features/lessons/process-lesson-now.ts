import pino from 'pino';
import type { TestApp } from '../../../test/test-app';
import { createClassMaterialContext } from '../class-material/routes';
import { createLessons } from './create-lessons';
import { failureReason } from './job-steps';
import { processLesson } from './processing';
import * as repo from './repo';
import { markFailed } from './service';

// For tests whose app runs no transcode worker (test-app.ts: TRANSCODE_CONCURRENCY 0): nothing
// then writes behind the test's back (the security suite fingerprints the database around every
// refused request). A lesson a test needs ready, or failed, is processed here when the test says:
// the same job code a worker runs, on the same database and store, for that one lesson only.

/**
 * Processes the lesson of `fileId` to the end. `brokenFfmpeg` runs it with an ffmpeg that always
 * fails, so the lesson ends `failed` as a worker's last try leaves it (the admin's Retry then applies).
 */
export async function processLessonNow(t: Pick<TestApp, 'config' | 'database'>, fileId: string, options: { brokenFfmpeg?: boolean } = {}): Promise<void> {
  const db = t.database.db;
  const material = await createClassMaterialContext({ db, files: t.config.files, secret: t.config.jwtSecret, workDir: t.config.lessons.workDir });
  // Concurrency 0: the context only, no worker of its own that would take the world's other jobs.
  const lessons = await createLessons({ db, config: { ...t.config, lessons: { ...t.config.lessons, concurrency: 0 } }, store: material.store, log: pino({ level: 'silent' }) });
  const ctx = options.brokenFfmpeg ? { ...lessons.ctx, binaries: { ...lessons.ctx.binaries, ffmpeg: '/bin/false' } } : lessons.ctx;
  const lesson = await repo.findByFile(db, fileId);
  if (!lesson) throw new Error(`no lesson for ${fileId}: was it uploaded as a video?`);
  try {
    // Not a queued run: the transcode never asks to run again, so there is nothing to queue.
    await processLesson(ctx, { lessonId: lesson.id }, { signal: new AbortController().signal, attempt: 1, runAgainAt: async () => undefined });
  } catch (error) {
    if (!options.brokenFfmpeg) throw error;
    await markFailed(ctx, lesson.id, failureReason(error));
  }
}
