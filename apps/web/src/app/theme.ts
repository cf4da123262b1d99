import { createTheme } from '@mui/material/styles';
import type { Branding } from '@academy/contract';
import { FONT_FAMILY } from '../lib/font-family';

declare module '@mui/material/styles' {
  interface Palette {
    brand: Branding['colors'];
  }
  interface PaletteOptions {
    brand?: Branding['colors'];
  }
}


/**
 * The spec's brand colours (section 9), taken from the academy's branding so it can restyle. A
 * reader who asked their device for less motion gets none from the components: no slides, fades
 * or ripples (WCAG 2.3.3); the login carousel stands still for them too (banner-carousel.tsx).
 */
export function createAppTheme(colors: Branding['colors'], { reducedMotion = false } = {}) {
  return createTheme({
    ...(reducedMotion ? { transitions: { create: () => 'none' } } : {}),
    palette: {
      primary: { main: colors.navy },
      secondary: { main: colors.green },
      // MUI's own info blue (#0288D1) reads at 3.9:1 on white, below AA for the words drawn in it
      // (the audit log's outlined chips of a change); a shade darker reads at 4.8:1 (WCAG 1.4.3).
      info: { main: '#0277BD' },
      brand: colors,
      background: { default: '#F4F8FB' },
    },
    typography: {
      fontFamily: FONT_FAMILY,
      button: { textTransform: 'none', fontWeight: 600 },
    },
    shape: { borderRadius: 10 },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // SweetAlert2's alerts sit below MUI's app bar and drawers by default; put them on top.
          '.swal2-container': { zIndex: 1400 },
          // One strong focus ring for every control reached by keyboard (WCAG 2.4.7): MUI's own
          // focus ripple is faint, and invisible on the navy drawer. Switches and checkboxes focus
          // a hidden input, so their visible root (Mui-focusVisible) carries the ring; a text
          // field shows focus by its thicker border, so its input draws none.
          '*:focus-visible, .MuiButtonBase-root.Mui-focusVisible': { outline: `3px solid ${colors.hoverBlue}`, outlineOffset: 2 },
          '.MuiInputBase-input:focus-visible': { outline: 'none' },
        },
      },
      MuiButtonBase: { defaultProps: { disableRipple: reducedMotion } },
      MuiSkeleton: { defaultProps: { animation: reducedMotion ? false : 'pulse' } },
      MuiButton: {
        variants: [{ props: { variant: 'contained', color: 'primary' }, style: { '&:hover': { backgroundColor: colors.hoverBlue } } }],
      },
    },
  });
}
