import { erasureStateAnswerSchema, PRIVACY_PATHS, type ErasureBody } from '@academy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const erasureKey = ['privacy', 'erasure'] as const;

export function getErasureState() {
  return apiRequest(PRIVACY_PATHS.erasure, { schema: erasureStateAnswerSchema });
}

export function useErasureStateQuery() {
  return useQuery({ queryKey: erasureKey, queryFn: getErasureState, select: (answer) => answer.data });
}

/** Asks for erasure (the password again) or cancels it; either answers the new state, which the card shows at once. */
export function useErasureMutations() {
  const queryClient = useQueryClient();
  const onSuccess = (answer: Awaited<ReturnType<typeof getErasureState>>) => queryClient.setQueryData(erasureKey, answer);
  const request = useMutation({
    mutationFn: (body: ErasureBody) => apiRequest(PRIVACY_PATHS.erasure, { method: 'POST', body, schema: erasureStateAnswerSchema }),
    onSuccess,
  });
  const cancel = useMutation({
    mutationFn: () => apiRequest(PRIVACY_PATHS.erasure, { method: 'DELETE', schema: erasureStateAnswerSchema }),
    onSuccess,
  });
  return { request, cancel };
}
