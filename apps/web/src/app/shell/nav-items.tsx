import AccountCircle from '@mui/icons-material/AccountCircle';
import Campaign from '@mui/icons-material/Campaign';
import Forum from '@mui/icons-material/Forum';
import History from '@mui/icons-material/History';
import Home from '@mui/icons-material/Home';
import People from '@mui/icons-material/People';
import PersonAdd from '@mui/icons-material/PersonAdd';
import type { ReactElement } from 'react';

export interface NavItem {
  label: string;
  to: string;
  icon: ReactElement;
  adminOnly: boolean;
}

/** Spec section 2 'Signed-in shell', in its order; students see only the items not marked adminOnly. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', to: '/home', icon: <Home />, adminOnly: false },
  { label: 'Student', to: '/students', icon: <People />, adminOnly: true },
  { label: 'Add Student', to: '/addStudent', icon: <PersonAdd />, adminOnly: true },
  { label: 'Social', to: '/social', icon: <Campaign />, adminOnly: true },
  // Issue 8, beyond the spec's six: the admins' audit log.
  { label: 'Audit Log', to: '/audit', icon: <History />, adminOnly: true },
  { label: 'Message', to: '/message', icon: <Forum />, adminOnly: false },
  { label: 'Profile', to: '/profile', icon: <AccountCircle />, adminOnly: false },
];
