// Material Icons' VisibilityOff, as @mui/icons-material draws it (README.md in this folder says why it is here).
import { createSvgIcon } from '@mui/material/SvgIcon';
import { visibilityOffPath } from './visibility-off-plain';

export const VisibilityOffIcon = createSvgIcon(visibilityOffPath, 'VisibilityOff');
