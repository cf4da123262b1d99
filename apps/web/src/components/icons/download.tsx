// Material Icons' Download, as @mui/icons-material draws it (README.md in this folder says why it is here).
import { createSvgIcon } from '@mui/material/SvgIcon';

export const DownloadIcon = createSvgIcon(<path d="M5 20h14v-2H5zM19 9h-4V3H9v6H5l7 7z" />, 'Download');
