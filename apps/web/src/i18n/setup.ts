import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enLogin } from './en-login';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, storedLanguage, type Language } from './languages';
import { loadDictionary } from './load-dictionary';

/**
 * Starts i18next with English, then the language this browser chose before, if any. The page is
 * drawn after this resolves, so a Sinhala reader never sees the English screen flash first.
 */
export async function startI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    // English starts with the login page's words; loadAllWords() adds the rest (all-words.ts).
    resources: { en: { translation: enLogin } },
    // React escapes what it renders; escaping here too would show '&amp;' for '&'.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  await applyLanguage(storedLanguage());
}

async function applyLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !i18next.hasResourceBundle(language, 'translation')) {
    i18next.addResourceBundle(language, 'translation', await loadDictionary(language));
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
