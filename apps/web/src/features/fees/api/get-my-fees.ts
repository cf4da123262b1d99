import { FEES_PATHS, myFeesAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { feeKeys } from './query-keys';

/** The signed-in student's classes with fees, each month's state, their payments and slips, and whether Pay is offered. */
export function getMyFees() {
  return apiRequest(FEES_PATHS.mine, { schema: myFeesAnswerSchema }).then((answer) => answer.data);
}

/** `enabled` is false for an admin: the server answers them 403 ("Only students pay fees."). */
export function useMyFeesQuery(enabled = true) {
  return useQuery({ queryKey: feeKeys.mine, queryFn: getMyFees, enabled });
}
