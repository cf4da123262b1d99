// Material Icons' GppMaybe, as @mui/icons-material draws it (README.md in this folder says why it is here).
import { createSvgIcon } from '@mui/material/SvgIcon';

export const GppMaybeIcon = createSvgIcon(<path d="M12 2 4 5v6.09c0 5.05 3.41 9.76 8 10.91 4.59-1.15 8-5.86 8-10.91V5zm1 14h-2v-2h2zm0-4h-2V7h2z" />, 'GppMaybe');
