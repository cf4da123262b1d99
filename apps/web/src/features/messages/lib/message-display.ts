import { t } from 'i18next';
import { formatDateTime } from '../../../i18n/format';
/** Only web addresses become links: a stored value that is anything else is shown as nothing. */
export function isWebLink(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** When a message was sent, in the reader's language, Sri Lanka time. */
export function sentAt(iso: string): string {
  return formatDateTime(iso);
}

export function viewsLabel(views: number): string {
  return t('messages.views', { count: views });
}
