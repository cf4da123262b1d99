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

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(locale()).format(value);
}
