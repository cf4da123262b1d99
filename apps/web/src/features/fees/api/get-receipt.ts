import { FEES_PATHS, receiptAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { feeKeys } from './query-keys';

/** One payment's receipt (its owner or an admin): number, student, class, months, method, refunds, the academy's branding. */
export function getReceipt(paymentId: string) {
  return apiRequest(fillPath(FEES_PATHS.receipt, { paymentId }), { schema: receiptAnswerSchema }).then((answer) => answer.data);
}

export function useReceiptQuery(paymentId: string) {
  return useQuery({ queryKey: feeKeys.receipt(paymentId), queryFn: () => getReceipt(paymentId), enabled: paymentId !== '' });
}
