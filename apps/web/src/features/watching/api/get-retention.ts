import { retentionAnswerSchema, WATCHING_PATHS } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { watchingKeys } from './query-keys';

export function getRetention(fileId: string) {
  return apiRequest(fillPath(WATCHING_PATHS.retention, { fileId }), { schema: retentionAnswerSchema });
}

export function useRetentionQuery(fileId: string) {
  return useQuery({ queryKey: watchingKeys.retention(fileId), queryFn: () => getRetention(fileId), select: (answer) => answer.data });
}
