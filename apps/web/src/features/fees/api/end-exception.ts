import { FEES_PATHS, feeNullAnswerSchema } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { feeKeys } from './query-keys';
import { fillPath } from '../../../lib/api-path';

/** Ends an exception: the month closes again unless paid or free. */
export function endException(exceptionId: string) {
  return apiRequest(fillPath(FEES_PATHS.exception, { exceptionId }), { method: 'DELETE', schema: feeNullAnswerSchema });
}

export function useEndExceptionMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endException, onSuccess: () => queryClient.invalidateQueries({ queryKey: feeKeys.all }) });
}
