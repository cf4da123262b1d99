// Material Icons' Pause, as @mui/icons-material draws it (README.md in this folder says why it is here).
import { createSvgIcon } from '@mui/material/SvgIcon';
import { pausePath } from './pause-plain';

export const PauseIcon = createSvgIcon(pausePath, 'Pause');
