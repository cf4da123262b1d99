import { MESSAGES_PATHS, unreadAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messageKeys } from './query-keys';

export function getUnreadCount() {
  return apiRequest(MESSAGES_PATHS.unread, { schema: unreadAnswerSchema }).then((answer) => answer.data.count);
}

/** The bell's number. Live events keep it current; it is read again after a reconnect. */
export function useUnreadQuery() {
  return useQuery({ queryKey: messageKeys.unread, queryFn: getUnreadCount, staleTime: Infinity });
}
