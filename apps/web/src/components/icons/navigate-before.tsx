// Material Icons' NavigateBefore, as @mui/icons-material draws it (README.md in this folder says why it is here).
import { createSvgIcon } from '@mui/material/SvgIcon';

export const NavigateBeforeIcon = createSvgIcon(<path d="M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z" />, 'NavigateBefore');
