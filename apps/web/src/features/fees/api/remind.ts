import { FEES_PATHS, remindAnswerSchema, type RemindBody } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { feeKeys } from './query-keys';

/** Reminds the month's unpaid students (or the ones named); the answer says how many were sent and skipped. */
export function remind(body: RemindBody) {
  return apiRequest(FEES_PATHS.remind, { method: 'POST', body, schema: remindAnswerSchema }).then((answer) => answer.data);
}

export function useRemindMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remind,
    // The list shows when each student was last reminded.
    onSuccess: (_answer, body) => queryClient.invalidateQueries({ queryKey: feeKeys.classMonth(body.folderId, body.month) }),
  });
}
