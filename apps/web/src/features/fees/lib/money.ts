import { LANGUAGE_LOCALES, type Language } from '../../../i18n/languages';
import { currentLanguage } from '../../../i18n/setup';

// Money as the fees screens show it (docs/fees.md 'Money'): the server sends whole LKR
// cents; they are divided by 100 only here, at display, and said by Intl in the reader's language:
// 'LKR 2,500.00' in English, 'රු. 2,500.00' in Sinhala.

/** What Sinhala calls the rupee where the browser has no Sinhala number data (some builds lack it). */
const SINHALA_RUPEE = 'රු.';

function supported(locale: string): boolean {
  return Intl.NumberFormat.supportedLocalesOf(locale).length > 0;
}

/** Cents as an amount of rupees in `language` (the reader's by default). */
export function formatMoney(cents: number, language: Language = currentLanguage()): string {
  const locale = LANGUAGE_LOCALES[language];
  const rupees = cents / 100;
  if (supported(locale)) return new Intl.NumberFormat(locale, { style: 'currency', currency: 'LKR' }).format(rupees);
  const number = new Intl.NumberFormat(LANGUAGE_LOCALES.en, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(rupees);
  return language === 'si' ? `${SINHALA_RUPEE}\u00a0${number}` : `LKR\u00a0${number}`;
}

/** A typed amount of rupees ('2,500', '2500.5', '1 250.00') as cents, by string arithmetic; null when it is not one. */
export function rupeesTextToCents(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/[,\s]/g, ''));
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as the plain figure an amount field starts with ('2500.00'), by string arithmetic. */
export function centsToRupeesText(cents: number): string {
  const digits = String(Math.max(0, Math.trunc(cents))).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
