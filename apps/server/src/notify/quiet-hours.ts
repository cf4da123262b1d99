// Quiet hours: pushes and SMS due inside them wait until they end (notifications.md, 'Quiet
// hours'). The setting is read in Sri Lanka time, which is UTC+05:30 all year (no daylight saving),
// so a fixed offset is exact and no time-zone database is needed. Times are epoch milliseconds, as
// the notifications clock gives them.

/** Minutes after midnight, Sri Lanka time; `end` is the first minute no longer quiet. */
export interface QuietHours {
  start: number;
  end: number;
}

const SRI_LANKA_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 24 * 60 * 60_000;
const MINUTE_MS = 60_000;
const RANGE = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

/** `22:00-06:00` (across midnight) or `13:00-14:00`; `off` answers null. A malformed or empty range throws. */
export function parseQuietHours(setting: string): QuietHours | null {
  const text = setting.trim();
  if (text.toLowerCase() === 'off') return null;
  const match = RANGE.exec(text);
  if (!match) throw new Error(`quiet hours must be HH:MM-HH:MM in Sri Lanka time, or off (got "${setting}")`);
  const [, startHour, startMinute, endHour, endMinute] = match.map(Number) as [number, number, number, number, number];
  const hours = { start: startHour * 60 + startMinute, end: endHour * 60 + endMinute };
  if (hours.start === hours.end) throw new Error(`quiet hours must start and end at different times (got "${setting}")`);
  return hours;
}

/** Midnight that began the Sri Lanka day of `at`, as an instant. */
function sriLankaMidnight(at: number): number {
  return Math.floor((at + SRI_LANKA_OFFSET_MS) / DAY_MS) * DAY_MS - SRI_LANKA_OFFSET_MS;
}

function minuteOfDay(at: number): number {
  return Math.floor((at - sriLankaMidnight(at)) / MINUTE_MS);
}

export function isQuiet(hours: QuietHours, at: number): boolean {
  const minute = minuteOfDay(at);
  return hours.start < hours.end ? minute >= hours.start && minute < hours.end : minute >= hours.start || minute < hours.end;
}

/** When the quiet period `at` falls in ends, or null when `at` is not quiet. */
export function quietEnd(hours: QuietHours, at: number): number | null {
  if (!isQuiet(hours, at)) return null;
  const midnight = sriLankaMidnight(at);
  const endsTomorrow = hours.start > hours.end && minuteOfDay(at) >= hours.start;
  return midnight + (endsTomorrow ? DAY_MS : 0) + hours.end * MINUTE_MS;
}
