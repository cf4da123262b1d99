import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { LESSONS_TEXT } from '@academy/contract';
import { PermanentJobError } from '../../jobs/worker';
import { NotPlayableVideo, probeVideo, type VideoFacts } from '../../media/probe';
import { ToolError } from '../../media/run-tool';
import { stopToolsIn } from '../../media/stop-tools';
import type { LessonsContext } from './context';
import type { OutputRow } from './repo';

// The steps both ladder jobs take (processing.ts makes ladder A, variant-b.ts its twin B): a
// scratch folder per try, the source copied there and probed, outputs written to the lesson store.

/**
 * The one IV a lesson's segments were encrypted with, or null for a lesson whose segments take their
 * sequence numbers as IVs (every lesson queued since; its row stores '' as iv_hex). An older lesson
 * keeps its IV for every ladder made of it again (ladder B must open with A's key and IV).
 */
export function fixedIv(lesson: { iv_hex: string }): Buffer | null {
  return lesson.iv_hex === '' ? null : Buffer.from(lesson.iv_hex, 'hex');
}

/** Every file below `dir`, by its path from there ('360p/4.ts'). */
export async function filesBelow(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesBelow(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`])),
  );
  return names.flat();
}


/** Writes the files below `outDir` that `keep` takes into the store folder `folderId`, sub-folders made as needed. */
export async function storeFilesIn(ctx: LessonsContext, folderId: string, outDir: string, keep: (name: string) => boolean = () => true): Promise<OutputRow[]> {
  const rows: OutputRow[] = [];
  const folders = new Map<string, string>([['', folderId]]);
  for (const name of (await filesBelow(outDir)).filter(keep)) {
    const parentName = path.posix.dirname(name) === '.' ? '' : path.posix.dirname(name);
    let parentId = folders.get(parentName);
    if (!parentId) {
      parentId = (await ctx.outputs.createFolder(folderId, parentName)).id;
      folders.set(parentName, parentId);
    }
    const file = path.join(outDir, name);
    const item = await ctx.outputs.upload(parentId, path.posix.basename(name), createReadStream(file), 'application/octet-stream');
    rows.push({ name, store_id: item.id, size: (await stat(file)).size });
  }
  return rows;
}

/**
 * A clean scratch folder for one try of a job (`${name}-${attempt}`), removed after it whatever
 * happens. The folders of the job's earlier tries are gone too: a try whose server was killed left
 * its folder, and maybe its ffmpeg still at work in it (media/stop-tools.ts), which is stopped.
 */
export async function inScratch<T>(ctx: LessonsContext, name: string, attempt: number, run: (work: string) => Promise<T>): Promise<T> {
  for (let earlier = 1; earlier < attempt; earlier++) {
    const left = path.join(ctx.workDir, `${name}-${earlier}`);
    await stopToolsIn(left);
    await rm(left, { recursive: true, force: true });
  }
  const work = path.join(ctx.workDir, `${name}-${attempt}`);
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  try {
    return await run(work);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** What an admin reads on the drive screen when processing stops for good. */
export function failureReason(error: unknown): string {
  if (error instanceof NotPlayableVideo) return LESSONS_TEXT.notPlayableVideo;
  if (error instanceof PermanentJobError) return error.message;
  if (error instanceof ToolError) return `${error.message}: ${error.detail.split('\n').pop() ?? ''}`.slice(0, 500);
  return error instanceof Error ? error.message.slice(0, 500) : 'processing failed';
}

/** The lesson's source copied to local scratch space and probed: what ffmpeg reads. */
export async function sourceOnDisk(ctx: LessonsContext, fileId: string, work: string, signal: AbortSignal): Promise<{ file: string; facts: VideoFacts }> {
  const source = await ctx.store.stat(fileId);
  if (!source) throw new PermanentJobError('the video is no longer in the store');
  const file = path.join(work, 'source');
  await pipeline(await ctx.store.read(fileId), createWriteStream(file), { signal });
  const facts = await probeVideo(ctx.binaries, file).catch((error: unknown) => {
    throw error instanceof NotPlayableVideo ? new PermanentJobError(LESSONS_TEXT.notPlayableVideo) : error;
  });
  return { file, facts };
}

