import { PAPERS_PATHS, regradeAnswerSchema, type RegradeBody } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { refreshResults } from './refresh-results';

/** Applies exactly the preview whose basis it names; 409 when answers or keys moved since: preview again. */
export function regrade(paperId: string, body: RegradeBody) {
  return apiRequest(fillPath(PAPERS_PATHS.regrade, { paperId }), { method: 'POST', body, schema: regradeAnswerSchema });
}

export function useRegradeMutation(paperId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegradeBody) => regrade(paperId, body),
    onSettled: () => refreshResults(queryClient, paperId),
  });
}
