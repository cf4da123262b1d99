import { z } from 'zod';
import { OK } from './api';
import { BANNER_FILE_PATTERN, BANNER_MAX_IMAGES } from './banners';

// The banners calls' bodies and answers (paths and words: banners.ts).

export const bannerFileParamsSchema = z.object({
  file: z.string().regex(BANNER_FILE_PATTERN, { error: 'is not a banner image name' }),
});

const bannerUrlSchema = z.string({ error: 'must be an image address' }).max(200, { error: 'is too long' });

/** GET get-url (spec section 7): `data` lists the published images' addresses, in order; empty when none. */
export const bannerListAnswerSchema = z.object({
  code: z.literal(OK),
  message: z.string(),
  data: z.array(z.string()),
});
export type BannerListAnswer = z.infer<typeof bannerListAnswerSchema>;

/** POST upload-image: `imageUrl` as spec section 7 names it (one address per uploaded file, in field order); `data` the same list. */
export const bannerUploadAnswerSchema = z.object({
  code: z.literal(OK),
  message: z.string(),
  imageUrl: z.array(z.string()),
  data: z.array(z.string()),
});
export type BannerUploadAnswer = z.infer<typeof bannerUploadAnswerSchema>;

/** POST save-url: the upload's `imageUrl` values, in carousel order; they replace the published set. */
export const saveBannersBodySchema = z.object({
  imageUrl: z
    .array(bannerUrlSchema, { error: 'must be a list of image addresses' })
    .min(1, { error: 'must list at least one image' })
    .max(BANNER_MAX_IMAGES, { error: `must list at most ${BANNER_MAX_IMAGES} images` }),
});
export type SaveBannersBody = z.infer<typeof saveBannersBodySchema>;
