import { isAdmin, MESSAGES_PATHS, messageListAnswerSchema, type StoredSession } from '@academy/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { readSession } from '../../../lib/session';
import { setUnreadCount } from './message-cache';
import { messageKeys } from './query-keys';

/**
 * Spec section 7: an admin reads get-all, a student get-by-batch with their stored batch, history
 * type and class type. The server decides a student's feed from their profile whatever the path
 * says; the values are sent as the spec has them.
 */
function listPath(session: StoredSession | null): string {
  if (!session || isAdmin(session.accountType)) return MESSAGES_PATHS.getAll;
  // An empty value would leave an empty path segment; '-' keeps the path well formed.
  const { batch, historyType, classType } = session;
  return fillPath(MESSAGES_PATHS.getByBatch, { batch: batch || '-', historyType: historyType || '-', classType: classType || '-' });
}

export function getMessages(before: string | null) {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return apiRequest(`${listPath(readSession())}${query}`, { schema: messageListAnswerSchema });
}

/**
 * Pages of the account's messages, newest first. Serving the first page is 'opening the feed' on
 * the server (it clears the bell), so the bell's count is set to 0 with it.
 */
export function useMessagesQuery() {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: messageKeys.list,
    queryFn: async ({ pageParam }) => {
      const answer = await getMessages(pageParam);
      if (pageParam === null) setUnreadCount(queryClient, 0);
      return answer;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.paging.before,
  });
}
