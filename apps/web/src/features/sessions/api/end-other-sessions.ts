import { endSessionsAnswerSchema, SESSIONS_PATHS, type EndSessionsBody } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionKeys } from './query-keys';

export function endOtherSessions(body: EndSessionsBody) {
  return apiRequest(SESSIONS_PATHS.endOthers, { method: 'POST', body, schema: endSessionsAnswerSchema });
}

export function useEndOtherSessionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endOtherSessions, onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.mine }) });
}
