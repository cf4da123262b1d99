// Material Icons' Flag, as @mui/icons-material draws it (README.md in this folder says why it is here).
import { createSvgIcon } from '@mui/material/SvgIcon';

export const FlagIcon = createSvgIcon(<path d="M14.4 6 14 4H5v17h2v-7h5.6l.4 2h7V6z" />, 'Flag');
