import { CLASS_MATERIAL_PATHS, grantAnswerSchema, type GiveAccessBody } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { classMaterialKeys } from './query-keys';

/** Spec 'give-additional-access': a class for one e-mail. */
export function giveAccess(body: GiveAccessBody) {
  return apiRequest(CLASS_MATERIAL_PATHS.giveAdditionalAccess, { method: 'POST', body, schema: grantAnswerSchema });
}

export function useGiveAccessMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: giveAccess, onSuccess: () => void queryClient.invalidateQueries({ queryKey: classMaterialKeys.access() }) });
}
