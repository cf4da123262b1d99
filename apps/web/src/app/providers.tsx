import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LanguageBoundary } from '../i18n/language-boundary';
import { branding } from '../lib/branding';
import { queryClient } from '../lib/query-client';
import { createAppTheme } from './theme';

const theme = createAppTheme(branding.colors);

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <LanguageBoundary>{children}</LanguageBoundary>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
