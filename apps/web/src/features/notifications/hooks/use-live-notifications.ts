import type { NotificationStreamEvent } from '@academy/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { keepLiveStream } from '../../../lib/live-stream';
import { addItem, markItemsRead, removeItems, setUnreadCount } from '../api/notification-cache';
import { streamNotificationEvents } from '../api/notification-stream';
import { notificationKeys } from '../api/query-keys';

// The shell's one live stream, open while anyone is signed in (the bell is on every page): each
// event goes straight into the cached lists and carries the badge's count.

function apply(queryClient: QueryClient, event: NotificationStreamEvent): void {
  if (event.type === 'created') addItem(queryClient, event.item);
  else if (event.type === 'read') markItemsRead(queryClient, event.ids, new Date().toISOString());
  else removeItems(queryClient, event.ids);
  setUnreadCount(queryClient, event.unread);
}

/** What the service worker posts to open pages after it showed a push (sw.js). */
function pushedUnread(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, unread } = data as { type?: unknown; unread?: unknown };
  return type === 'notification' && typeof unread === 'number' ? unread : null;
}

export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  // A push the worker showed: its count goes on the badge at once, and the lists are read again
  // (the stream normally brings the item first; this covers a stream that is reconnecting).
  useEffect(() => {
    const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
    if (!worker) return;
    const onMessage = (event: MessageEvent) => {
      const unread = pushedUnread(event.data);
      if (unread === null) return;
      setUnreadCount(queryClient, unread);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
    };
    worker.addEventListener('message', onMessage);
    return () => worker.removeEventListener('message', onMessage);
  }, [queryClient]);
  useEffect(
    () =>
      keepLiveStream({
        read: (signal, onOpen) => streamNotificationEvents({ signal, onOpen, onEvent: (event) => apply(queryClient, event) }),
        // The badge is read as the shell mounts, a moment before the stream opens: what came in
        // between is read again once the stream is live (a request still on its way may be older).
        onConnected: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      }),
    [queryClient],
  );
}
