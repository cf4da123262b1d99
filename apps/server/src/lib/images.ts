import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Sharp, default as SharpFactory } from 'sharp';
import { SERVER_TEXT } from '@academy/contract';
import { AppError, errors } from './errors';

// Uploaded pictures (profile pictures, login banners): checked by their bytes, re-encoded by sharp,
// kept in a folder of the data directory under names made from their content.

/** Judged by the bytes, never by the file name or the browser's content type. */
const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** A decompression bomb (a small file that decodes to gigapixels) is refused before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;

/** 415 unless the bytes are a JPEG, PNG or WebP. */
export async function assertAcceptedImage(upload: Buffer): Promise<void> {
  const type = await fileTypeFromBuffer(upload);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) throw new AppError(415, SERVER_TEXT.imageWrongType);
}

/**
 * Runs `encode` on the decoded, upright picture (and hands it sharp, for pictures made from it); a
 * file that does not decode answers 400. Re-encoding drops whatever else the file carried (EXIF
 * with GPS, trailing data). sharp (libvips) is loaded with the first picture, not at start.
 */
export async function reencodeImage<T>(upload: Buffer, encode: (image: Sharp, sharp: typeof SharpFactory) => Promise<T>): Promise<T> {
  const { default: sharp } = await import('sharp');
  try {
    return await encode(sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).rotate(), sharp);
  } catch {
    throw new AppError(400, SERVER_TEXT.imageUnreadable);
  }
}

export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * A folder of files whose names never change meaning (they come from the content), so browsers may
 * cache them for a year. Callers check a name against their own pattern before reading it.
 */
export class ContentFolder {
  constructor(readonly folder: string) {}

  /** Written beside, then renamed: a reader never sees half a file. */
  async write(name: string, bytes: Buffer): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    const partial = path.join(this.folder, `${name}.${crypto.randomUUID()}.part`);
    await writeFile(partial, bytes);
    await rename(partial, path.join(this.folder, name));
  }

  async read(name: string): Promise<Buffer | undefined> {
    try {
      return await readFile(path.join(this.folder, name));
    } catch {
      return undefined;
    }
  }

  async remove(name: string): Promise<void> {
    await rm(path.join(this.folder, name), { force: true });
  }
}

/**
 * Answers a stored WebP, cached for a year: its name is the hash of its bytes, so new content
 * always has a new address. Public like any <img>: the name cannot be guessed.
 */
export function sendStoredWebp(reply: FastifyReply, bytes: Buffer | undefined): FastifyReply {
  if (!bytes) throw errors.notFound();
  return reply.type('image/webp').header('Cache-Control', 'public, max-age=31536000, immutable').send(bytes);
}
