import { PAPER_IMAGE_FIELD, PAPERS_PATHS, paperImageAnswerSchema } from '@academy/contract';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';

/** A question's picture: the server checks it, stores it as WebP and names it by its content. */
export function uploadQuestionImage(image: File) {
  const form = new FormData();
  form.append(PAPER_IMAGE_FIELD, image);
  return apiUpload(PAPERS_PATHS.images, { form, schema: paperImageAnswerSchema });
}

export function useUploadQuestionImageMutation() {
  return useMutation({ mutationFn: uploadQuestionImage });
}
