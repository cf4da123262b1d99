// Material Icons' Visibility, as @mui/icons-material draws it (README.md in this folder says why it is here).
import { createSvgIcon } from '@mui/material/SvgIcon';
import { visibilityPath } from './visibility-plain';

export const VisibilityIcon = createSvgIcon(visibilityPath, 'Visibility');
