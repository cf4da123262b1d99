import { formatDateTime } from '../../../i18n/format';
import { sriLankaDayNumber } from './sri-lanka-time';
import { sriLankaTimeOfDay } from './paper-labels';

// Times on the paper's page, in the reader's language and always in Sri Lanka time
// (i18n/format.ts formats in the academy's zone, whatever the device's).

/** "Sat, 12 Dec, 8:00 PM" as the reader's locale writes it. */
export function sriLankaDayAndTime(instant: string): string {
  return formatDateTime(instant, { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
}

/** "8:52 PM" on the day it names, else with its day: a hand-in read the next morning says when. */
export function sriLankaMoment(instant: string, now: number): string {
  return sriLankaDayNumber(instant) === sriLankaDayNumber(now) ? sriLankaTimeOfDay(instant) : sriLankaDayAndTime(instant);
}
