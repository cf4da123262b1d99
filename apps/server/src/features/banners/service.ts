import { bannerFileUrl, BANNERS_TEXT, parseBannerUrl, SERVER_TEXT, type FieldError } from '@academy/contract';
import type { Db } from '../../db/database';
import { AppError, errors } from '../../lib/errors';
import { recordAudit, type AuditActor, type AuditTarget } from '../audit-log/service';
import type { BannerImageStore, EncodedBanner } from './banner-images';
import * as repo from './repo';
import type { BannerUpload } from './uploads';

/** An upload not posted within this time is removed by the next upload. */
const UNPOSTED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

const urlOf = (image: repo.StoredImage) => bannerFileUrl(image.hash, image.max_width);

/** GET get-url: the published campaign's addresses in carousel order; empty when none is posted. */
export async function publishedUrls(db: Db): Promise<string[]> {
  return (await repo.listPublished(db)).map(urlOf);
}

async function removeFiles(store: BannerImageStore, images: repo.StoredImage[]): Promise<void> {
  for (const image of images) await store.remove(image.hash, image.max_width);
}

/**
 * Every file is checked and re-encoded before anything is written: one refused file (too large,
 * not an image by its bytes, unreadable) refuses the whole upload, naming each refused field.
 */
async function encodeAll(store: BannerImageStore, uploads: BannerUpload[]): Promise<EncodedBanner[]> {
  const encoded: EncodedBanner[] = [];
  const refusals: (FieldError & { status: number })[] = [];
  for (const upload of uploads) {
    if (upload.tooLarge) {
      refusals.push({ field: upload.field, message: `${upload.field}: ${SERVER_TEXT.imageTooLarge}`, status: 413 });
      continue;
    }
    try {
      encoded.push(await store.encode(upload.bytes));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refusals.push({ field: upload.field, message: `${upload.field}: ${error.message}`, status: error.status });
    }
  }
  const [first] = refusals;
  if (first) {
    throw new AppError(first.status, first.message, refusals.map(({ field, message }) => ({ field, message })));
  }
  return encoded;
}

/** The login page's banners: one audit target for the whole set. */
const BANNERS_TARGET: AuditTarget = { type: 'banners', id: 'login-banners', label: 'Login banners' };

/** POST upload-image: stores the images (not yet shown anywhere) and answers their addresses in field order. */
export async function uploadImages(db: Db, store: BannerImageStore, actor: AuditActor, uploads: BannerUpload[]): Promise<string[]> {
  const encoded = await encodeAll(store, uploads);
  const now = Date.now();
  await removeFiles(store, await repo.deleteStaleUploads(db, new Date(now - UNPOSTED_UPLOAD_TTL_MS).toISOString()));
  const urls = [];
  for (const banner of encoded) urls.push(await store.save(banner));
  await db.transaction().execute(async (trx) => {
    const images = encoded.map((banner) => ({ hash: banner.hash, max_width: banner.maxWidth }));
    await repo.recordUploads(trx, images, actor.id, new Date(now).toISOString());
    await recordAudit(trx, actor, {
      action: 'banner.upload',
      target: BANNERS_TARGET,
      summary: `Uploaded ${images.length} banner image${images.length === 1 ? '' : 's'}`,
      detail: { images: images.length, fields: uploads.map((upload) => upload.field) },
    });
  });
  return urls;
}

/** POST save-url: the listed uploads become the campaign; images it no longer shows are removed. */
export async function publish(db: Db, store: BannerImageStore, actor: AuditActor, urls: string[]): Promise<string[]> {
  const images: repo.StoredImage[] = [];
  const refused: FieldError[] = [];
  for (const [index, url] of urls.entries()) {
    const parsed = parseBannerUrl(url);
    const field = `imageUrl.${index}`;
    if (!parsed) refused.push({ field, message: `${field} ${BANNERS_TEXT.notIssued}` });
    else if (images.some((image) => image.hash === parsed.hash)) refused.push({ field, message: `${field} ${BANNERS_TEXT.repeated}` });
    else images.push({ hash: parsed.hash, max_width: parsed.maxWidth });
  }
  if (refused.length > 0) throw errors.badRequest(refused.map((f) => f.message).join(', '), refused);
  const dropped = await db.transaction().execute(async (trx) => {
    const replaced = await repo.replacePublished(trx, images, new Date().toISOString());
    if (!replaced) throw errors.field('imageUrl', `imageUrl ${BANNERS_TEXT.notIssued}`);
    await recordAudit(trx, actor, {
      action: 'banner.post',
      target: BANNERS_TARGET,
      summary: `Posted a banner campaign of ${images.length} image${images.length === 1 ? '' : 's'}`,
      detail: { images: images.length, replaced: replaced.length },
    });
    return replaced;
  });
  await removeFiles(store, dropped);
  return images.map(urlOf);
}

/** DELETE delete-banner: no campaign; the login page shows the academy's default images. */
export async function deleteAll(db: Db, store: BannerImageStore, actor: AuditActor): Promise<void> {
  const removed = await db.transaction().execute(async (trx) => {
    const unpublished = await repo.deletePublished(trx);
    await recordAudit(trx, actor, {
      action: 'banner.delete-all',
      target: BANNERS_TARGET,
      summary: 'Deleted all banners: the login page shows the default images',
      detail: { removed: unpublished.length },
    });
    return unpublished;
  });
  await removeFiles(store, removed);
}
