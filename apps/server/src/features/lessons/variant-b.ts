import path from 'node:path';
import { PermanentJobError, type JobContext } from '../../jobs/worker';
import { SEGMENT_NAME_PATTERN, transcodeLesson } from '../../media/transcode';
import { LESSON_VARIANT_B_JOB, type LessonsContext } from './context';
import { VARIANT_B_FOLDER } from './marked-segments';
import { failureReason, filesBelow, fixedIv, inScratch, sourceOnDisk, storeFilesIn } from './job-steps';
import * as repo from './repo';

// The second marked ladder of a lesson: the same rungs, cut at the same instants, marked
// B. It runs after ladder A is ready, as its own job at the same low priority, so a lesson plays
// as soon as A is stored (every viewer gets A meanwhile) and the upload-to-ready time stays one
// ladder's. Only its segments are kept: playlists, poster and thumbnails are A's.

export interface VariantBPayload {
  lessonId: string;
  /** Ladder A's store folder this twin belongs to: if A is made again meanwhile, this run is void. */
  folderId: string;
}

export async function queueVariantB(ctx: LessonsContext, lessonId: string, folderId: string): Promise<void> {
  await ctx.queue.enqueue(LESSON_VARIANT_B_JOB, lessonId, { lessonId, folderId } satisfies VariantBPayload);
  ctx.wake();
}

/** Whether ladder A of the lesson is still the one stored in `folderId`. */
async function ladderIsStill(ctx: LessonsContext, lessonId: string, folderId: string): Promise<boolean> {
  return (await repo.outputId(ctx.db, lessonId, '')) === folderId;
}

/**
 * A viewer's segment i may come from either ladder, so B must have exactly A's segments: a missing
 * one would stop a player mid-lesson. Both are cut at the same forced keyframes, so this holds
 * unless ffmpeg changed between the two runs; then B is not kept and everyone stays on A.
 */
const isSegment = (name: string) => SEGMENT_NAME_PATTERN.test(path.posix.basename(name));

async function sameSegmentsAsA(ctx: LessonsContext, lessonId: string, outDir: string): Promise<void> {
  const ofA = (await repo.outputs(ctx.db, lessonId)).map((output) => output.name).filter((name) => isSegment(name) && !name.startsWith(`${VARIANT_B_FOLDER}/`));
  const ofB = (await filesBelow(outDir)).filter(isSegment);
  if (ofA.sort().join('\n') !== ofB.sort().join('\n')) {
    throw new PermanentJobError(`ladder B has ${ofB.length} segments where ladder A has ${ofA.length}`);
  }
}

export async function makeVariantB(ctx: LessonsContext, payload: unknown, job: JobContext): Promise<void> {
  const { lessonId, folderId } = payload as VariantBPayload;
  const lesson = await repo.findById(ctx.db, lessonId);
  if (!lesson || lesson.state !== 'ready' || !(await ladderIsStill(ctx, lessonId, folderId))) return;
  await inScratch(ctx, `${lessonId}-b`, job.attempt, async (work) => {
    try {
      const source = await sourceOnDisk(ctx, lesson.file_id, work, job.signal);
      const outDir = path.join(work, 'out');
      await transcodeLesson(
        ctx.binaries,
        { source: source.file, facts: source.facts, outDir, key: Buffer.from(lesson.key_hex, 'hex'), iv: fixedIv(lesson), signal: job.signal, mark: 'B' },
        work,
      );
      job.signal.throwIfAborted();
      if (!(await ladderIsStill(ctx, lessonId, folderId))) return;
      await sameSegmentsAsA(ctx, lessonId, outDir);
      // A folder of this try's own (a store refuses a name twice): one left by a try that died
      // half-way is named by no row, and goes with the lesson's folder.
      const twin = await ctx.outputs.createFolder(folderId, `${VARIANT_B_FOLDER}-${Date.now()}`);
      const rows = await storeFilesIn(ctx, twin.id, outDir, isSegment);
      const kept = await repo.addVariantB(ctx.db, lessonId, folderId, rows.map((row) => ({ ...row, name: `${VARIANT_B_FOLDER}/${row.name}` })));
      // Ladder A was made again while these were stored: they belong to nothing.
      if (!kept) await ctx.outputs.delete(twin.id).catch(() => undefined);
    } catch (error) {
      if (job.signal.aborted) throw error;
      const reason = failureReason(error);
      throw error instanceof PermanentJobError ? error : new Error(reason, { cause: error });
    }
  });
}

/**
 * Ladder B could not be made (its tries used up): the lesson stays ready on ladder A, and says it
 * has no marks, so the drive screen offers "Add leak marks" again instead of "adding" for ever.
 */
export async function giveUpVariantB(ctx: LessonsContext, lessonId: string, reason: string): Promise<void> {
  await repo.unmarkIfAdding(ctx.db, lessonId);
  ctx.log.error({ lessonId, reason }, 'lessons: the second marked ladder failed for good');
}
