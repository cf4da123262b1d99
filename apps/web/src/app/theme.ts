import { createTheme } from '@mui/material/styles';
import type { Branding } from '@academy/contract';

declare module '@mui/material/styles' {
  interface Palette {
    brand: Branding['colors'];
  }
  interface PaletteOptions {
    brand?: Branding['colors'];
  }
}

// System fonts keep the first load small. Noto Sans Sinhala, last in the list, is fetched only when
// a page shows Sinhala that the device's own fonts cannot draw.
const FONT_FAMILY = ['system-ui', '-apple-system', '"Segoe UI"', 'Roboto', '"Helvetica Neue"', 'Arial', '"Noto Sans Sinhala"', 'sans-serif'].join(',');

/** The spec's brand colours (section 9), taken from the academy's branding so it can restyle. */
export function createAppTheme(colors: Branding['colors']) {
  return createTheme({
    palette: {
      primary: { main: colors.navy },
      secondary: { main: colors.green },
      brand: colors,
      background: { default: '#F4F8FB' },
    },
    typography: {
      fontFamily: FONT_FAMILY,
      button: { textTransform: 'none', fontWeight: 600 },
    },
    shape: { borderRadius: 10 },
    components: {
      // SweetAlert2's alerts sit below MUI's app bar and drawers by default; put them on top.
      MuiCssBaseline: { styleOverrides: { '.swal2-container': { zIndex: 1400 } } },
      MuiButton: {
        variants: [{ props: { variant: 'contained', color: 'primary' }, style: { '&:hover': { backgroundColor: colors.hoverBlue } } }],
      },
    },
  });
}
