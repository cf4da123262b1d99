import { classMonthAnswerSchema, FEES_PATHS } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { feeKeys } from './query-keys';

/** One class's month: its counts and every student with where they stand (admin). */
export function getClassMonth(folderId: string, month: string) {
  return apiRequest(fillPath(FEES_PATHS.classMonth, { folderId, month }), { schema: classMonthAnswerSchema }).then((answer) => answer.data);
}

export function useClassMonthQuery(folderId: string, month: string) {
  return useQuery({ queryKey: feeKeys.classMonth(folderId, month), queryFn: () => getClassMonth(folderId, month) });
}
