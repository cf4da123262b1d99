import { noDataAnswerSchema, PAPERS_PATHS } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { paperKeys } from './query-keys';

export function deletePaper(paperId: string) {
  return apiRequest(fillPath(PAPERS_PATHS.paper, { paperId }), { method: 'DELETE', schema: noDataAnswerSchema });
}

export function useDeletePaperMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaper,
    // The paper's own entries go; a refetch of a deleted paper would only answer 404.
    onSuccess: (_answer, paperId) => queryClient.removeQueries({ queryKey: paperKeys.detail(paperId) }),
  });
}
