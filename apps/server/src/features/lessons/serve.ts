import type { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { CLASS_MATERIAL_TEXT, LESSONS_TEXT, type LessonRendition } from '@academy/contract';
import { AppError, errors } from '../../lib/errors';
import { StoreError } from '../../storage/file-store';
import { viewerOfTicket } from '../class-material/file-service';
import type { ClassMaterialContext } from '../class-material/tree';
import type { LessonsContext } from './context';
import { masterForTicket, renditionForTicket, thumbnailsForTicket } from './playlist';
import { markedSegmentName } from './marked-segments';
import * as repo from './repo';

// Every lesson request is checked as secure-file checks (viewerOfTicket: ticket, account, token
// version, grant) before any byte of the lesson is read, and only a ready lesson answers.

export interface LessonsServeContext {
  lessons: LessonsContext;
  material: ClassMaterialContext;
}

export interface Served {
  contentType: string;
  body: Readable | string | Buffer;
}

function notReady() {
  return errors.notFound(LESSONS_TEXT.lessonNotFound);
}

/** The ticket's file as a ready lesson, and who holds the ticket. A grant that no longer covers the file is a dead link here: 403. */
async function readyLesson(ctx: LessonsServeContext, fileId: string, ticket: string) {
  const { item, reader } = await viewerOfTicket(ctx.material, fileId, ticket).catch((error: unknown) => {
    throw error instanceof AppError && error.status === 404 ? errors.forbidden(CLASS_MATERIAL_TEXT.fileLinkInvalid) : error;
  });
  const lesson = await repo.findByFile(ctx.lessons.db, item.id);
  if (!lesson || lesson.state !== 'ready') throw notReady();
  return { lesson, reader };
}

async function output(ctx: LessonsServeContext, lessonId: string, name: string): Promise<Readable> {
  const storeId = await repo.outputId(ctx.lessons.db, lessonId, name);
  if (!storeId) throw notReady();
  try {
    return await ctx.lessons.outputs.read(storeId);
  } catch (error) {
    if (error instanceof StoreError && error.kind === 'not-found') throw notReady();
    if (error instanceof StoreError) throw errors.unavailable(CLASS_MATERIAL_TEXT.storeUnavailable);
    throw error;
  }
}

const PLAYLIST = 'application/vnd.apple.mpegurl';

export async function master(ctx: LessonsServeContext, fileId: string, ticket: string): Promise<Served> {
  const { lesson } = await readyLesson(ctx, fileId, ticket);
  return { contentType: PLAYLIST, body: masterForTicket(await text(await output(ctx, lesson.id, 'master.m3u8')), fileId, ticket) };
}

export async function rendition(ctx: LessonsServeContext, fileId: string, name: LessonRendition, ticket: string): Promise<Served> {
  const { lesson } = await readyLesson(ctx, fileId, ticket);
  const stored = await text(await output(ctx, lesson.id, `${name}/index.m3u8`));
  return { contentType: PLAYLIST, body: renditionForTicket(stored, fileId, name, ticket) };
}

/**
 * A segment of the variant this viewer's codeword picks (features/forensics/codeword.ts). The
 * address is the same for every viewer, so nothing a student sees says A or B.
 */
export async function segment(ctx: LessonsServeContext, fileId: string, name: LessonRendition, segmentName: string, ticket: string): Promise<Served> {
  const { lesson, reader } = await readyLesson(ctx, fileId, ticket);
  const stored = `${name}/${segmentName}`;
  return { contentType: 'video/mp2t', body: await output(ctx, lesson.id, markedSegmentName(lesson, reader.id, stored)) };
}

/** The key; each fetch is one play, remembered for tracing (who, when, from which address). */
export async function key(ctx: LessonsServeContext, fileId: string, ticket: string, ip: string): Promise<Served> {
  const { lesson, reader } = await readyLesson(ctx, fileId, ticket);
  await repo.recordStream(ctx.lessons.db, { lesson_id: lesson.id, account_id: reader.id, ip, streamed_at: new Date().toISOString() });
  return { contentType: 'application/octet-stream', body: Buffer.from(lesson.key_hex, 'hex') };
}

export async function image(ctx: LessonsServeContext, fileId: string, name: 'poster.jpg' | 'thumbnails.jpg', ticket: string): Promise<Served> {
  const { lesson } = await readyLesson(ctx, fileId, ticket);
  return { contentType: 'image/jpeg', body: await output(ctx, lesson.id, name) };
}

export async function thumbnails(ctx: LessonsServeContext, fileId: string, ticket: string): Promise<Served> {
  const { lesson } = await readyLesson(ctx, fileId, ticket);
  return { contentType: 'text/vtt; charset=utf-8', body: thumbnailsForTicket(await text(await output(ctx, lesson.id, 'thumbnails.vtt')), fileId, ticket) };
}
