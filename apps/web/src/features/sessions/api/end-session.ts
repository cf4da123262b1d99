import { noDataAnswerSchema, SESSIONS_PATHS, type EndSessionsBody } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionKeys } from './query-keys';

export function endSession({ sessionId, body }: { sessionId: string; body: EndSessionsBody }) {
  return apiRequest(SESSIONS_PATHS.endMine.replace(':sessionId', encodeURIComponent(sessionId)), {
    method: 'DELETE',
    body,
    schema: noDataAnswerSchema,
  });
}

export function useEndSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endSession, onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.mine }) });
}
