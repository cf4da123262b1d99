import type { MessageEvent } from '@academy/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { ApiError } from '../../../lib/api-client';
import { endRefusedSession } from '../../../lib/sign-out';
import { addUnread, removeMessage, upsertMessage } from '../api/message-cache';
import { streamMessageEvents } from '../api/message-stream';
import { messageKeys } from '../api/query-keys';

// One live stream per tab, kept open while anyone is signed in (the bell is always in the shell);
// every change it carries goes straight into the cached list and the bell's count.

export type LiveStatus = 'connecting' | 'live' | 'offline';

let status: LiveStatus = 'connecting';
const listeners = new Set<() => void>();

function setStatus(next: LiveStatus): void {
  status = next;
  for (const listener of listeners) listener();
}

/** Whether live updates are flowing now, for the feed's 'Live Updates' chip. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => status,
  );
}

function apply(queryClient: QueryClient, event: MessageEvent): void {
  if (event.type === 'deleted') {
    removeMessage(queryClient, event.id);
    // It may have been one of the unread ones; the server knows.
    void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
    return;
  }
  upsertMessage(queryClient, event.message);
  if (event.type === 'created' && event.unread) addUnread(queryClient, 1);
}

/** Waits before reconnecting: 1 s, doubling to 30 s, with jitter so a restarted server is not hit at once. */
function backoff(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** attempt) * (0.5 + Math.random() / 2);
}

export function useLiveMessages(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    let attempt = 0;
    let connectedBefore = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const connect = async () => {
      setStatus('connecting');
      try {
        await streamMessageEvents({
          signal: controller.signal,
          onOpen: () => {
            attempt = 0;
            setStatus('live');
            // Whatever changed while the stream was down is read again.
            if (connectedBefore) void queryClient.invalidateQueries({ queryKey: messageKeys.all });
            connectedBefore = true;
          },
          onEvent: (event) => apply(queryClient, event),
        });
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) {
          endRefusedSession();
          return;
        }
      }
      if (controller.signal.aborted) return;
      setStatus('offline');
      timer = setTimeout(() => void connect(), backoff(attempt));
      attempt += 1;
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [queryClient]);
}
