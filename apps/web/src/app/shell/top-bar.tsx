import { t } from 'i18next';
import { MenuIcon } from '../../components/icons/menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { branding } from '../../lib/branding';

interface TopBarProps {
  name: string;
  roleLabel: string;
  /** Absent when the drawer is permanent, so no menu button is shown. */
  onOpenMenu?: () => void;
  drawerWidth: number;
}

export function TopBar({ name, roleLabel, onOpenMenu, drawerWidth }: TopBarProps) {
  return (
    <AppBar
      position="fixed"
      elevation={0}
      sx={{
        width: { md: `calc(100% - ${drawerWidth}px)` },
        ml: { md: `${drawerWidth}px` },
        bgcolor: 'background.paper',
        color: 'text.primary',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Toolbar sx={{ gap: 1 }}>
        {onOpenMenu && (
          <IconButton edge="start" aria-label={t('shell.openNavigation')} onClick={onOpenMenu}>
            <MenuIcon />
          </IconButton>
        )}
        <Typography
          variant="h6"
          component="p"
          noWrap
          sx={{ flexGrow: 1, fontWeight: 700, color: 'primary.main', fontSize: { xs: '1.05rem', sm: '1.25rem' } }}
        >
          {branding.title}
        </Typography>
        <Box sx={{ textAlign: 'right', minWidth: 0 }}>
          {/* Wraps rather than cuts: 'Hi' is longer in Sinhala, and so are some names. */}
          <Typography variant="subtitle2" component="p" sx={{ maxWidth: { xs: 140, sm: 240 }, overflowWrap: 'anywhere', lineHeight: 1.25 }}>
            {t('shell.greeting', { name })}
          </Typography>
          <Typography variant="caption" component="p" sx={{ color: 'secondary.main', fontWeight: 600 }}>
            {roleLabel}
          </Typography>
        </Box>
        <NotificationBell />
      </Toolbar>
    </AppBar>
  );
}
