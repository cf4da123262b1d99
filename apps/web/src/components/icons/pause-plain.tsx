// Material Icons' Pause, as @mui/icons-material draws it (README.md in this folder says why it is here).
import { plainSvgIcon } from './plain-svg-icon';

/** The icon's path, shared with the MUI icon of the same name (pause.tsx). */
export const pausePath = <path d="M6 19h4V5H6zm8-14v14h4V5z" />;

/** The icon for the screens before sign-in, which do without MUI. */
export const PausePlainIcon = plainSvgIcon(pausePath, 'Pause');
