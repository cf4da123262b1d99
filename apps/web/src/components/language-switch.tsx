import Translate from '@mui/icons-material/Translate';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { t } from 'i18next';
import { useState } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../i18n/languages';
import { chooseLanguage, currentLanguage } from '../i18n/setup';

/**
 * English | සිංහල, on the login screen and in the shell. Each language is named in itself, and
 * carries its own lang so a screen reader says it in the right voice.
 */
export function LanguageSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const [busy, setBusy] = useState(false);
  const change = (language: Language | null) => {
    if (!language || language === currentLanguage()) return;
    setBusy(true);
    // The app redraws in the new language when it is ready (LanguageBoundary).
    chooseLanguage(language).catch((error: unknown) => {
      console.error('Language change failed', error);
      setBusy(false);
    });
  };
  const dark = tone === 'dark';
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={currentLanguage()}
      onChange={(_, language: Language | null) => change(language)}
      aria-label={t('general.language')}
      disabled={busy}
      sx={dark ? { '& .MuiToggleButton-root': { color: 'rgba(255,255,255,0.85)', borderColor: 'rgba(255,255,255,0.35)' }, '& .Mui-selected': { color: 'primary.main', bgcolor: 'brand.lightBlue' } } : undefined}
    >
      {LANGUAGES.map((language) => (
        <ToggleButton key={language} value={language} lang={language} sx={{ px: 1.5, py: 0.25, textTransform: 'none', fontWeight: 600 }}>
          {LANGUAGE_NAMES[language]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
