import type { Db } from '../../db/database';

export interface StoredImage {
  hash: string;
  max_width: number;
}

/** The published campaign in carousel order. */
export function listPublished(db: Db): Promise<StoredImage[]> {
  return db
    .selectFrom('banners')
    .innerJoin('banner_images', 'banner_images.hash', 'banners.image_hash')
    .select(['banner_images.hash', 'banner_images.max_width'])
    .orderBy('banners.position')
    .execute();
}

/** Records uploaded images (run it in a transaction); an image uploaded again (same bytes) counts as fresh. */
export async function recordUploads(trx: Db, images: StoredImage[], uploadedBy: string, uploadedAt: string): Promise<void> {
  for (const image of images) {
    await trx
      .insertInto('banner_images')
      .values({ ...image, uploaded_by: uploadedBy, uploaded_at: uploadedAt })
      .onConflict((conflict) => conflict.column('hash').doUpdateSet({ uploaded_by: uploadedBy, uploaded_at: uploadedAt }))
      .execute();
  }
}

/** Removes uploads older than `before` that are not published; answers what went, for its files. */
export function deleteStaleUploads(db: Db, before: string): Promise<StoredImage[]> {
  return db
    .deleteFrom('banner_images')
    .where('uploaded_at', '<', before)
    .where('hash', 'not in', db.selectFrom('banners').select('image_hash'))
    .returning(['hash', 'max_width'])
    .execute();
}

/** Forgets those of `hashes` that the campaign does not show; answers them, for their files. */
function forgetUnpublished(trx: Db, hashes: string[]): Promise<StoredImage[]> {
  if (hashes.length === 0) return Promise.resolve([]);
  return trx
    .deleteFrom('banner_images')
    .where('hash', 'in', hashes)
    .where('hash', 'not in', trx.selectFrom('banners').select('image_hash'))
    .returning(['hash', 'max_width'])
    .execute();
}

/**
 * Makes `images` the published campaign, in order (run it in a transaction). Answers the images that
 * were published before and are not any more (their rows are gone; the caller removes their files),
 * or null when one of them is not a stored upload (nothing changed). Positions are upserted, so two
 * admins posting at once end with one whole campaign, never a unique-key failure.
 */
export async function replacePublished(trx: Db, images: StoredImage[], publishedAt: string): Promise<StoredImage[] | null> {
  const hashes = images.map((image) => image.hash);
  const known = await trx.selectFrom('banner_images').select(['hash', 'max_width']).where('hash', 'in', hashes).execute();
  const matches = images.every((image) => known.some((row) => row.hash === image.hash && row.max_width === image.max_width));
  if (!matches) return null;
  const previous = await trx.selectFrom('banners').select('image_hash').execute();
  for (const [position, image] of images.entries()) {
    await trx
      .insertInto('banners')
      .values({ position, image_hash: image.hash, published_at: publishedAt })
      .onConflict((conflict) => conflict.column('position').doUpdateSet({ image_hash: image.hash, published_at: publishedAt }))
      .execute();
  }
  await trx.deleteFrom('banners').where('position', '>=', images.length).execute();
  return forgetUnpublished(trx, previous.map((row) => row.image_hash));
}

/** Unpublishes everything and forgets those images (run it in a transaction); answers them, for their files. */
export async function deletePublished(trx: Db): Promise<StoredImage[]> {
  const published = await trx.selectFrom('banners').select('image_hash').execute();
  await trx.deleteFrom('banners').execute();
  return forgetUnpublished(trx, published.map((row) => row.image_hash));
}
