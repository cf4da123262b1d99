import type { NotificationItem, NotificationListAnswer } from '@academy/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { notificationKeys } from './query-keys';

// Changes to the cached lists and the badge, from this tab's own calls and from live events alike,
// so the bell never reloads to show one notification.

type Pages = InfiniteData<NotificationListAnswer, string | null>;

function changeItems(queryClient: QueryClient, change: (items: NotificationItem[], pageIndex: number) => NotificationItem[]): void {
  queryClient.setQueriesData<Pages>({ queryKey: notificationKeys.lists }, (data) =>
    data ? { ...data, pages: data.pages.map((page, i) => ({ ...page, data: { ...page.data, items: change(page.data.items, i) } })) } : data,
  );
}

export function setUnreadCount(queryClient: QueryClient, count: number): void {
  queryClient.setQueryData<number>(notificationKeys.unread, count);
}

/** A new notification goes first in every cached list (it is the newest), once. */
export function addItem(queryClient: QueryClient, item: NotificationItem): void {
  changeItems(queryClient, (items, pageIndex) => (pageIndex === 0 ? [item, ...items.filter((other) => other.id !== item.id)] : items));
}

/** The items named (all of them for null) are read from `at` on; an unread-only list keeps them until it is read again. */
export function markItemsRead(queryClient: QueryClient, ids: readonly string[] | null, at: string): void {
  const named = ids ? new Set(ids) : null;
  changeItems(queryClient, (items) => items.map((item) => (item.readAt === null && (!named || named.has(item.id)) ? { ...item, readAt: at } : item)));
}

/** Withdrawn notifications leave every list at once. */
export function removeItems(queryClient: QueryClient, ids: readonly string[]): void {
  const gone = new Set(ids);
  changeItems(queryClient, (items) => (items.some((item) => gone.has(item.id)) ? items.filter((item) => !gone.has(item.id)) : items));
}
