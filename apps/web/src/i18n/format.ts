import { ACADEMY_TIME_ZONE } from '@academy/contract';
import { LANGUAGE_LOCALES } from './languages';
import { currentLanguage } from './setup';

// Dates and numbers in the reader's language, and always in Sri Lanka time: the academy's clock,
// whatever the device is set to.

function locale(): string {
  return LANGUAGE_LOCALES[currentLanguage()];
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
