import { t } from 'i18next';
import { isAdmin } from '@academy/contract';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { readSession } from '../../lib/session';
import { signOut } from '../../lib/sign-out';
import { NAV_ITEMS } from './nav-items';
import { NavMenu } from './nav-menu';
import { ShellFooter } from './shell-footer';
import { TopBar } from './top-bar';

const DRAWER_WIDTH = 300;

/** The signed-in layout of spec section 2: drawer, app bar, the routed page, footer. */
export function AppShell() {
  const theme = useTheme();
  // noSsr reads the media query on the first render, so the drawer never flashes in the wrong mode.
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  // The slide-out is open on the page it was opened on: any move to another page (a link in it, the
  // back button, an address typed in) closes it, so it never covers the next page.
  const { pathname } = useLocation();
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);
  const navigate = useNavigate();
  const session = readSession();
  if (!session) return <Navigate to="/" replace />;

  const admin = isAdmin(session.accountType);
  const items = NAV_ITEMS.filter((item) => admin || !item.adminOnly);
  const logOut = () => {
    void signOut().finally(() => navigate('/', { replace: true }));
  };
  const menu = <NavMenu items={items} onNavigate={() => setMenuOpen(false)} onLogOut={logOut} />;
  // The focus ring is light blue on the navy drawer, where the theme's blue ring would not show.
  const paperSx = {
    width: DRAWER_WIDTH,
    boxSizing: 'border-box',
    bgcolor: 'primary.main',
    color: 'common.white',
    '& :focus-visible, & .Mui-focusVisible': { outlineColor: theme.palette.brand.lightBlue },
  } as const;

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <TopBar
        name={session.name}
        roleLabel={admin ? t('shell.administrator') : t('shell.studentRole')}
        drawerWidth={DRAWER_WIDTH}
        onOpenMenu={wide ? undefined : () => setMenuOpen(true)}
      />
      {/* One drawer at a time, so the navigation exists once on the page. */}
      {wide ? (
        <Drawer variant="permanent" sx={{ width: DRAWER_WIDTH, flexShrink: 0 }} slotProps={{ paper: { sx: paperSx } }}>
          {menu}
        </Drawer>
      ) : (
        <Drawer variant="temporary" open={menuOpen} onClose={() => setMenuOpen(false)} slotProps={{ paper: { sx: paperSx } }}>
          {menu}
        </Drawer>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, md: 3 } }}>
          <Outlet />
        </Box>
        <ShellFooter />
      </Box>
    </Box>
  );
}
