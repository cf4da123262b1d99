import { FEES_PATHS, feeExceptionAnswerSchema, type ExceptionBody } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { feeKeys } from './query-keys';

/** Opens one month for one student without payment, with the reason. */
export function createException(body: ExceptionBody) {
  return apiRequest(FEES_PATHS.exceptions, { method: 'POST', body, schema: feeExceptionAnswerSchema }).then((answer) => answer.data);
}

export function useCreateExceptionMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createException, onSuccess: () => queryClient.invalidateQueries({ queryKey: feeKeys.all }) });
}
