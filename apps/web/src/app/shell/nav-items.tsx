import AccountCircle from '@mui/icons-material/AccountCircle';
import Campaign from '@mui/icons-material/Campaign';
import Forum from '@mui/icons-material/Forum';
import History from '@mui/icons-material/History';
import Home from '@mui/icons-material/Home';
import People from '@mui/icons-material/People';
import PersonAdd from '@mui/icons-material/PersonAdd';
import type { ReactElement } from 'react';

type NavLabel = 'shell.home' | 'shell.student' | 'shell.addStudent' | 'shell.social' | 'shell.auditLog' | 'shell.message' | 'shell.profile';

export interface NavItem {
  /** A dictionary key: the label is read in the current language when the menu renders. */
  label: NavLabel;
  to: string;
  icon: ReactElement;
  adminOnly: boolean;
}

/** Spec section 2 'Signed-in shell', in its order; students see only the items not marked adminOnly. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'shell.home', to: '/home', icon: <Home />, adminOnly: false },
  { label: 'shell.student', to: '/students', icon: <People />, adminOnly: true },
  { label: 'shell.addStudent', to: '/addStudent', icon: <PersonAdd />, adminOnly: true },
  { label: 'shell.social', to: '/social', icon: <Campaign />, adminOnly: true },
  // Issue 8, beyond the spec's six: the admins' audit log.
  { label: 'shell.auditLog', to: '/audit', icon: <History />, adminOnly: true },
  { label: 'shell.message', to: '/message', icon: <Forum />, adminOnly: false },
  { label: 'shell.profile', to: '/profile', icon: <AccountCircle />, adminOnly: false },
];
