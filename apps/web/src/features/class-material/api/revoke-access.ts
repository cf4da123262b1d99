import { CLASS_MATERIAL_PATHS, noDataAnswerSchema } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../lib/paths';
import { classMaterialKeys } from './query-keys';

export function revokeAccess(grantId: string) {
  return apiRequest(fillPath(CLASS_MATERIAL_PATHS.grant, { grantId }), { method: 'DELETE', schema: noDataAnswerSchema });
}

export function useRevokeAccessMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeAccess, onSuccess: () => void queryClient.invalidateQueries({ queryKey: classMaterialKeys.access() }) });
}
