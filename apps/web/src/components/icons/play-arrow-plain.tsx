// Material Icons' PlayArrow, as @mui/icons-material draws it (README.md in this folder says why it is here).
import { plainSvgIcon } from './plain-svg-icon';

/** The icon's path, shared with the MUI icon of the same name (play-arrow.tsx). */
export const playArrowPath = <path d="M8 5v14l11-7z" />;

/** The icon for the screens before sign-in, which do without MUI. */
export const PlayArrowPlainIcon = plainSvgIcon(playArrowPath, 'PlayArrow');
