import path from 'node:path';
import { API_BASE, PROFILE_IMAGE_SIZE_PX, STUDENTS_PATHS } from '@academy/contract';
import { assertAcceptedImage, ContentFolder, reencodeImage, sha256Hex } from '../../lib/images';

const URL_PREFIX = `${API_BASE}${STUDENTS_PATHS.profileImageFile.replace(':file', '')}`;

/**
 * Profile pictures on disk in DATA_DIR/profile-images, each named by the SHA-256 of its re-encoded
 * bytes: the same picture is stored once, and a name never changes meaning, so the browser may
 * cache it for a year.
 */
export class ProfileImageStore {
  private readonly files: ContentFolder;

  constructor(dataDir: string) {
    this.files = new ContentFolder(path.join(dataDir, 'profile-images'));
  }

  /** Checks the upload's real type, re-encodes it as a square WebP, stores it, and answers its URL. */
  async save(upload: Buffer): Promise<string> {
    await assertAcceptedImage(upload);
    const encoded = await reencodeImage(upload, (image) =>
      image.resize(PROFILE_IMAGE_SIZE_PX, PROFILE_IMAGE_SIZE_PX, { fit: 'cover' }).webp({ quality: 82 }).toBuffer(),
    );
    const name = `${sha256Hex(encoded)}.webp`;
    await this.files.write(name, encoded);
    return `${URL_PREFIX}${name}`;
  }

  /** The bytes of a stored picture, or undefined; `name` is already checked against the name pattern. */
  read(name: string): Promise<Buffer | undefined> {
    return this.files.read(name);
  }

  /** Removes a picture no account shows any more. Only our own URLs are touched. */
  async remove(url: string): Promise<void> {
    if (!url.startsWith(URL_PREFIX)) return;
    const name = url.slice(URL_PREFIX.length);
    if (!/^[a-f0-9]{64}\.webp$/.test(name)) return;
    await this.files.remove(name);
  }
}
