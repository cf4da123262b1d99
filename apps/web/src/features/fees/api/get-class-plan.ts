import { classFeesAnswerSchema, FEES_PATHS } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { feeKeys } from './query-keys';

/** A class's plan (null without fees) and its month folders (admin). */
export function getClassPlan(folderId: string) {
  return apiRequest(fillPath(FEES_PATHS.classPlan, { folderId }), { schema: classFeesAnswerSchema }).then((answer) => answer.data);
}

export function useClassPlanQuery(folderId: string | null) {
  return useQuery({ queryKey: feeKeys.classPlan(folderId ?? ''), queryFn: () => getClassPlan(folderId ?? ''), enabled: Boolean(folderId) });
}
