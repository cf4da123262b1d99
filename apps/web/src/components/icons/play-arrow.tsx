// Material Icons' PlayArrow, as @mui/icons-material draws it (README.md in this folder says why it is here).
import { createSvgIcon } from '@mui/material/SvgIcon';
import { playArrowPath } from './play-arrow-plain';

export const PlayArrowIcon = createSvgIcon(playArrowPath, 'PlayArrow');
