import { NOTIFICATIONS_PATHS, notificationListAnswerSchema } from '@academy/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';
import { setUnreadCount } from './notification-cache';
import { notificationKeys } from './query-keys';

export function getNotifications(before: string | null, unreadOnly: boolean) {
  const query = queryString({ before: before ?? undefined, unread: unreadOnly ? 'true' : undefined });
  return apiRequest(`${NOTIFICATIONS_PATHS.list}${query}`, { schema: notificationListAnswerSchema });
}

/** Pages of the account's notifications, newest first, 20 a page; each answer also carries the badge's count. */
export function useNotificationsQuery(unreadOnly = false) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: notificationKeys.list(unreadOnly),
    queryFn: async ({ pageParam }) => {
      const answer = await getNotifications(pageParam, unreadOnly);
      setUnreadCount(queryClient, answer.data.unread);
      return answer;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.data.before,
  });
}
