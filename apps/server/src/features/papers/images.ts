// A question's picture: checked by its bytes (JPEG, PNG or WebP), decoded under lib/images.ts's
// pixel cap, turned upright, made at most 1,200 px on its longer side, and stored as WebP without
// the file's metadata (EXIF with GPS, the camera) under the SHA-256 of its bytes, in
// DATA_DIR/paper-images. Unlike profile pictures it is never public: the paper's routes decide
// who may fetch it.
import { assertAcceptedImage, ContentFolder, reencodeImage, sha256Hex } from '../../lib/images';
import type { PapersContext } from './context';
import * as repo from './paper-repo';
import { iso } from './rows';

/** Wide enough for a diagram on a laptop, small enough for a phone on a weak line. */
const MAX_SIDE_PX = 1200;
const WEBP_QUALITY = 82;

export interface StoredImage {
  imageId: string;
  width: number;
  height: number;
}

function folderOf(ctx: Pick<PapersContext, 'imagesDir'>): ContentFolder {
  return new ContentFolder(ctx.imagesDir);
}

/** Refusals are AppErrors (415 not an accepted picture, 400 unreadable); nothing is written before both checks. */
export async function storeQuestionImage(ctx: Pick<PapersContext, 'db' | 'imagesDir' | 'clock'>, uploadedBy: string, upload: Buffer): Promise<StoredImage> {
  await assertAcceptedImage(upload);
  const encoded = await reencodeImage(upload, async (image) => {
    const { data, info } = await image
      .resize(MAX_SIDE_PX, MAX_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  });
  const imageId = sha256Hex(encoded.bytes);
  await folderOf(ctx).write(`${imageId}.webp`, encoded.bytes);
  await repo.insertImage(ctx.db, {
    hash: imageId,
    width: encoded.width,
    height: encoded.height,
    bytes: encoded.bytes.length,
    uploaded_by: uploadedBy,
    uploaded_at: iso(ctx.clock()),
  });
  return { imageId, width: encoded.width, height: encoded.height };
}

/** The stored WebP; `imageId` is already checked to be a hash (the route's schema). */
export function readQuestionImage(ctx: Pick<PapersContext, 'imagesDir'>, imageId: string): Promise<Buffer | undefined> {
  return folderOf(ctx).read(`${imageId}.webp`);
}
