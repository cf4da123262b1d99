import { FEES_PATHS, paymentsPageAnswerSchema, type PaymentMethod } from '@academy/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';
import { feeKeys } from './query-keys';

/** The payments list's filters and page (an empty filter means any; days are Sri Lanka days of receipt). */
export interface PaymentsQuery {
  folderId?: string;
  month?: string;
  method?: PaymentMethod;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/** A page of payments, newest first, by class, month, method and days of receipt (admin). */
export function getPayments(query: PaymentsQuery) {
  return apiRequest(`${FEES_PATHS.payments}${queryString({ ...query })}`, { schema: paymentsPageAnswerSchema });
}

export function usePaymentsQuery(query: PaymentsQuery) {
  return useQuery({ queryKey: feeKeys.payments(query), queryFn: () => getPayments(query), placeholderData: keepPreviousData });
}
