import { PAPERS_PATHS, reopenAnswerSchema, type ReopenBody } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { refreshResults } from './refresh-results';

/** Opens a handed-in attempt again for the minutes given from now (a power cut, a dead phone), before release. */
export function reopenAttempt(paperId: string, studentId: string, body: ReopenBody) {
  return apiRequest(fillPath(PAPERS_PATHS.reopen, { paperId, studentId }), { method: 'POST', body, schema: reopenAnswerSchema });
}

export function useReopenAttemptMutation(paperId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, minutes }: { studentId: string; minutes: number }) => reopenAttempt(paperId, studentId, { minutes }),
    onSuccess: () => refreshResults(queryClient, paperId),
  });
}
