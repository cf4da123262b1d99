import { endSessionsAnswerSchema, SESSIONS_PATHS } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionKeys } from './query-keys';

export function endOtherSessions() {
  return apiRequest(SESSIONS_PATHS.endOthers, { method: 'POST', schema: endSessionsAnswerSchema });
}

export function useEndOtherSessionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endOtherSessions, onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.mine }) });
}
