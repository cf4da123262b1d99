import { FEES_PATHS, feeNullAnswerSchema } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { classMaterialKeys } from '../../class-material/api/query-keys';
import { feeKeys } from './query-keys';

/** Removes a class's fees (admin); the server refuses once anything was paid, ordered or sent under them. */
export function deleteClassPlan(folderId: string) {
  return apiRequest(fillPath(FEES_PATHS.classPlan, { folderId }), { method: 'DELETE', schema: feeNullAnswerSchema });
}

export function useDeleteClassPlanMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClassPlan,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: feeKeys.all }), queryClient.invalidateQueries({ queryKey: classMaterialKeys.folders() })]),
  });
}
