/** Cache keys of the bell's calls; 'notifications' first so one invalidation reaches every read of the bell. */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** Every cached list: the whole bell, and the unread-only one. */
  lists: ['notifications', 'list'] as const,
  list: (unreadOnly: boolean) => ['notifications', 'list', { unreadOnly }] as const,
  unread: ['notifications', 'unread'] as const,
  /** Outside 'notifications' on purpose: reading the bell again must never open an item again. */
  open: (id: string, via: string) => ['notification-open', id, via] as const,
  /** Outside 'notifications' too: the bell's reconnect has no reason to read the switches again. */
  preferences: ['notification-preferences'] as const,
  /** The admins' counts, read again whenever the tab is opened. */
  sent: ['notification-admin', 'sent'] as const,
  smsUsage: ['notification-admin', 'sms-usage'] as const,
};
