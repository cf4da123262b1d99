// Material Icons' Upload, as @mui/icons-material draws it (README.md in this folder says why it is here).
import { createSvgIcon } from '@mui/material/SvgIcon';

export const UploadIcon = createSvgIcon(<path d="M5 20h14v-2H5zm0-10h4v6h6v-6h4l-7-7z" />, 'Upload');
