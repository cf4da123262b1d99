import { FEES_PATHS, revenueAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';
import { feeKeys } from './query-keys';

/** Money received and refunded per month and class, `from` to `to` (months, at most 24). */
export function getRevenue(from: string, to: string) {
  return apiRequest(`${FEES_PATHS.revenue}${queryString({ from, to })}`, { schema: revenueAnswerSchema }).then((answer) => answer.data);
}

export function useRevenueQuery(from: string, to: string) {
  return useQuery({ queryKey: feeKeys.revenue(from, to), queryFn: () => getRevenue(from, to) });
}
