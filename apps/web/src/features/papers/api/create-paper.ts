import { PAPERS_PATHS, paperCreatedAnswerSchema, type CreatePaperInput } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paperKeys } from './query-keys';

export function createPaper(body: CreatePaperInput) {
  return apiRequest(PAPERS_PATHS.papers, { method: 'POST', body, schema: paperCreatedAnswerSchema });
}

export function useCreatePaperMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPaper, onSuccess: () => void queryClient.invalidateQueries({ queryKey: paperKeys.all }) });
}
