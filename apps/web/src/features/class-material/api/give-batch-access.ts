import { CLASS_MATERIAL_PATHS, grantAnswerSchema, type BatchAccessBody } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { classMaterialKeys } from './query-keys';

/** A class for every student of a batch and class type. */
export function giveBatchAccess(body: BatchAccessBody) {
  return apiRequest(CLASS_MATERIAL_PATHS.batchAccess, { method: 'POST', body, schema: grantAnswerSchema });
}

export function useGiveBatchAccessMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: giveBatchAccess,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: classMaterialKeys.access() }),
  });
}
