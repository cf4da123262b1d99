import { NOTIFICATION_KINDS, type NotificationItem, type NotificationKind } from '@academy/contract';
import type { BellRow } from './repo';

function isKind(kind: string): kind is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(kind);
}

/** A stored item as the bell and its stream carry it; null for a kind this release no longer knows. */
export function toItem(row: BellRow): NotificationItem | null {
  if (!isKind(row.kind)) return null;
  const parsed: unknown = JSON.parse(row.params_json);
  const params: Record<string, string> = {};
  if (parsed && typeof parsed === 'object') {
    for (const [name, value] of Object.entries(parsed)) if (typeof value === 'string') params[name] = value;
  }
  return { id: row.id, kind: row.kind, params, link: row.link, createdAt: row.created_at, readAt: row.read_at, openedAt: row.opened_at };
}
