import { PAPERS_PATHS, paperAnswerSchema, type UpdatePaperInput } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { paperKeys } from './query-keys';

export function updatePaper({ paperId, body }: { paperId: string; body: UpdatePaperInput }) {
  return apiRequest(fillPath(PAPERS_PATHS.paper, { paperId }), { method: 'PUT', body, schema: paperAnswerSchema });
}

export function useUpdatePaperMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePaper, onSuccess: () => void queryClient.invalidateQueries({ queryKey: paperKeys.all }) });
}
