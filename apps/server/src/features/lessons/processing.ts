import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { LESSONS_TEXT } from '@academy/contract';
import { PermanentJobError, type JobContext } from '../../jobs/worker';
import { NotPlayableVideo, probeVideo } from '../../media/probe';
import { ToolError } from '../../media/run-tool';
import { transcodeLesson } from '../../media/transcode';
import type { LessonsContext } from './context';
import * as repo from './repo';

// The transcode job of one lesson: the source is copied from the store to local scratch space,
// probed, transcoded, and the outputs are written to the lesson store under a folder of their own.
// Only when every output is stored does the lesson become ready; the previous outputs (of an earlier
// try) are removed after. A try that dies half-way leaves scratch files and perhaps a folder that
// no row names; the next try starts from its own clean folder.

export interface LessonJobPayload {
  lessonId: string;
}

/** Progress is written at most this often: a 2-hour lesson reports many times a second. */
const PROGRESS_WRITE_MS = 1000;

async function filesBelow(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesBelow(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`])),
  );
  return names.flat();
}

/** Writes every output to the lesson store; answers the rows that find them, '' naming the folder. */
async function storeOutputs(ctx: LessonsContext, lessonId: string, outDir: string): Promise<{ name: string; store_id: string; size: number }[]> {
  const folder = await ctx.outputs.createFolder(ctx.outputs.rootId, `${lessonId}-${Date.now()}`);
  const rows = [{ name: '', store_id: folder.id, size: 0 }];
  const folders = new Map<string, string>([['', folder.id]]);
  for (const name of await filesBelow(outDir)) {
    const parentName = path.posix.dirname(name) === '.' ? '' : path.posix.dirname(name);
    let parentId = folders.get(parentName);
    if (!parentId) {
      parentId = (await ctx.outputs.createFolder(folder.id, parentName)).id;
      folders.set(parentName, parentId);
    }
    const file = path.join(outDir, name);
    const item = await ctx.outputs.upload(parentId, path.posix.basename(name), createReadStream(file), 'application/octet-stream');
    rows.push({ name, store_id: item.id, size: (await stat(file)).size });
  }
  return rows;
}

/** Removes a lesson's stored outputs (its folder), whatever state they are in. */
export async function removeOutputs(ctx: LessonsContext, lessonId: string): Promise<void> {
  const stored = await repo.outputs(ctx.db, lessonId);
  const folder = stored.find((output) => output.name === '');
  if (folder) await ctx.outputs.delete(folder.store_id).catch(() => undefined);
  const cache = ctx.outputs as { forget?: (ids: string[]) => Promise<void> };
  await cache.forget?.(stored.map((output) => output.store_id));
}

/** What an admin reads on the drive screen when processing stops for good. */
export function failureReason(error: unknown): string {
  if (error instanceof NotPlayableVideo) return LESSONS_TEXT.notPlayableVideo;
  if (error instanceof PermanentJobError) return error.message;
  if (error instanceof ToolError) return `${error.message}: ${error.detail.split('\n').pop() ?? ''}`.slice(0, 500);
  return error instanceof Error ? error.message.slice(0, 500) : 'processing failed';
}

export async function processLesson(ctx: LessonsContext, payload: unknown, job: JobContext): Promise<void> {
  const { lessonId } = payload as LessonJobPayload;
  const lesson = await repo.findById(ctx.db, lessonId);
  if (!lesson) return;
  const work = path.join(ctx.workDir, `${lessonId}-${job.attempt}`);
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  try {
    await repo.update(ctx.db, lessonId, { state: 'processing', progress: 0, error: null });
    const source = await ctx.store.stat(lesson.file_id);
    if (!source) throw new PermanentJobError('the video is no longer in the store');
    const sourceFile = path.join(work, 'source');
    await pipeline(await ctx.store.read(lesson.file_id), createWriteStream(sourceFile), { signal: job.signal });
    const facts = await probeVideo(ctx.binaries, sourceFile).catch((error: unknown) => {
      throw error instanceof NotPlayableVideo ? new PermanentJobError(LESSONS_TEXT.notPlayableVideo) : error;
    });
    let written = 0;
    const outDir = path.join(work, 'out');
    const result = await transcodeLesson(
      ctx.binaries,
      {
        source: sourceFile,
        facts,
        outDir,
        key: Buffer.from(lesson.key_hex, 'hex'),
        iv: Buffer.from(lesson.iv_hex, 'hex'),
        signal: job.signal,
        onProgress: (progress) => {
          if (Date.now() - written < PROGRESS_WRITE_MS) return;
          written = Date.now();
          void repo.update(ctx.db, lessonId, { progress }).catch(() => undefined);
        },
      },
      work,
    );
    job.signal.throwIfAborted();
    const previous = await repo.outputs(ctx.db, lessonId);
    const rows = await storeOutputs(ctx, lessonId, outDir);
    if (!(await repo.findById(ctx.db, lessonId))) {
      // Deleted while it transcoded: what was just stored belongs to nothing.
      await ctx.outputs.delete(rows[0]?.store_id ?? '').catch(() => undefined);
      return;
    }
    await repo.replaceOutputs(ctx.db, lessonId, rows);
    await repo.update(ctx.db, lessonId, {
      state: 'ready',
      progress: 100,
      error: null,
      duration_seconds: facts.durationSeconds,
      width: facts.width,
      height: facts.height,
      renditions: JSON.stringify(result.renditions),
    });
    const oldFolder = previous.find((output) => output.name === '');
    if (oldFolder) await ctx.outputs.delete(oldFolder.store_id).catch(() => undefined);
  } catch (error) {
    if (job.signal.aborted) throw error;
    const reason = failureReason(error);
    await repo.update(ctx.db, lessonId, { state: 'queued', error: reason }).catch(() => undefined);
    throw error instanceof PermanentJobError ? error : new Error(reason, { cause: error });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
