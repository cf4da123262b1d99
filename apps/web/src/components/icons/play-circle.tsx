// Material Icons' PlayCircle, as @mui/icons-material draws it (README.md in this folder says why it is here).
import { createSvgIcon } from '@mui/material/SvgIcon';

export const PlayCircleIcon = createSvgIcon(<path d="M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2M9.5 16.5v-9l7 4.5z" />, 'PlayCircle');
