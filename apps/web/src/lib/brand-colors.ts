import type { CSSProperties } from 'react';
import { branding } from './branding';

/**
 * The academy's colours as CSS variables, for the plain screens before sign-in (their CSS files
 * read `var(--brand-navy)` and the rest), which do without MUI's theme. Set on their root element.
 */
export function brandColorVariables(): CSSProperties {
  const { navy, slate, green, lightBlue, hoverBlue } = branding.colors;
  return {
    '--brand-navy': navy,
    '--brand-slate': slate,
    '--brand-green': green,
    '--brand-light-blue': lightBlue,
    '--brand-hover-blue': hoverBlue,
  } as CSSProperties;
}
