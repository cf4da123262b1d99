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

export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
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
