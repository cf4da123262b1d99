import { FEES_PATHS, slipAnswerSchema, type RejectBody } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { feeKeys } from './query-keys';

/** Rejects a slip with the reason the student will read. */
export function rejectSlip(slipId: string, body: RejectBody) {
  return apiRequest(fillPath(FEES_PATHS.slipReject, { slipId }), { method: 'POST', body, schema: slipAnswerSchema }).then((answer) => answer.data);
}

export function useRejectSlipMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slipId, reason }: { slipId: string; reason: string }) => rejectSlip(slipId, { reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feeKeys.admin }),
  });
}
