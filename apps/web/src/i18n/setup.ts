import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enLogin } from './en-login';
import { LANGUAGE_STORAGE_KEY } from '@academy/contract';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages';
import { loadDictionary } from './load-dictionary';

/**
 * Starts i18next with English, then the language this browser chose before, if any. The page is
 * drawn after this resolves, so a Sinhala reader never sees the English screen flash first.
 */
export async function startI18n(): Promise<void> {
  await startEnglish();
  await applyLanguage(storedLanguage());
}

/** i18next in English with the login page's words: the browser's start, and the server's prerender. */
export function startEnglish(): Promise<unknown> {
  return i18next.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    // English starts with the login page's words; loadAllWords() adds the rest (all-words.ts).
    resources: { en: { translation: enLogin } },
    // React escapes what it renders; escaping here too would show '&amp;' for '&'.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
}

/** The language this browser chose before (the key is the contract's: the server's first script reads it too). */
function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** How long a language change waits for its fonts before drawing anyway. */
const FONT_WAIT_MS = 3000;

/**
 * No device font draws Sinhala on many systems, and a web font is fetched only when text first
 * needs it, so the screen would show empty boxes until then. The change waits (a little) for both
 * weights the app uses.
 */
export function sinhalaFonts(): Promise<unknown> {
  const loads = ['400', '700'].map((weight) => document.fonts.load(`${weight} 1em "Noto Sans Sinhala"`, 'සිංහල'));
  return Promise.race([Promise.all(loads), new Promise((resolve) => setTimeout(resolve, FONT_WAIT_MS))]);
}

async function applyLanguage(language: Language): Promise<void> {
  if (language !== 'en') {
    const [words] = await Promise.all([i18next.hasResourceBundle(language, 'translation') ? null : loadDictionary(language), sinhalaFonts()]);
    if (words) i18next.addResourceBundle(language, 'translation', words);
  }
  await i18next.changeLanguage(language);
  // Screen readers pick their voice, and the browser its fonts and hyphenation, from this.
  document.documentElement.lang = language;
}

/** The language switch: fetches the words if needed, redraws the app, remembers the choice. */
export async function chooseLanguage(language: Language): Promise<void> {
  await applyLanguage(language);
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
}

export function currentLanguage(): Language {
  return i18next.language === 'si' ? 'si' : 'en';
}
