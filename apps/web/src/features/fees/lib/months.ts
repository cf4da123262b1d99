import { ACADEMY_TIME_ZONE } from '@academy/contract';
import { LANGUAGE_LOCALES, type Language } from '../../../i18n/languages';
import { currentLanguage } from '../../../i18n/setup';

// Fee months and days as the reader reads them (docs/fees.md 'Time'): months are the
// server's `YYYY-MM`, days its `YYYY-MM-DD` (Sri Lanka days) or instants; each is named by Intl in
// the reader's language and always in Sri Lanka time, so a laptop abroad shows the academy's day.

const MONTH = /^(\d{4})-(\d{2})$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SRI_LANKA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

function supported(language: Language): boolean {
  return Intl.DateTimeFormat.supportedLocalesOf(LANGUAGE_LOCALES[language]).length > 0;
}

function locale(language: Language): string {
  return supported(language) ? LANGUAGE_LOCALES[language] : LANGUAGE_LOCALES.en;
}

/** The months as Sinhala calendars name them, for a browser without Sinhala date data (some builds lack it). */
const SINHALA_MONTHS = ['ජනවාරි', 'පෙබරවාරි', 'මාර්තු', 'අප්‍රේල්', 'මැයි', 'ජූනි', 'ජූලි', 'අගෝස්තු', 'සැප්තැම්බර්', 'ඔක්තෝබර්', 'නොවැම්බර්', 'දෙසැම්බර්'];

/** '2026-11' in Sinhala without Intl's help: 'නොවැම්බර් 2026'. */
export function sinhalaMonthLabel(month: string): string {
  const match = MONTH.exec(month);
  const name = match ? SINHALA_MONTHS[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : month;
}

/** Noon in Sri Lanka of a `YYYY-MM-DD` day, or the instant itself: a moment inside the day meant. */
function momentOf(value: string): Date {
  const day = DAY.exec(value);
  if (day) return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 12) - SRI_LANKA_OFFSET_MS);
  return new Date(value);
}

/** '2026-11' → 'November 2026' (Sinhala: Intl's own month name, or the calendar's without it); anything else as it is. */
export function monthLabel(month: string, language: Language = currentLanguage()): string {
  const match = MONTH.exec(month);
  if (!match) return month;
  if (language === 'si' && !supported('si')) return sinhalaMonthLabel(month);
  const middle = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15, 12));
  return new Intl.DateTimeFormat(locale(language), { month: 'long', year: 'numeric', timeZone: ACADEMY_TIME_ZONE }).format(middle);
}

/** The Sri Lanka calendar day of a moment: its year, month (1–12) and day. */
function wallDay(moment: Date): { year: number; month: number; day: number } {
  const wall = new Date(moment.getTime() + SRI_LANKA_OFFSET_MS);
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/** A day in Sinhala without Intl's help: 'නොවැම්බර් 10', with the year first when asked ('2026 නොවැම්බර් 10'). */
export function sinhalaDayLabel(moment: Date, withYear: boolean): string {
  const { year, month, day } = wallDay(moment);
  const name = SINHALA_MONTHS[month - 1] ?? '';
  return withYear ? `${year} ${name} ${day}` : `${name} ${day}`;
}

/** A Sri Lanka day or an instant as its short day in Sri Lanka: '10 Nov' ('Nov 10' as en-LK says it). */
export function shortDayLabel(value: string, language: Language = currentLanguage()): string {
  const moment = momentOf(value);
  if (Number.isNaN(moment.getTime())) return value;
  if (language === 'si' && !supported('si')) return sinhalaDayLabel(moment, false);
  return new Intl.DateTimeFormat(locale(language), { day: 'numeric', month: 'short', timeZone: ACADEMY_TIME_ZONE }).format(moment);
}

/** A Sri Lanka day or an instant as its full date in Sri Lanka: '10 Nov 2026'. */
export function dayLabel(value: string, language: Language = currentLanguage()): string {
  const moment = momentOf(value);
  if (Number.isNaN(moment.getTime())) return value;
  if (language === 'si' && !supported('si')) return sinhalaDayLabel(moment, true);
  return new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium', timeZone: ACADEMY_TIME_ZONE }).format(moment);
}

/** The Sri Lanka month an instant falls in, as `YYYY-MM`. */
export function sriLankaMonth(instant: number | Date = Date.now()): string {
  const wall = new Date(new Date(instant).getTime() + SRI_LANKA_OFFSET_MS);
  return `${wall.getUTCFullYear()}-${String(wall.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The Sri Lanka day an instant falls in, as `YYYY-MM-DD` (a date field's value). */
export function sriLankaDay(instant: number | Date = Date.now()): string {
  return new Date(new Date(instant).getTime() + SRI_LANKA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The month `count` months after `month` (before, when negative): '2026-12', 1 → '2027-01'. */
export function addMonths(month: string, count: number): string {
  const match = MONTH.exec(month);
  if (!match) return month;
  const index = Number(match[1]) * 12 + Number(match[2]) - 1 + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Every month from `first` to `last`, both included ([] when last is before first). */
export function monthRange(first: string, last: string): string[] {
  const months: string[] = [];
  for (let month = first; month <= last && months.length < 1200; month = addMonths(month, 1)) months.push(month);
  return months;
}

const ENGLISH_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * The server's English month names in one of its sentences ('November 2026, December 2026') said in
 * the reader's language; the contract builds them by hand (fees-text.ts), so they read back exactly.
 */
export function englishMonthsInLanguage(text: string, language: Language = currentLanguage()): string {
  return text.replace(new RegExp(`\\b(${ENGLISH_MONTHS.join('|')}) (\\d{4})\\b`, 'g'), (_whole, name: string, year: string) =>
    monthLabel(`${year}-${String(ENGLISH_MONTHS.indexOf(name) + 1).padStart(2, '0')}`, language),
  );
}
