import { ACADEMY_TIME_ZONE } from '@academy/contract';
import { LANGUAGE_LOCALES } from './languages';
import { currentLanguage } from './setup';

// Dates and numbers in the reader's language, and always in Sri Lanka time: the academy's clock,
// whatever the device is set to.

/** The reader's locale, or Sri Lankan English where the browser has no data for it (some builds lack Sinhala). */
function locale(): string {
  const wanted = LANGUAGE_LOCALES[currentLanguage()];
  return Intl.DateTimeFormat.supportedLocalesOf(wanted).length > 0 ? wanted : LANGUAGE_LOCALES.en;
}

export function formatDateTime(value: string | Date, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }): string {
  return new Intl.DateTimeFormat(locale(), { timeZone: ACADEMY_TIME_ZONE, ...options }).format(new Date(value));
}

export function formatDate(value: string | Date): string {
  return formatDateTime(value, { dateStyle: 'medium' });
}

/** Units from the smallest up, each with how many of it make the next. */
const AGO_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/** How long ago, in the reader's language ('now', '5 minutes ago', 'yesterday'); past a week, the date. */
export function formatTimeAgo(value: string | Date, now: number = Date.now()): string {
  // A clock a little ahead of the device's is 'now', not 'in 3 seconds'.
  let amount = Math.min(0, (new Date(value).getTime() - now) / 1000);
  for (const [unit, size] of AGO_STEPS) {
    if (-amount < size) return new Intl.RelativeTimeFormat(locale(), { numeric: 'auto' }).format(Math.trunc(amount), unit);
    amount /= size;
  }
  return formatDate(value);
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(locale()).format(value);
}

/** A size in the reader's language: '12.5 MB', '1.2 GB'. */
export function formatBytes(bytes: number): string {
  const [value, unit] = bytes >= 1e9 ? [bytes / 1e9, 'gigabyte'] : bytes >= 1e6 ? [bytes / 1e6, 'megabyte'] : [bytes / 1e3, 'kilobyte'];
  return new Intl.NumberFormat(locale(), { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

/** A lesson's length or position as a clock reads it: '4:05', '1:02:09'. */
export function formatClock(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/**
 * A share as a percentage, cut (not rounded) to `digits` decimals: 0.9999996 reads '99.9999 %',
 * never '100 %', which a measure of evidence must not claim.
 */
export function formatPercentDown(fraction: number, digits = 0): string {
  const scale = 10 ** (digits + 2);
  const cut = Math.floor(fraction * scale) / scale;
  return new Intl.NumberFormat(locale(), { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: digits }).format(cut);
}
