import { SESSIONS_PATHS, sessionLimitAnswerSchema, type SessionLimit } from '@academy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionKeys } from './query-keys';

export function getSessionLimit() {
  return apiRequest(SESSIONS_PATHS.limit, { schema: sessionLimitAnswerSchema });
}

export function setSessionLimit(limit: SessionLimit) {
  return apiRequest(SESSIONS_PATHS.limit, { method: 'PUT', body: limit, schema: sessionLimitAnswerSchema });
}

export function useSessionLimitQuery() {
  return useQuery({ queryKey: sessionKeys.limit, queryFn: getSessionLimit, select: (answer) => answer.data });
}

export function useSetSessionLimitMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setSessionLimit, onSuccess: (answer) => queryClient.setQueryData(sessionKeys.limit, answer) });
}
