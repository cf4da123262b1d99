import type { NotificationKind } from '@academy/contract';
import { t } from 'i18next';

// The short name of each kind, as the preferences table, the unsubscribe page and the admins' list
// show it ('New lessons'), in the reader's language.

const KIND_LABEL_KEYS = {
  'message.new': 'notifications.kindMessageNew',
  'lesson.new': 'notifications.kindLessonNew',
  'paper.opening': 'notifications.kindPaperOpening',
  'results.released': 'notifications.kindResultsReleased',
  'script.returned': 'notifications.kindScriptReturned',
  'fee.due': 'notifications.kindFeeDue',
  'payment.receipt': 'notifications.kindPaymentReceipt',
  'slip.rejected': 'notifications.kindSlipRejected',
  'payment.reversed': 'notifications.kindPaymentReversed',
  'security.alert': 'notifications.kindSecurityAlert',
  'approval.requested': 'notifications.kindApprovalRequested',
} as const satisfies Record<NotificationKind, string>;

export function kindLabel(kind: NotificationKind): string {
  return t(KIND_LABEL_KEYS[kind]);
}
