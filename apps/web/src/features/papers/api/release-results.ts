import { PAPERS_PATHS, releaseAnswerSchema } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { refreshResults } from './refresh-results';

/** Students may see their results from now; 409 while the paper is open or an attempt is not handed in. */
export function releaseResults(paperId: string) {
  return apiRequest(fillPath(PAPERS_PATHS.release, { paperId }), { method: 'POST', schema: releaseAnswerSchema });
}

export function useReleaseResultsMutation(paperId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => releaseResults(paperId),
    onSettled: () => refreshResults(queryClient, paperId),
  });
}
