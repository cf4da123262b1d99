import { isPortalPath, type NotificationOpenVia } from '@academy/contract';

/** The screen that opens a notification: it records the open, then goes to the notification's link. */
export function openerPath(id: string, via: NotificationOpenVia): string {
  return `/n/${encodeURIComponent(id)}?via=${via}`;
}

/**
 * Where a notification may send the reader: only a hash path of this portal (one leading '/', no
 * scheme, no '//'), and never the opener itself, which would open it again and again. Null for
 * anything else, which is then not followed.
 */
export function safeLink(link: string): string | null {
  if (!isPortalPath(link)) return null;
  if (/^\/n(?:[/?#]|$)/.test(link)) return null;
  return link;
}
