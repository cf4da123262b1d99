// Material Icons' ExpandLess, as @mui/icons-material draws it (README.md in this folder says why it is here).
import { createSvgIcon } from '@mui/material/SvgIcon';

export const ExpandLessIcon = createSvgIcon(<path d="m12 8-6 6 1.41 1.41L12 10.83l4.59 4.58L18 14z" />, 'ExpandLess');
