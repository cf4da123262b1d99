import { t } from 'i18next';
import { useState } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../i18n/languages';
import { chooseLanguage, currentLanguage } from '../i18n/setup';
import { brandColorVariables } from '../lib/brand-colors';
import { taglineFontStack } from '../lib/tagline-font';
import './language-switch.css';

// The build's small Sinhala face holds 'සිංහල' too, so the name draws before any font download.
const SUBSET_LETTERS = [...import.meta.env.VITE_TAGLINE_LETTERS];

/**
 * English | සිංහල, on the login screen and in the shell. Each language is named in itself, and
 * carries its own lang so a screen reader says it in the right voice. Plain buttons and CSS, not
 * MUI: the login page's first download does without MUI.
 */
export function LanguageSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const [busy, setBusy] = useState(false);
  const current = currentLanguage();
  const change = (language: Language) => {
    setBusy(true);
    // The app redraws in the new language when it is ready (LanguageBoundary).
    chooseLanguage(language).catch((error: unknown) => {
      console.error('Language change failed', error);
      setBusy(false);
    });
  };
  return (
    <div role="group" aria-label={t('general.language')} className={tone === 'dark' ? 'language-switch dark' : 'language-switch'} style={brandColorVariables()}>
      {LANGUAGES.map((language) => {
        const chosen = language === current;
        return (
          <button
            key={language}
            type="button"
            lang={language}
            aria-pressed={chosen}
            disabled={busy}
            onClick={() => !chosen && change(language)}
            style={language === 'si' ? { fontFamily: taglineFontStack(LANGUAGE_NAMES.si, SUBSET_LETTERS) } : undefined}
          >
            {LANGUAGE_NAMES[language]}
          </button>
        );
      })}
    </div>
  );
}
