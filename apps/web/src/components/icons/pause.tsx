// Material Icons' Pause, as @mui/icons-material draws it (README.md in this folder says why it is here).
import { createSvgIcon } from '@mui/material/SvgIcon';

export const PauseIcon = createSvgIcon(<path d="M6 19h4V5H6zm8-14v14h4V5z" />, 'Pause');
