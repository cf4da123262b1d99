import { NOTIFICATIONS_PATHS, notificationReadAnswerSchema, type NotificationReadBody } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { markItemsRead, setUnreadCount } from './notification-cache';

export function markRead(body: NotificationReadBody) {
  return apiRequest(NOTIFICATIONS_PATHS.read, { method: 'POST', body, schema: notificationReadAnswerSchema }).then((answer) => answer.data.unread);
}

/** Mark all as read (or some): the lists and the badge change at once; the stream's 'read' event then finds them so. */
export function useMarkReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (unread, body) => {
      markItemsRead(queryClient, 'all' in body ? null : body.ids, new Date().toISOString());
      setUnreadCount(queryClient, unread);
    },
  });
}
