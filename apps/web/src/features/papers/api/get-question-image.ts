import { PAPERS_PATHS } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { paperKeys } from './query-keys';

/** A question's picture, fetched with the session's token (an <img> cannot send it). */
export async function getQuestionImage(paperId: string, imageId: string): Promise<Blob> {
  const { blob } = await apiDownload(fillPath(PAPERS_PATHS.image, { paperId, imageId }));
  return blob;
}

export function useQuestionImageQuery(paperId: string | null, imageId: string | null) {
  return useQuery({
    queryKey: paperKeys.image(paperId ?? '', imageId ?? ''),
    queryFn: () => getQuestionImage(paperId ?? '', imageId ?? ''),
    enabled: Boolean(paperId && imageId),
    // The id is the hash of the picture: the same id is always the same picture.
    staleTime: Infinity,
  });
}
