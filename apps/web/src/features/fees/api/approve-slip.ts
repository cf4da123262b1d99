import { FEES_PATHS, slipDecisionAnswerSchema } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { feeKeys } from './query-keys';

/** Approves a slip: a payment of the server's amount for its months, with its receipt number. */
export function approveSlip(slipId: string) {
  return apiRequest(fillPath(FEES_PATHS.slipApprove, { slipId }), { method: 'POST', schema: slipDecisionAnswerSchema }).then((answer) => answer.data);
}

export function useApproveSlipMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approveSlip, onSuccess: () => queryClient.invalidateQueries({ queryKey: feeKeys.admin }) });
}
