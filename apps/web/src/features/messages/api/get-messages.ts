import { isAdmin, MESSAGES_PATHS, messageListAnswerSchema, type StoredSession } from '@academy/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { readSession } from '../../../lib/session';
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
 * Pages of the account's messages, newest first. Serving a page marks the notifications of its
 * messages read on the server, which tells the bell through its own stream.
 */
export function useMessagesQuery() {
  return useInfiniteQuery({
    queryKey: messageKeys.list,
    queryFn: ({ pageParam }) => getMessages(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.paging.before,
  });
}
