import { t } from 'i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { BannersTab } from '../../features/banners/components/banners-tab';
import { MessagesTab } from '../../features/messages/components/messages-tab';

// The Social Media Manager (spec section 2, /social) puts three features side by side: the messages
// feature's Messages tab, the banners feature's Banners tab and the notifications feature's counts.
// Composing them here keeps each feature free of the others.
// The counts bring a chart library along, so they load only when their tab is opened.
const NotificationsAdminTab = lazy(() =>
  import('../../features/notifications/components/notifications-admin-tab').then((m) => ({ default: m.NotificationsAdminTab })),
);

const TABS = [
  { label: 'messages.tabMessages', panel: () => <MessagesTab /> },
  { label: 'messages.tabBanners', panel: () => <BannersTab /> },
  {
    label: 'notifications.bell',
    panel: () => (
      <Suspense fallback={null}>
        <NotificationsAdminTab />
      </Suspense>
    ),
  },
] as const;

export function SocialMediaManagerPage() {
  const [tab, setTab] = useState(0);
  const Panel = TABS[tab]?.panel ?? TABS[0].panel;
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.1rem' } }}>
        {t('messages.socialTitle')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('messages.socialSubtitle')}</Typography>
      <Paper variant="outlined" sx={{ mb: 3 }}>
        <Tabs value={tab} onChange={(_, value: number) => setTab(value)} variant="fullWidth" aria-label={t('messages.socialTitle')}>
          {TABS.map((item, i) => (
            <Tab key={item.label} label={t(item.label)} id={`social-tab-${i}`} aria-controls={`social-panel-${i}`} />
          ))}
        </Tabs>
      </Paper>
      <div role="tabpanel" id={`social-panel-${tab}`} aria-labelledby={`social-tab-${tab}`}>
        <Panel />
      </div>
    </Box>
  );
}
