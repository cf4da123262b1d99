import type { FastifyRequest } from 'fastify';
import { BANNER_FIELDS, BANNER_MAX_BYTES, BANNER_MAX_IMAGES, BANNERS_TEXT, type BannerField, SERVER_TEXT } from '@academy/contract';
import { AppError, errors } from '../../lib/errors';

/** One file of an upload, by its field; `tooLarge` when it passed the size cap (its bytes are cut). */
export interface BannerUpload {
  field: BannerField;
  bytes: Buffer;
  tooLarge: boolean;
}

const isBannerField = (name: string): name is BannerField => (BANNER_FIELDS as readonly string[]).includes(name);

/**
 * The files image1..image3 of a multipart request, in field order, held in memory (at most three
 * of 5 MB). A file over the cap is cut off while streaming and marked, and reading goes on (the
 * route's multipart is registered with `throwFileSizeLimit: false`), so the answer can name every
 * refused file at once.
 */
export async function readBannerUploads(request: FastifyRequest): Promise<BannerUpload[]> {
  if (!request.isMultipart()) throw new AppError(415, SERVER_TEXT.unsupportedMediaType);
  const uploads: BannerUpload[] = [];
  try {
    const parts = request.parts({
      limits: { fileSize: BANNER_MAX_BYTES, files: BANNER_MAX_IMAGES, fields: 5, parts: BANNER_MAX_IMAGES + 5 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (!isBannerField(part.fieldname)) {
        part.file.resume();
        throw errors.field(part.fieldname, `${part.fieldname} ${BANNERS_TEXT.unknownField}`);
      }
      if (uploads.some((upload) => upload.field === part.fieldname)) {
        part.file.resume();
        throw errors.field(part.fieldname, `${part.fieldname} ${BANNERS_TEXT.repeated}`);
      }
      const bytes = await part.toBuffer();
      uploads.push({ field: part.fieldname, bytes, tooLarge: part.file.truncated });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw errors.badRequest(BANNERS_TEXT.tooManyImages);
    throw errors.badRequest(BANNERS_TEXT.imagesRequired);
  }
  if (uploads.length === 0) throw errors.badRequest(BANNERS_TEXT.imagesRequired);
  return uploads.sort((a, b) => BANNER_FIELDS.indexOf(a.field) - BANNER_FIELDS.indexOf(b.field));
}
