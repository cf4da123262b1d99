import { ACADEMY_TIME_ZONE } from '@academy/contract';

// The log's times as the academy reads them: Sri Lanka time, whatever the admin's device is set to.

const FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: ACADEMY_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** '23 Nov 2026, 14:03:05'. */
export function academyTime(iso: string): string {
  return FORMAT.format(new Date(iso));
}
