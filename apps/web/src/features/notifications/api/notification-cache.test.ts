import type { NotificationItem, NotificationListAnswer } from '@academy/contract';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { addItem, markItemsRead, removeItems, setUnreadCount } from './notification-cache';
import { notificationKeys } from './query-keys';

// What the bell's live events and this tab's own calls do to the cached lists and the badge.

type Pages = InfiniteData<NotificationListAnswer, string | null>;

function item(id: string, readAt: string | null = null): NotificationItem {
  return { id, kind: 'message.new', params: { excerpt: id }, link: '/message', createdAt: '2026-11-27T10:00:00.000Z', readAt, openedAt: null };
}

function pages(...lists: NotificationItem[][]): Pages {
  return {
    pages: lists.map((items) => ({ code: 200, message: 'OK', data: { items, unread: 0, before: null } })),
    pageParams: lists.map((_, i) => (i === 0 ? null : `cursor-${i}`)),
  };
}

const ids = (client: QueryClient, unreadOnly: boolean) =>
  client.getQueryData<Pages>(notificationKeys.list(unreadOnly))?.pages.map((page) => page.data.items.map((i) => `${i.id}${i.readAt ? ' read' : ''}`));

describe('the cached bell', () => {
  let client: QueryClient;
  beforeEach(() => {
    client = new QueryClient();
    client.setQueryData(notificationKeys.list(false), pages([item('b'), item('a', '2026-11-27T09:00:00.000Z')], [item('old')]));
    client.setQueryData(notificationKeys.list(true), pages([item('b')]));
  });

  it('puts a new notification first in every list, once', () => {
    addItem(client, item('c'));
    addItem(client, item('c'));
    expect(ids(client, false)).toEqual([['c', 'b', 'a read'], ['old']]);
    expect(ids(client, true)).toEqual([['c', 'b']]);
  });

  it('marks the items named read, or all of them, wherever they are', () => {
    markItemsRead(client, ['old'], '2026-11-27T11:00:00.000Z');
    expect(ids(client, false)).toEqual([['b', 'a read'], ['old read']]);
    markItemsRead(client, null, '2026-11-27T11:00:00.000Z');
    expect(ids(client, false)).toEqual([['b read', 'a read'], ['old read']]);
    expect(ids(client, true)).toEqual([['b read']]);
  });

  it('takes withdrawn notifications out of every list', () => {
    removeItems(client, ['b', 'old']);
    expect(ids(client, false)).toEqual([['a read'], []]);
    expect(ids(client, true)).toEqual([[]]);
  });

  it('keeps the badge at the count the server gave last', () => {
    setUnreadCount(client, 3);
    setUnreadCount(client, 0);
    expect(client.getQueryData(notificationKeys.unread)).toBe(0);
  });

  it('changes nothing that is not cached', () => {
    const empty = new QueryClient();
    addItem(empty, item('c'));
    markItemsRead(empty, null, '2026-11-27T11:00:00.000Z');
    expect(empty.getQueryData(notificationKeys.list(false))).toBeUndefined();
  });
});
