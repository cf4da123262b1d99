// Material Icons' OutlinedFlag, as @mui/icons-material draws it (README.md in this folder says why it is here).
import { createSvgIcon } from '@mui/material/SvgIcon';

export const OutlinedFlagIcon = createSvgIcon(<path d="m14 6-1-2H5v17h2v-7h5l1 2h7V6zm4 8h-4l-1-2H7V6h5l1 2h5z" />, 'OutlinedFlag');
