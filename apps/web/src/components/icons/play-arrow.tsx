// Material Icons' PlayArrow, as @mui/icons-material draws it (README.md in this folder says why it is here).
import { createSvgIcon } from '@mui/material/SvgIcon';

export const PlayArrowIcon = createSvgIcon(<path d="M8 5v14l11-7z" />, 'PlayArrow');
