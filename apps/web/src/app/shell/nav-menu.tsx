import { t } from 'i18next';
import { LogoutIcon as Logout } from '../../components/icons/logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { NavLink, useLocation } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { branding, logoUrl } from '../../lib/branding';
import type { NavItem } from './nav-items';

interface NavMenuProps {
  items: readonly NavItem[];
  onNavigate: () => void;
  onLogOut: () => void;
}

/** The drawer's content: the academy, the navigation links and Log Out. */
export function NavMenu({ items, onNavigate, onLogOut }: NavMenuProps) {
  const { pathname } = useLocation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ gap: 1.5 }}>
        <Box component="img" src={logoUrl} alt="" sx={{ width: 40, height: 40 }} />
        <Typography variant="subtitle1" component="p" noWrap sx={{ fontWeight: 700 }}>
          {branding.title}
        </Typography>
      </Toolbar>
      <Divider sx={{ borderColor: 'rgba(255,255,255,0.15)' }} />
      <Box component="nav" aria-label={t('shell.mainNavigation')} sx={{ flexGrow: 1, overflowY: 'auto' }}>
        <List sx={{ px: 1.5, py: 2 }}>
          {/* Each link in a list item of its own: a list holds only items (axe 'list'). */}
          {items.map((item) => (
            <ListItem key={item.to} disablePadding>
              <ListItemButton
                component={NavLink}
                to={item.to}
                selected={pathname === item.to}
                onClick={onNavigate}
                sx={{
                  borderRadius: 2,
                  mb: 0.5,
                  color: 'inherit',
                  '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'brand.lightBlue', color: 'primary.main' },
                  '&:hover': { bgcolor: 'rgba(194,232,248,0.15)' },
                }}
              >
                <ListItemIcon sx={{ color: 'inherit', minWidth: 40 }}>{item.icon}</ListItemIcon>
                <ListItemText primary={t(item.label)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
        <LanguageSwitch tone="dark" />
        <Button fullWidth variant="outlined" color="inherit" startIcon={<Logout />} onClick={onLogOut}>
          {t('shell.logOut')}
        </Button>
      </Box>
    </Box>
  );
}
