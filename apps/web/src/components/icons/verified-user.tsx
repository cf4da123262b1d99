// Material Icons' VerifiedUser, as @mui/icons-material draws it (README.md in this folder says why it is here).
import { plainSvgIcon } from './plain-svg-icon';

// Drawn on the login page only, so plain SVG (plain-svg-icon.tsx).
export const VerifiedUserIcon = plainSvgIcon(<path d="M12 1 3 5v6c0 5.55 3.84 10.74 9 12 5.16-1.26 9-6.45 9-12V5zm-2 16-4-4 1.41-1.41L10 14.17l6.59-6.59L18 9z" />, 'VerifiedUser');
