// System fonts keep the first load small. Noto Sans Sinhala, last in the list, is fetched only when
// a page shows Sinhala that the device's own fonts cannot draw. One list for the MUI theme and for
// the plain screens before sign-in (which set it on their root).
export const FONT_FAMILY = ['system-ui', '-apple-system', '"Segoe UI"', 'Roboto', '"Helvetica Neue"', 'Arial', '"Noto Sans Sinhala"', 'sans-serif'].join(',');
