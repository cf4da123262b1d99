// Papers are set and sat in Sri Lanka time whatever the device's own time zone (docs/papers.md,
// 'Time'): a tutor abroad must not open a paper five hours early. Asia/Colombo has been UTC+05:30
// all year since 2006, with no daylight saving, so a fixed offset converts exactly and needs no
// time-zone data from the browser.

export const SRI_LANKA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DDTHH:mm`, optionally with `:ss`: what an `<input type="datetime-local">` holds. */
const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/**
 * The instant a `datetime-local` value names when read as Sri Lanka wall time, as ISO-8601 UTC
 * (`2026-12-12T14:30:00.000Z` for `2026-12-12T20:00`); null when it is not a real date and time.
 */
export function sriLankaInputToInstant(value: string): string | null {
  const match = LOCAL_INPUT.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(wall);
  // Date.UTC rolls 30 February over into March; a value that does not read back is no date.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
    return null;
  }
  return new Date(wall - SRI_LANKA_OFFSET_MS).toISOString();
}

/** An instant as the `datetime-local` value (`YYYY-MM-DDTHH:mm`) of its Sri Lanka wall time. */
export function instantToSriLankaInput(instant: string | number | Date): string {
  const wall = new Date(new Date(instant).getTime() + SRI_LANKA_OFFSET_MS);
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/** The Sri Lanka calendar day of an instant as a count of days since 1970-01-01, for "today" and "within the week". */
export function sriLankaDayNumber(instant: string | number | Date): number {
  return Math.floor((new Date(instant).getTime() + SRI_LANKA_OFFSET_MS) / DAY_MS);
}
