import { attemptAnswerSchema, PAPERS_PATHS } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { paperKeys } from './query-keys';

/** One student's attempt as the tutor inspects it: answers, devices, away and offline periods. */
export function getAttempt(paperId: string, studentId: string) {
  return apiRequest(fillPath(PAPERS_PATHS.attempt, { paperId, studentId }), { schema: attemptAnswerSchema });
}

export function useAttemptQuery(paperId: string, studentId: string) {
  return useQuery({
    queryKey: paperKeys.attempt(paperId, studentId),
    queryFn: () => getAttempt(paperId, studentId),
    select: (answer) => answer.data,
  });
}
