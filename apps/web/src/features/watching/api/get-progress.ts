import { fileProgressAnswerSchema, WATCHING_PATHS } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { watchingKeys } from './query-keys';

export function getProgress(fileId: string) {
  return apiRequest(fillPath(WATCHING_PATHS.progress, { fileId }), { schema: fileProgressAnswerSchema });
}

/** Where the student stopped in this file, on any device; fetched once per opening. */
export function useProgressQuery(fileId: string) {
  return useQuery({
    queryKey: watchingKeys.progress(fileId),
    queryFn: () => getProgress(fileId),
    select: (answer) => answer.data,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
