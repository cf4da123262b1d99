// Material Icons' NavigateNext, as @mui/icons-material draws it (README.md in this folder says why it is here).
import { createSvgIcon } from '@mui/material/SvgIcon';

export const NavigateNextIcon = createSvgIcon(<path d="M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z" />, 'NavigateNext');
