import { formatDateTime } from '../../../i18n/format';

/** A moment of an attempt to the second, in Sri Lanka time: saves and periods are told apart by seconds. */
export function attemptTime(instant: string): string {
  return formatDateTime(instant, { dateStyle: 'short', timeStyle: 'medium' });
}
