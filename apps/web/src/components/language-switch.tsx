import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { t } from 'i18next';
import { useState } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../i18n/languages';
import { chooseLanguage, currentLanguage } from '../i18n/setup';
import { taglineFontStack } from '../lib/tagline-font';

// The build's small Sinhala face holds 'සිංහල' too, so the name draws before any font download.
const SUBSET_LETTERS = [...import.meta.env.VITE_TAGLINE_LETTERS];

/**
 * English | සිංහල, on the login screen and in the shell. Each language is named in itself, and
 * carries its own lang so a screen reader says it in the right voice. Plain buttons (already on
 * the login page) rather than MUI's ToggleButtonGroup keep the page's first download small.
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
  const dark = tone === 'dark';
  return (
    <Box role="group" aria-label={t('general.language')} sx={{ display: 'inline-flex', gap: 0.5 }}>
      {LANGUAGES.map((language) => {
        const chosen = language === current;
        return (
          <Button
            key={language}
            lang={language}
            size="small"
            variant={chosen ? 'contained' : 'outlined'}
            color={dark ? 'inherit' : 'primary'}
            aria-pressed={chosen}
            disabled={busy}
            onClick={() => !chosen && change(language)}
            sx={{
              minWidth: 0,
              px: 1.5,
              py: 0.25,
              textTransform: 'none',
              fontWeight: 700,
              ...(language === 'si' ? { fontFamily: taglineFontStack(LANGUAGE_NAMES.si, SUBSET_LETTERS) } : {}),
              ...(dark && chosen ? { bgcolor: 'brand.lightBlue', color: 'primary.main', '&:hover': { bgcolor: 'brand.lightBlue' } } : {}),
            }}
          >
            {LANGUAGE_NAMES[language]}
          </Button>
        );
      })}
    </Box>
  );
}
