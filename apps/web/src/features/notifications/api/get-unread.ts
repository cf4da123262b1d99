import { NOTIFICATIONS_PATHS, notificationUnreadAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationKeys } from './query-keys';

export function getUnreadCount() {
  return apiRequest(NOTIFICATIONS_PATHS.unread, { schema: notificationUnreadAnswerSchema }).then((answer) => answer.data.count);
}

/** The badge's number. The live stream keeps it current; it is read again after a reconnect. */
export function useUnreadCountQuery() {
  return useQuery({ queryKey: notificationKeys.unread, queryFn: getUnreadCount, staleTime: Infinity });
}
