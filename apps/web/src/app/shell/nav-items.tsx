import { AccountCircleIcon as AccountCircle } from '../../components/icons/account-circle';
import { CampaignIcon as Campaign } from '../../components/icons/campaign';
import { ForumIcon as Forum } from '../../components/icons/forum';
import { GppMaybeIcon as GppMaybe } from '../../components/icons/gpp-maybe';
import { HistoryIcon as History } from '../../components/icons/history';
import { HomeIcon as Home } from '../../components/icons/home';
import { PaymentsIcon as Payments } from '../../components/icons/payments';
import { PeopleIcon as People } from '../../components/icons/people';
import { PersonAddIcon as PersonAdd } from '../../components/icons/person-add';
import type { ReactElement } from 'react';

type NavLabel = 'shell.home' | 'shell.student' | 'shell.addStudent' | 'shell.social' | 'shell.auditLog' | 'shell.security' | 'shell.message' | 'shell.profile' | 'shell.fees';

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
  // Beyond the spec's six: the admins' audit log.
  { label: 'shell.auditLog', to: '/audit', icon: <History />, adminOnly: true },
  // Deletions waiting for a second admin, and the security alerts.
  { label: 'shell.security', to: '/security', icon: <GppMaybe />, adminOnly: true },
  { label: 'shell.message', to: '/message', icon: <Forum />, adminOnly: false },
  // Beyond the spec: class fees, the admins' screen or the student's own at one address.
  { label: 'shell.fees', to: '/fees', icon: <Payments />, adminOnly: false },
  { label: 'shell.profile', to: '/profile', icon: <AccountCircle />, adminOnly: false },
];
