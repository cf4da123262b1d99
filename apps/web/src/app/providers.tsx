import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { LanguageBoundary } from '../i18n/language-boundary';
import { branding } from '../lib/branding';
import { prefersReducedMotion } from '../lib/reduced-motion';
import { createAppTheme } from './theme';

// Read once at start: a change of the device's setting applies from the next visit.
const theme = createAppTheme(branding.colors, { reducedMotion: prefersReducedMotion() });

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <LanguageBoundary>{children}</LanguageBoundary>
    </ThemeProvider>
  );
}
