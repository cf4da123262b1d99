import { SESSIONS_PATHS, sessionListAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionKeys } from './query-keys';

export function getMySessions() {
  return apiRequest(SESSIONS_PATHS.mine, { schema: sessionListAnswerSchema });
}

export function useMySessionsQuery() {
  return useQuery({ queryKey: sessionKeys.mine, queryFn: getMySessions, select: (answer) => answer.data });
}
