// A student's page (answer-scripts.md 'By content', 'Normalised'): streamed to a file beside the
// pages (never held whole: a hall hands in hundreds of 3 MB photos at once), judged by its bytes,
// decoded under the pixel cap, turned upright by its EXIF orientation, made at most 2,000 px a side
// and stored as WebP with no metadata at all, under a random id. Encoded one page at a time per
// instance, in a child process (page-encoder.ts), so the peak costs queueing, not the server's memory.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { fileTypeFromFile } from 'file-type';
import { ANSWER_SCRIPTS_TEXT, WRITTEN_LIMITS, type PageRotation } from '@academy/contract';
import { AppError } from '../../../lib/errors';
import { encodeInChild, type EncodeJob } from './page-encoder';

/** Judged by the bytes, never by the name or the browser's type. */
const PAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** As lib/images.ts: a small file that decodes to gigapixels is refused before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 80;
/** libvips' WebP effort (0–6, default 4): 2 encodes a phone page in under half the CPU for a few percent more bytes, which the hand-in peak needs. */
const WEBP_EFFORT = 2;

export interface StoredPage {
  id: string;
  width: number;
  height: number;
  bytes: number;
  /** When its last byte arrived (the clock given): what the upload deadline judges, not when the encoding queue reached it. */
  receivedAt: number;
}

export function pageFile(dir: string, pageId: string): string {
  return path.join(dir, `${pageId}.webp`);
}

/** The upright page at most 2,000 px, WebP, no metadata (sharp keeps none unless asked). */
function normalised(input: string, output: string): EncodeJob {
  return { input, output, rotate: 'auto', maxSide: WRITTEN_LIMITS.pageMaxSidePx, limitInputPixels: MAX_INPUT_PIXELS, quality: WEBP_QUALITY, effort: WEBP_EFFORT };
}

/**
 * Stores one upload as a page. 415 when the bytes are not a JPEG, PNG or WebP (a PDF says the app
 * sends its pages), 413 past the cap, 400 when it does not decode; nothing stays on disk after a refusal.
 */
export async function storePage(dir: string, stream: Readable & { truncated?: boolean }, clock: () => number): Promise<StoredPage> {
  await mkdir(dir, { recursive: true });
  const id = randomUUID();
  const upload = path.join(dir, `${id}.upload`);
  const target = pageFile(dir, id);
  try {
    // A body that ends part-way (the line dropped) is a refusal of its own, not a server fault.
    await pipeline(stream, createWriteStream(upload)).catch(() => {
      throw new AppError(400, ANSWER_SCRIPTS_TEXT.pageCut);
    });
    const receivedAt = clock();
    if (stream.truncated) throw new AppError(413, ANSWER_SCRIPTS_TEXT.pageTooLarge);
    const type = await fileTypeFromFile(upload);
    if (type?.mime === 'application/pdf') throw new AppError(415, ANSWER_SCRIPTS_TEXT.pdfAsPages);
    if (!type || !PAGE_TYPES.has(type.mime)) throw new AppError(415, ANSWER_SCRIPTS_TEXT.pageType);
    const info = await encodeInChild(normalised(upload, `${target}.part`)).catch(() => {
      throw new AppError(400, ANSWER_SCRIPTS_TEXT.pageUnreadable);
    });
    await rename(`${target}.part`, target);
    return { id, ...info, receivedAt };
  } catch (error) {
    await rm(`${target}.part`, { force: true });
    throw error;
  } finally {
    await rm(upload, { force: true });
  }
}

export interface TurnedPage {
  pageId: string;
  width: number;
  height: number;
  bytes: number;
  /** The turned file, put in place by `placeTurned` once the hand-in has committed, or dropped by `dropTurned`. */
  partial: string | null;
}

/**
 * A staged page as the student turned it: the turned WebP is written beside (the stored page is
 * left as it is until the hand-in commits, so a refused or repeated hand-in never turns it twice).
 */
export async function turnPage(dir: string, pageId: string, rotation: PageRotation, stored: { width: number; height: number; bytes: number }): Promise<TurnedPage> {
  if (rotation === 0) return { pageId, ...stored, partial: null };
  const partial = `${pageFile(dir, pageId)}.${randomUUID()}.part`;
  // The encoder reads a turn as bytes: libvips caches what it opened by file name, and this name's content is about to change.
  const info = await encodeInChild({ input: pageFile(dir, pageId), output: partial, rotate: rotation, limitInputPixels: MAX_INPUT_PIXELS, quality: WEBP_QUALITY, effort: WEBP_EFFORT });
  return { pageId, ...info, partial };
}

export async function placeTurned(dir: string, turned: readonly TurnedPage[]): Promise<void> {
  for (const page of turned) if (page.partial) await rename(page.partial, pageFile(dir, page.pageId));
}

export async function dropTurned(turned: readonly TurnedPage[]): Promise<void> {
  await Promise.all(turned.map((page) => (page.partial ? rm(page.partial, { force: true }) : undefined)));
}

export async function removePageFiles(dir: string, pageIds: readonly string[]): Promise<void> {
  await Promise.all(pageIds.map((id) => rm(pageFile(dir, id), { force: true })));
}
