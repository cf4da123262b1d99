import { FEES_PATHS, feeAlertAnswerSchema } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { feeKeys } from './query-keys';

/** Marks an alert handled, with a note of what was done. */
export function resolveAlert(alertId: string, note: string) {
  return apiRequest(fillPath(FEES_PATHS.alertResolve, { alertId }), { method: 'POST', body: { note }, schema: feeAlertAnswerSchema }).then((answer) => answer.data);
}

export function useResolveAlertMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ alertId, note }: { alertId: string; note: string }) => resolveAlert(alertId, note),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feeKeys.admin }),
  });
}
