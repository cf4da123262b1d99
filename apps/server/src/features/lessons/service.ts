import { randomBytes, randomUUID } from 'node:crypto';
import {
  driveItemKind,
  FORENSICS_TEXT,
  LESSON_STATES,
  lessonAddress,
  LESSONS_PATHS,
  LESSONS_TEXT,
  type DriveItem,
  type FileTicketAnswer,
  type LessonMarks,
  type LessonProcessing,
  type LessonState,
} from '@academy/contract';
import { AppError, errors } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit-log/service';
import { NotPlayableVideo, probeVideo, type VideoFacts } from '../../media/probe';
import type { LessonHooks, LessonViewer } from '../class-material/lesson-hooks';
import { LESSON_JOB, LESSON_VARIANT_B_JOB, type LessonsContext } from './context';
import { sourceOnDisk } from './job-steps';
import { LESSON_NOTIFICATION, lessonSubject } from './notification';
import { removeOutputs } from './processing';
import * as repo from './repo';
import type { LessonRow } from './repo';

// The lessons feature's rules: a video that lands is queued; its row follows the file through
// renames and goes with it on delete; listings and tickets show what is ready.

/**
 * Probes a file before it is kept (the multipart upload, and the resumable upload once finished):
 * 415 with a sentence saying it is not a playable video, or the facts the lesson row starts with.
 */
export async function probeLessonUpload(ctx: Pick<LessonsContext, 'binaries'>, file: string): Promise<VideoFacts> {
  try {
    return await probeVideo(ctx.binaries, file);
  } catch (error) {
    if (error instanceof NotPlayableVideo) throw new AppError(415, LESSONS_TEXT.notPlayableVideo);
    throw error;
  }
}

/** Queues (or queues again) the processing of the video stored under `fileId`. */
export async function enqueueLessonProcessing(ctx: LessonsContext, fileId: string, facts?: VideoFacts): Promise<void> {
  const existing = await repo.findByFile(ctx.db, fileId);
  if (existing) await purge(ctx, existing);
  const now = new Date().toISOString();
  const id = randomUUID();
  await repo.insert(ctx.db, {
    id,
    file_id: fileId,
    state: 'queued',
    duration_seconds: facts?.durationSeconds ?? null,
    width: facts?.width ?? null,
    height: facts?.height ?? null,
    key_hex: randomBytes(16).toString('hex'),
    // No fixed IV: each segment takes its sequence number as IV (job-steps.ts, fixedIv).
    iv_hex: '',
    created_at: now,
    updated_at: now,
  });
  await ctx.queue.enqueue(LESSON_JOB, id, { lessonId: id });
  ctx.wake();
}

/** A failed lesson, queued again (the admin's Retry). */
export async function retryLesson(ctx: LessonsContext, fileId: string): Promise<LessonProcessing> {
  const lesson = await repo.findByFile(ctx.db, fileId);
  if (!lesson) throw errors.notFound(LESSONS_TEXT.lessonNotFound);
  if (lesson.state !== 'failed') throw errors.conflict('state', LESSONS_TEXT.notFailed);
  await repo.update(ctx.db, lesson.id, { state: 'queued', progress: 0, error: null });
  await ctx.queue.enqueue(LESSON_JOB, lesson.id, { lessonId: lesson.id });
  ctx.wake();
  return { state: 'queued', progress: 0 };
}

/** A lesson whose processing failed for good, with the reason an admin reads (a ready one stays ready). */
export async function markFailed(ctx: LessonsContext, lessonId: string, reason: string): Promise<void> {
  await repo.recordFailure(ctx.db, lessonId, reason, 'failed');
}

async function purge(ctx: LessonsContext, lesson: Pick<LessonRow, 'id'>): Promise<void> {
  await ctx.notifier?.withdraw(ctx.db, LESSON_NOTIFICATION, lessonSubject(lesson.id));
  await removeOutputs(ctx, lesson.id);
  await ctx.queue.remove(LESSON_JOB, lesson.id);
  await ctx.queue.remove(LESSON_VARIANT_B_JOB, lesson.id);
  await repo.remove(ctx.db, lesson.id);
}

/** After a rename: every lesson whose file's id changed with it gets its new id. */
export async function followRename(ctx: LessonsContext, fromId: string, toId: string): Promise<void> {
  if (fromId === toId) return;
  for (const lesson of await repo.listFileIds(ctx.db)) {
    const moved = ctx.store.movedId(lesson.file_id, fromId, toId);
    if (moved !== lesson.file_id) await repo.update(ctx.db, lesson.id, { file_id: moved });
  }
}

/**
 * After a delete: the deleted file's lesson, and (a folder was deleted) every lesson whose file the
 * store no longer has, go with their outputs.
 */
export async function forgetDeleted(ctx: LessonsContext, itemId: string): Promise<void> {
  const direct = await repo.findByFile(ctx.db, itemId);
  if (direct) {
    await purge(ctx, direct);
    return;
  }
  for (const lesson of await repo.listFileIds(ctx.db)) {
    if (!(await ctx.store.stat(lesson.file_id))) await purge(ctx, lesson);
  }
}

/** The row's `marks` (migration 013) as the drive screen names them. */
const MARKS_SHOWN: Record<string, LessonMarks> = { none: 'none', a: 'adding', ab: 'ready' };

function processingOf(lesson: LessonRow): LessonProcessing {
  const state: LessonState = (LESSON_STATES as readonly string[]).includes(lesson.state) ? (lesson.state as LessonState) : 'queued';
  return {
    state,
    progress: lesson.progress,
    ...(lesson.error && state === 'failed' ? { error: lesson.error } : {}),
    ...(state === 'ready' ? { marks: MARKS_SHOWN[lesson.marks] ?? 'none' } : {}),
  };
}

export async function describeItems(ctx: LessonsContext, items: DriveItem[], viewer: LessonViewer): Promise<DriveItem[]> {
  const videos = items.filter((item) => driveItemKind(item) === 'video');
  const lessons = new Map((await repo.findByFiles(ctx.db, videos.map((video) => video.id))).map((lesson) => [lesson.file_id, lesson]));
  return items.map((item) => {
    const lesson = lessons.get(item.id);
    if (!lesson) return item;
    const ready = lesson.state === 'ready';
    return {
      ...item,
      ...(lesson.duration_seconds === null ? {} : { durationSeconds: lesson.duration_seconds }),
      ...(ready ? { posterUrl: lessonAddress(LESSONS_PATHS.poster, item.id, viewer.ticketFor(item.id)) } : {}),
      ...(viewer.admin ? { processing: processingOf(lesson) } : {}),
    };
  });
}

export async function ticketAdditions(ctx: LessonsContext, fileId: string, ticket: string): Promise<Partial<FileTicketAnswer['data']>> {
  const lesson = await repo.findByFile(ctx.db, fileId);
  if (!lesson) return {};
  const duration = lesson.duration_seconds === null ? {} : { durationSeconds: lesson.duration_seconds };
  if (lesson.state !== 'ready') return duration;
  return {
    ...duration,
    hls: lessonAddress(LESSONS_PATHS.master, fileId, ticket),
    posterUrl: lessonAddress(LESSONS_PATHS.poster, fileId, ticket),
    thumbnailsUrl: lessonAddress(LESSONS_PATHS.thumbnailsVtt, fileId, ticket),
  };
}

export function lessonHooks(ctx: LessonsContext): LessonHooks {
  return {
    probe: (file) => probeLessonUpload(ctx, file),
    landed: (fileId, probed) => enqueueLessonProcessing(ctx, fileId, probed as VideoFacts),
    renamed: (fromId, toId) => followRename(ctx, fromId, toId),
    deleted: (itemId) => forgetDeleted(ctx, itemId),
    describe: (items, viewer) => describeItems(ctx, items, viewer),
    ticketAdditions: (fileId, ticket) => ticketAdditions(ctx, fileId, ticket),
    streamsOnly: async (fileId) => (await repo.findByFile(ctx.db, fileId))?.state === 'ready',
  };
}


/** A lesson a copy can be traced to: both marked ladders made. */
export interface MarkedLesson {
  id: string;
  fileId: string;
  secret: Buffer;
}

export async function markedLessons(ctx: LessonsContext): Promise<MarkedLesson[]> {
  const rows = await repo.markedLessons(ctx.db);
  return rows.flatMap((row) => (row.mark_secret_hex ? [{ id: row.id, fileId: row.file_id, secret: Buffer.from(row.mark_secret_hex, 'hex') }] : []));
}

/** The video's name in the drive (its id if the store cannot say): what a trace reports. */
export async function lessonName(ctx: LessonsContext, fileId: string): Promise<string> {
  return (await ctx.store.stat(fileId).catch(() => null))?.item.name ?? fileId;
}

/** The lesson's source copied into `work` (the reference a copy is compared with). */
export async function lessonSource(ctx: LessonsContext, fileId: string, work: string, signal: AbortSignal): Promise<string> {
  return (await sourceOnDisk(ctx, fileId, work, signal)).file;
}

/** Who played a lesson, and a viewer's latest play: what a trace reports. */
export const lessonStreamers = (ctx: LessonsContext, lessonId: string) => repo.streamers(ctx.db, lessonId);
export const latestLessonStream = (ctx: LessonsContext, lessonId: string, accountId: string) => repo.latestStream(ctx.db, lessonId, accountId);

/**
 * Queues the marked ladders for ready lessons made before marks existed (`'all'`), or for one ready
 * lesson again: each stays playable on its current ladder until the new one is stored. Answers
 * how many were queued.
 */
export async function addMarks(ctx: LessonsContext, actor: AuditActor, fileId: string | 'all'): Promise<number> {
  const lessons = fileId === 'all' ? await repo.unmarkedReady(ctx.db) : [await repo.findByFile(ctx.db, fileId)].filter((lesson) => lesson !== undefined);
  const ready = lessons.filter((lesson) => lesson.state === 'ready');
  if (fileId !== 'all' && ready.length === 0) throw errors.conflict('fileId', FORENSICS_TEXT.noLessonToMark);
  for (const lesson of ready) await ctx.queue.enqueue(LESSON_JOB, lesson.id, { lessonId: lesson.id });
  await recordAudit(ctx.db, actor, {
    action: 'file.add-marks',
    target: { type: 'file', id: fileId === 'all' ? 'all-lessons' : fileId, label: fileId === 'all' ? 'every lesson without marks' : fileId },
    summary: `Queued leak marks for ${ready.length} lesson${ready.length === 1 ? '' : 's'}`,
  });
  if (ready.length > 0) ctx.wake();
  return ready.length;
}
