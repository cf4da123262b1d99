import type { ChannelCounts, SentNotification } from '@academy/contract';

// The admins' numbers of one notification, worked out from the counts the server sends: what the
// one-line summary and the chart show.

/** Deliveries a channel made or is still making: sent, and held for the end of the quiet hours. */
export function reached(counts: ChannelCounts): number {
  return counts.sent + counts.held;
}

/** Whether a channel has anything to report (e-mail and SMS are all zero where they are off). */
export function anyCounted(counts: ChannelCounts): boolean {
  return Object.values(counts).some((count) => count > 0);
}

export interface SentSummary {
  recipients: number;
  push: number;
  email: number;
  sms: number;
  opened: number;
}

export function sentSummary(item: Pick<SentNotification, 'recipients' | 'push' | 'email' | 'sms' | 'opened'>): SentSummary {
  return { recipients: item.recipients, push: reached(item.push), email: reached(item.email), sms: reached(item.sms), opened: item.opened };
}
