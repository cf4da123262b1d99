import { NOTIFICATIONS_PATHS, sentNotificationsAnswerSchema } from '@academy/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationKeys } from './query-keys';

export function getSent(before: string | null) {
  const query = before ? `?${new URLSearchParams({ before }).toString()}` : '';
  return apiRequest(`${NOTIFICATIONS_PATHS.sent}${query}`, { schema: sentNotificationsAnswerSchema }).then((answer) => answer.data);
}

/** Every notification sent, newest first, 20 a page, with its counts (admins). */
export function useSentQuery() {
  return useInfiniteQuery({
    queryKey: notificationKeys.sent,
    queryFn: ({ pageParam }) => getSent(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.before,
    staleTime: 0,
  });
}
