// The log's times as the academy reads them: Sri Lanka time (i18n/format.ts), to the second,
// whatever the admin's device is set to.

/** '23 Nov 2026, 14:03:05' in English. */
export const ACADEMY_TIME_FORMAT: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};
