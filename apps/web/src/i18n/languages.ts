// The languages the portal speaks (this file is read by the build too: build/tagline-font.ts). English is bundled with the first download; every other
// language's dictionary is fetched only when a visitor chooses it (see load-dictionary.ts).

export const LANGUAGES = ['en', 'si'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, so a visitor who cannot read the other still finds theirs. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', si: 'සිංහල' };

/** Intl locales: Sri Lankan English and Sinhala (dates, numbers). */
export const LANGUAGE_LOCALES: Record<Language, string> = { en: 'en-LK', si: 'si-LK' };


export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
