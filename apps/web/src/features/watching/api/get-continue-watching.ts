import { watchedLessonsAnswerSchema, WATCHING_PATHS } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { watchingKeys } from './query-keys';

export function getContinueWatching() {
  return apiRequest(WATCHING_PATHS.continueWatching, { schema: watchedLessonsAnswerSchema });
}

export function useContinueWatchingQuery() {
  return useQuery({ queryKey: watchingKeys.continueWatching(), queryFn: getContinueWatching, select: (answer) => answer.data });
}
