import { FEES_PATHS, paymentAnswerSchema, type RefundBody } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { feeKeys } from './query-keys';
import { fillPath } from '../../../lib/api-path';

/** Records a refund of some or all of a payment's months; they close for the student. */
export function refundPayment(paymentId: string, body: RefundBody) {
  return apiRequest(fillPath(FEES_PATHS.paymentRefund, { paymentId }), { method: 'POST', body, schema: paymentAnswerSchema }).then((answer) => answer.data);
}

export function useRefundPaymentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, body }: { paymentId: string; body: RefundBody }) => refundPayment(paymentId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feeKeys.all }),
  });
}
