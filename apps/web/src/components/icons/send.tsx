// Material Icons' Send, as @mui/icons-material draws it (README.md in this folder says why it is here).
import { createSvgIcon } from '@mui/material/SvgIcon';

export const SendIcon = createSvgIcon(<path d="M2.01 21 23 12 2.01 3 2 10l15 2-15 2z" />, 'Send');
