import { lessonViewersAnswerSchema, WATCHING_PATHS } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { watchingKeys } from './query-keys';

export function getViewers(fileId: string) {
  return apiRequest(fillPath(WATCHING_PATHS.viewers, { fileId }), { schema: lessonViewersAnswerSchema });
}

export function useViewersQuery(fileId: string) {
  return useQuery({ queryKey: watchingKeys.viewers(fileId), queryFn: () => getViewers(fileId), select: (answer) => answer.data });
}
