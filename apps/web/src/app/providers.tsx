import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { branding } from '../lib/branding';
import { prefersReducedMotion } from '../lib/reduced-motion';
import { createAppTheme } from './theme';

// Read once at start: a change of the device's setting applies from the next visit.
const theme = createAppTheme(branding.colors, { reducedMotion: prefersReducedMotion() });

/**
 * MUI's theme and baseline, for every screen the router draws. The login page, the app's first
 * screen, is drawn without MUI (plain CSS) and so comes before this in the tree (app-element.tsx).
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
