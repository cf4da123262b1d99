import { t } from 'i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { BannersTab } from '../../features/banners/components/banners-tab';
import { MessagesTab } from '../../features/messages/components/messages-tab';

// The Social Media Manager (spec section 2, /social) puts two features side by side: the messages
// feature's Messages tab and the banners feature's Banners tab. Composing them here keeps each
// feature free of the other.
const TABS = [
  { label: 'messages.tabMessages', panel: () => <MessagesTab /> },
  { label: 'messages.tabBanners', panel: () => <BannersTab /> },
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
