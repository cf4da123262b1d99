import { FEES_PATHS, overviewAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { feeKeys } from './query-keys';

/** Every class with a plan, and each of its months' counts (admin). */
export function getOverview() {
  return apiRequest(FEES_PATHS.overview, { schema: overviewAnswerSchema }).then((answer) => answer.data);
}

export function useOverviewQuery() {
  return useQuery({ queryKey: feeKeys.overview, queryFn: getOverview });
}
