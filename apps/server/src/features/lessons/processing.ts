import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Db } from '../../db/database';
import { PermanentJobError, type JobContext } from '../../jobs/worker';
import { progressWrites } from '../../lib/progress-writes';
import { transcodeLesson } from '../../media/transcode';
import type { LessonsContext } from './context';
import { failureReason, fixedIv, inScratch, sourceOnDisk, storeFilesIn } from './job-steps';
import { lessonNotification } from './notification';
import * as repo from './repo';
import type { OutputRow } from './repo';
import { queueVariantB } from './variant-b';

// The transcode job of one lesson: the source is copied from the store to local scratch space,
// probed, transcoded, and the outputs are written to the lesson store under a folder of their own.
// Only when every output is stored does the lesson become ready; the previous outputs (of an earlier
// try) are removed after. A try that dies half-way leaves scratch files and perhaps a folder that
// no row names; the next try starts from its own clean folder.

export interface LessonJobPayload {
  lessonId: string;
}

/** Writes every output to a new folder of the lesson store; answers the rows that find them, '' naming the folder. */
async function storeOutputs(ctx: LessonsContext, lessonId: string, outDir: string): Promise<OutputRow[]> {
  const folder = await ctx.outputs.createFolder(ctx.outputs.rootId, `${lessonId}-${Date.now()}`);
  return [{ name: '', store_id: folder.id, size: 0 }, ...(await storeFilesIn(ctx, folder.id, outDir))];
}

/** Removes a lesson's stored outputs (its folder), whatever state they are in. */
export async function removeOutputs(ctx: LessonsContext, lessonId: string): Promise<void> {
  const stored = await repo.outputs(ctx.db, lessonId);
  const folder = stored.find((output) => output.name === '');
  if (folder) await ctx.outputs.delete(folder.store_id).catch(() => undefined);
  const cache = ctx.outputs as { forget?: (ids: string[]) => Promise<void> };
  await cache.forget?.(stored.map((output) => output.store_id));
}

/**
 * The lesson's ladder, marked A (media/forensic-mark.ts), then its twin B queued. A lesson that is
 * already ready (one made before marks existed, processed again by an admin) stays playable on
 * its old ladder until the new one is stored.
 */
export async function processLesson(ctx: LessonsContext, payload: unknown, job: JobContext): Promise<void> {
  const { lessonId } = payload as LessonJobPayload;
  const lesson = await repo.findById(ctx.db, lessonId);
  if (!lesson) return;
  const wasReady = lesson.state === 'ready';
  await inScratch(ctx, lessonId, job.attempt, async (work) => {
    try {
      await repo.update(ctx.db, lessonId, wasReady ? { progress: 0 } : { state: 'processing', progress: 0, error: null });
      const source = await sourceOnDisk(ctx, lesson.file_id, work, job.signal);
      const outDir = path.join(work, 'out');
      const progress = progressWrites((percent) => repo.update(ctx.db, lessonId, { progress: percent }));
      const result = await transcodeLesson(
        ctx.binaries,
        {
          source: source.file,
          facts: source.facts,
          outDir,
          key: Buffer.from(lesson.key_hex, 'hex'),
          iv: fixedIv(lesson),
          signal: job.signal,
          onProgress: (percent) => progress.offer(percent),
          mark: 'A',
        },
        work,
      );
      job.signal.throwIfAborted();
      await progress.settled();
      const previous = await repo.outputs(ctx.db, lessonId);
      const rows = await storeOutputs(ctx, lessonId, outDir);
      if (!(await repo.findById(ctx.db, lessonId))) {
        // Deleted while it transcoded: what was just stored belongs to nothing.
        await ctx.outputs.delete(rows[0]?.store_id ?? '').catch(() => undefined);
        return;
      }
      // Ready for the first time: its students hear of it, in the same transaction (a re-process raises nothing).
      const announcement = !wasReady && ctx.notifier ? await lessonNotification(ctx, lesson) : null;
      const announce = async (tx: Db) => {
        if (announcement) await ctx.notifier?.raise(tx, announcement);
      };
      await repo.replaceLadder(ctx.db, lessonId, rows, {
        state: 'ready',
        progress: 100,
        error: null,
        duration_seconds: source.facts.durationSeconds,
        width: source.facts.width,
        height: source.facts.height,
        renditions: JSON.stringify(result.renditions),
        marks: 'a',
        // Kept across a re-process: copies leaked before it still name their student.
        mark_secret_hex: lesson.mark_secret_hex ?? randomBytes(32).toString('hex'),
      }, announce);
      const oldFolder = previous.find((output) => output.name === '');
      if (oldFolder) await ctx.outputs.delete(oldFolder.store_id).catch(() => undefined);
      await queueVariantB(ctx, lessonId, rows[0]?.store_id ?? '');
    } catch (error) {
      if (job.signal.aborted) throw error;
      const reason = failureReason(error);
      await repo.recordFailure(ctx.db, lessonId, reason, 'queued').catch(() => undefined);
      throw error instanceof PermanentJobError ? error : new Error(reason, { cause: error });
    }
  });
}
