import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { API_BASE, PROFILE_IMAGE_SIZE_PX, SERVER_TEXT, STUDENTS_PATHS } from '@academy/contract';
import { AppError } from '../../lib/errors';

/** Judged by the bytes, never by the file name or the browser's content type. */
const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** A decompression bomb (a small file that decodes to gigapixels) is refused before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;

const URL_PREFIX = `${API_BASE}${STUDENTS_PATHS.profileImageFile.replace(':file', '')}`;

/**
 * Profile pictures on disk in DATA_DIR/profile-images, each named by the SHA-256 of its re-encoded
 * bytes: the same picture is stored once, and a name never changes meaning, so the browser may
 * cache it for a year.
 */
export class ProfileImageStore {
  readonly folder: string;

  constructor(dataDir: string) {
    this.folder = path.join(dataDir, 'profile-images');
  }

  /** Checks the upload's real type, re-encodes it as a square WebP, stores it, and answers its URL. */
  async save(upload: Buffer): Promise<string> {
    const type = await fileTypeFromBuffer(upload);
    if (!type || !ACCEPTED_TYPES.has(type.mime)) throw new AppError(415, SERVER_TEXT.imageWrongType);
    let encoded: Buffer;
    try {
      // Re-encoding drops whatever else the file carried (EXIF with GPS, trailing data).
      encoded = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(PROFILE_IMAGE_SIZE_PX, PROFILE_IMAGE_SIZE_PX, { fit: 'cover' })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw new AppError(400, SERVER_TEXT.imageUnreadable);
    }
    const name = `${createHash('sha256').update(encoded).digest('hex')}.webp`;
    await mkdir(this.folder, { recursive: true });
    // Written beside, then renamed: a reader never sees half a file.
    const partial = path.join(this.folder, `${name}.${crypto.randomUUID()}.part`);
    await writeFile(partial, encoded);
    await rename(partial, path.join(this.folder, name));
    return `${URL_PREFIX}${name}`;
  }

  /** The bytes of a stored picture, or undefined; `name` is already checked against the name pattern. */
  async read(name: string): Promise<Buffer | undefined> {
    try {
      return await readFile(path.join(this.folder, name));
    } catch {
      return undefined;
    }
  }

  /** Removes a picture no account shows any more. Only our own URLs are touched. */
  async remove(url: string): Promise<void> {
    if (!url.startsWith(URL_PREFIX)) return;
    const name = url.slice(URL_PREFIX.length);
    if (!/^[a-f0-9]{64}\.webp$/.test(name)) return;
    await rm(path.join(this.folder, name), { force: true });
  }
}
