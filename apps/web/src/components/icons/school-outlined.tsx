// Material Icons' SchoolOutlined, as @mui/icons-material draws it (README.md in this folder says why it is here).
import { createSvgIcon } from '@mui/material/SvgIcon';

export const SchoolOutlinedIcon = createSvgIcon(<path d="M12 3 1 9l4 2.18v6L12 21l7-3.82v-6l2-1.09V17h2V9zm6.82 6L12 12.72 5.18 9 12 5.28zM17 15.99l-5 2.73-5-2.73v-3.72L12 15l5-2.73z" />, 'SchoolOutlined');
