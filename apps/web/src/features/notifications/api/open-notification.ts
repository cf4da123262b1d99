import { NOTIFICATIONS_PATHS, notificationOpenAnswerSchema, type NotificationOpenVia } from '@academy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withId } from '../../../lib/api-path';
import { markItemsRead } from './notification-cache';
import { notificationKeys } from './query-keys';

export function openNotification(id: string, via: NotificationOpenVia) {
  return apiRequest(withId(NOTIFICATIONS_PATHS.open, id), { method: 'POST', body: { via }, schema: notificationOpenAnswerSchema }).then(
    (answer) => answer.data.link,
  );
}

/**
 * Opens one notification (records the open, marks it read) and answers where it leads. A query
 * rather than a mutation: the opener screen exists to make this one call as it shows, once, also
 * when React runs its effects twice; nothing keeps the answer after the screen has gone. The item
 * is read from then on, and the badge is read again (the stream may not have been open yet).
 */
export function useOpenNotificationQuery(id: string, via: NotificationOpenVia) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: notificationKeys.open(id, via),
    queryFn: async () => {
      const link = await openNotification(id, via);
      markItemsRead(queryClient, [id], new Date().toISOString());
      void queryClient.invalidateQueries({ queryKey: notificationKeys.unread });
      return link;
    },
    retry: false,
    gcTime: 0,
    staleTime: Infinity,
  });
}
