import {
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATIONS_TEXT,
  notificationCursor,
  parseNotificationCursor,
  type NotificationItem,
  type NotificationListQuery,
  type NotificationOpenVia,
  type NotificationReadBody,
} from '@academy/contract';
import { errors } from '../../lib/errors';
import type { SessionAccount } from '../../plugins/auth';
import { toItem } from './bell-item';
import type { NotificationsContext } from './context';
import * as repo from './repo';

// The bell: each account reads, opens and marks only its own items (a recipient row is the
// account's own by its account_id, never by an id alone).

export type BellDeps = Pick<NotificationsContext, 'db' | 'live' | 'clock'>;

export async function unreadCount(deps: BellDeps, accountId: string): Promise<number> {
  return (await repo.unreadCounts(deps.db, [accountId])).get(accountId) ?? 0;
}

/** A page of the caller's bell, newest first, with their unread count and the next page's cursor. */
export async function listBell(deps: BellDeps, account: SessionAccount, query: NotificationListQuery) {
  const before = query.before ? parseNotificationCursor(query.before) : null;
  const [rows, unread] = await Promise.all([
    repo.listBell(deps.db, account.id, { before, unreadOnly: query.unread === 'true', limit: NOTIFICATION_PAGE_SIZE + 1 }),
    unreadCount(deps, account.id),
  ]);
  const items = rows.slice(0, NOTIFICATION_PAGE_SIZE).flatMap((row) => toItem(row) ?? []) satisfies NotificationItem[];
  const last = items.at(-1);
  return { items, unread, before: rows.length > NOTIFICATION_PAGE_SIZE && last ? notificationCursor(last) : null };
}

/** The caller opened an item (bell, push, e-mail): its first open is recorded and it is read; answers where it leads. */
export async function openItem(deps: BellDeps, account: SessionAccount, recipientId: string, via: NotificationOpenVia): Promise<{ link: string }> {
  const item = await repo.findBellItem(deps.db, account.id, recipientId);
  if (!item) throw errors.notFound(NOTIFICATIONS_TEXT.noLongerAvailable);
  await repo.recordOpen(deps.db, recipientId, via, new Date(deps.clock()).toISOString());
  if (item.read_at === null) await deps.live.publish({ type: 'read', accountId: account.id, ids: [recipientId] });
  return { link: item.link };
}

/** Marks the caller's items read (ids of others change nothing), or all of them; answers the unread left. */
export async function markRead(deps: BellDeps, account: SessionAccount, body: NotificationReadBody): Promise<{ unread: number }> {
  const all = 'all' in body;
  const changed = await repo.markRead(deps.db, account.id, all ? 'all' : body.ids, new Date(deps.clock()).toISOString());
  if (changed.length > 0) await deps.live.publish({ type: 'read', accountId: account.id, ids: all ? null : changed });
  return { unread: await unreadCount(deps, account.id) };
}
