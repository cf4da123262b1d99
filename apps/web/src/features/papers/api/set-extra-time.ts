import { extraTimeAnswerSchema, PAPERS_PATHS, type ExtraTimeBody } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { refreshResults } from './refresh-results';

/** Minutes of extra time for one student, set before or during their attempt; it moves their deadline at once. */
export function setExtraTime(paperId: string, studentId: string, body: ExtraTimeBody) {
  return apiRequest(fillPath(PAPERS_PATHS.extraTime, { paperId, studentId }), { method: 'PUT', body, schema: extraTimeAnswerSchema });
}

export function useSetExtraTimeMutation(paperId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, minutes }: { studentId: string; minutes: number }) => setExtraTime(paperId, studentId, { minutes }),
    onSuccess: () => refreshResults(queryClient, paperId),
  });
}
