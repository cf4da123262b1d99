// A student's page (answer-scripts.md 'By content', 'Normalised'): streamed to a file beside the
// pages (never held whole: a hall hands in hundreds of 3 MB photos at once), judged by its bytes,
// decoded under the pixel cap, turned upright by its EXIF orientation, made at most 2,000 px a side
// and stored as WebP with no metadata at all, under a random id. Encoding is bounded to two pages
// at a time per instance, so the peak costs queueing, not memory.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { fileTypeFromFile } from 'file-type';
import type SharpFactory from 'sharp';
import { ANSWER_SCRIPTS_TEXT, WRITTEN_LIMITS, type PageRotation } from '@academy/contract';
import { AppError } from '../../../lib/errors';

/** Judged by the bytes, never by the name or the browser's type. */
const PAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** As lib/images.ts: a small file that decodes to gigapixels is refused before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 80;
/** libvips' WebP effort (0–6, default 4): 2 encodes a phone page in under half the CPU for a few percent more bytes, which the hand-in peak needs. */
const WEBP_EFFORT = 2;
/**
 * Pages encoded at once on this instance. One: each encoding holds about 100 MB while it runs, and
 * glibc keeps a freed arena per thread that encoded, so two at once cost a second 100 MB of
 * resident memory for little more speed on two cores (bench/scripts.ts).
 */
const ENCODERS = 1;

export interface StoredPage {
  id: string;
  width: number;
  height: number;
  bytes: number;
  /** When its last byte arrived (the clock given): what the upload deadline judges, not when the encoding queue reached it. */
  receivedAt: number;
}

/** A tiny semaphore: at most `ENCODERS` encodings run; the rest wait their turn. */
let running = 0;
const waiting: (() => void)[] = [];
async function encoding<T>(work: () => Promise<T>): Promise<T> {
  if (running >= ENCODERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

export function pageFile(dir: string, pageId: string): string {
  return path.join(dir, `${pageId}.webp`);
}

/**
 * sharp (libvips) is loaded with the first page, not at the server's start. Its operation cache is
 * turned off then, for the process: it keeps up to 50 MB of decoded images in case they are asked
 * for again, and no page ever is (each is new), so under a hall's hand-in it is memory for nothing.
 * Its thread count is left alone: under glibc's malloc sharp already runs libvips one thread per
 * operation (sharp.concurrency() is 1), so setting it here would change nothing.
 */
async function loadSharp(): Promise<typeof SharpFactory> {
  const sharp = (await import('sharp')).default;
  sharp.cache(false);
  return sharp;
}

/**
 * The upright page at most 2,000 px, WebP, no metadata (sharp keeps none unless asked). Read in
 * one pass from the file (sequentialRead, sharp's default, said here because the peak depends on
 * it: the photo is decoded a strip at a time into the shrink, never whole), and the resize comes
 * straight after the load so a JPEG is decoded already shrunk where libjpeg can (3× and more;
 * sharp decodes a 2–3× shrink, a 12-megapixel photo's, at full size to avoid libjpeg's rounding).
 */
function normalise(sharp: typeof SharpFactory, input: string) {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true })
    .rotate()
    .resize(WRITTEN_LIMITS.pageMaxSidePx, WRITTEN_LIMITS.pageMaxSidePx, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT });
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
    const info = await encoding(async () => {
      try {
        return await normalise(await loadSharp(), upload).toFile(`${target}.part`);
      } catch {
        throw new AppError(400, ANSWER_SCRIPTS_TEXT.pageUnreadable);
      }
    });
    await rename(`${target}.part`, target);
    return { id, width: info.width, height: info.height, bytes: info.size, receivedAt };
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
  // Read as bytes: libvips caches what it opened by file name, and this name's content is about to change.
  const bytes = await readFile(pageFile(dir, pageId));
  const sharp = await loadSharp();
  const info = await encoding(() => sharp(bytes).rotate(rotation).webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT }).toFile(partial));
  return { pageId, width: info.width, height: info.height, bytes: info.size, partial };
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
