import { BANNER_FIELDS, bannerUploadAnswerSchema, BANNERS_PATHS } from '@academy/contract';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';

export interface UploadBannerImages {
  /** At most three, sent as image1, image2, image3 in this order. */
  files: File[];
  onProgress: (fraction: number) => void;
}

/** Stores the images on the server (not shown anywhere yet); answers one address per file, in order. */
export async function uploadBannerImages({ files, onProgress }: UploadBannerImages): Promise<string[]> {
  const form = new FormData();
  files.forEach((file, index) => form.append(BANNER_FIELDS[index] ?? 'image', file));
  return (await apiUpload(BANNERS_PATHS.uploadImage, { form, schema: bannerUploadAnswerSchema, onProgress })).imageUrl;
}

export function useUploadBannerImagesMutation() {
  return useMutation({ mutationFn: uploadBannerImages });
}
