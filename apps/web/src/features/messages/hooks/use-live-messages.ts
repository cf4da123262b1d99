import type { MessageEvent } from '@academy/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { keepLiveStream, type LiveStatus } from '../../../lib/live-stream';
import { removeMessage, upsertMessage } from '../api/message-cache';
import { streamMessageEvents } from '../api/message-stream';
import { messageKeys } from '../api/query-keys';

// The feed's live stream, open while the feed page is: every change it carries goes straight into
// the cached list. The bell's count is the notifications feature's, on a stream of its own.

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
  if (event.type === 'deleted') removeMessage(queryClient, event.id);
  else upsertMessage(queryClient, event.message);
}

export function useLiveMessages(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      keepLiveStream({
        read: (signal, onOpen) => streamMessageEvents({ signal, onOpen, onEvent: (event) => apply(queryClient, event) }),
        // A request still on its way when the stream opens is answer enough; no second one.
        onConnected: () => void queryClient.invalidateQueries({ queryKey: messageKeys.all }, { cancelRefetch: false }),
        onStatus: setStatus,
      }),
    [queryClient],
  );
}
