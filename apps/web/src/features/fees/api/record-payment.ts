import { FEES_PATHS, paymentAnswerSchema, type PaymentBody } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { feeKeys } from './query-keys';

/**
 * Records money received by cash, bank transfer or a lost PayHere notification. The body carries
 * no amount: the server's is the fee (half with a half card). Its `requestId`, made once per
 * dialog, makes a double click or a retry record one payment.
 */
export function recordPayment(body: PaymentBody) {
  return apiRequest(FEES_PATHS.payments, { method: 'POST', body, schema: paymentAnswerSchema }).then((answer) => answer.data);
}

export function useRecordPaymentMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recordPayment, onSuccess: () => queryClient.invalidateQueries({ queryKey: feeKeys.all }) });
}
