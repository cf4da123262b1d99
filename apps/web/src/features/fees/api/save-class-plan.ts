import { FEES_PATHS, feePlanAnswerSchema, type FeePlanBody } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { classMaterialKeys } from '../../class-material/api/query-keys';
import { feeKeys } from './query-keys';

/** Sets a class's monthly fee, months, due day and grace days (admin). */
export function saveClassPlan({ folderId, body }: { folderId: string; body: FeePlanBody }) {
  return apiRequest(fillPath(FEES_PATHS.classPlan, { folderId }), { method: 'PUT', body, schema: feePlanAnswerSchema });
}

export function useSaveClassPlanMutation() {
  const queryClient = useQueryClient();
  // Months and amounts change on every fees screen and on the month folders' cards.
  return useMutation({
    mutationFn: saveClassPlan,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: feeKeys.all }), queryClient.invalidateQueries({ queryKey: classMaterialKeys.folders() })]),
  });
}
