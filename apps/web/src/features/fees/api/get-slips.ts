import { FEES_PATHS, slipsPageAnswerSchema, type SlipState } from '@academy/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';
import { feeKeys } from './query-keys';

/** The queue's filters and page, as the call takes them (an empty filter means any). */
export interface SlipsQuery {
  state?: SlipState;
  folderId?: string;
  search?: string;
  page: number;
  pageSize: number;
}

/** A page of bank slips, oldest first among the pending ones, with their flags (admin). */
export function getSlips(query: SlipsQuery) {
  return apiRequest(`${FEES_PATHS.slips}${queryString({ ...query })}`, { schema: slipsPageAnswerSchema });
}

export function useSlipsQuery(query: SlipsQuery) {
  return useQuery({ queryKey: feeKeys.slips(query), queryFn: () => getSlips(query), placeholderData: keepPreviousData });
}

/** How many slips wait for review: the Slips tab's badge. */
export function usePendingSlipCount() {
  const query: SlipsQuery = { state: 'pending', page: 1, pageSize: 1 };
  return useQuery({ queryKey: feeKeys.slips(query), queryFn: () => getSlips(query), select: (answer) => answer.paging.total });
}
