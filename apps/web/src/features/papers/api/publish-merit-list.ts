import { meritListAnswerSchema, PAPERS_PATHS, type MeritListBody } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { refreshResults } from './refresh-results';

/** Posts the top students as an announcement to the paper's batch; each press posts a new one. */
export function publishMeritList(paperId: string, body: MeritListBody) {
  return apiRequest(fillPath(PAPERS_PATHS.meritList, { paperId }), { method: 'POST', body, schema: meritListAnswerSchema });
}

export function usePublishMeritListMutation(paperId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MeritListBody) => publishMeritList(paperId, body),
    onSuccess: () => refreshResults(queryClient, paperId),
  });
}
