import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { t } from 'i18next';
import { useState } from 'react';
import { MarkAllReadButton } from './mark-all-read-button';
import { NotificationList } from './notification-list';

/** /notifications: every notification of the account, with Unread only and Load more (the bell's place on a phone). */
export function NotificationsPage() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1, fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.1rem' } }}>
          {t('notifications.bell')}
        </Typography>
        <FormControlLabel control={<Switch checked={unreadOnly} onChange={(event) => setUnreadOnly(event.target.checked)} />} label={t('notifications.unreadOnly')} />
        <MarkAllReadButton variant="outlined" />
      </Paper>
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        <NotificationList unreadOnly={unreadOnly} paged />
      </Paper>
    </Box>
  );
}
