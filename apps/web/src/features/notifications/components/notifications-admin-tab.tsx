import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { t } from 'i18next';
import { formatNumber } from '../../../i18n/format';
import { failureText } from '../../../lib/failure-alerts';
import { useSentQuery } from '../api/get-sent';
import { useSmsUsageQuery } from '../api/get-sms-usage';
import { SentCountsChart } from './sent-counts-chart';
import { SentNotificationRow } from './sent-notification-row';

/** The month's SMS parts against the cap, or that SMS are off. */
function SmsUsage() {
  const { data } = useSmsUsageQuery();
  if (!data) return null;
  return (
    <Alert severity={data.provider && data.used >= data.cap ? 'warning' : 'info'}>
      {data.provider ? t('notifications.smsUsage', { month: data.month, used: formatNumber(data.used), cap: formatNumber(data.cap) }) : t('notifications.smsOff')}
    </Alert>
  );
}

/**
 * The Social Media Manager's Notifications tab (notifications.md, 'What admins see'): every
 * notification sent, system ones included, with each channel's counts and the opens, and the
 * month's SMS use.
 */
export function NotificationsAdminTab() {
  const sent = useSentQuery();
  const items = sent.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="sent-notifications-heading" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Typography id="sent-notifications-heading" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t('notifications.adminTitle')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('notifications.adminHint')}
        </Typography>
      </Box>
      <SmsUsage />
      {sent.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : sent.isError ? (
        <Typography role="alert" sx={{ color: 'error.main' }}>
          {failureText(sent.error)}
        </Typography>
      ) : items.length === 0 ? (
        <Typography>{t('notifications.noneSent')}</Typography>
      ) : (
        <>
          <SentCountsChart items={items} />
          <Box component="ul" aria-label={t('notifications.adminTitle')} sx={{ m: 0, p: 0 }}>
            {items.map((item) => (
              <SentNotificationRow key={item.id} item={item} />
            ))}
          </Box>
          {sent.hasNextPage && (
            <Button variant="outlined" disabled={sent.isFetchingNextPage} onClick={() => void sent.fetchNextPage()} sx={{ alignSelf: 'center' }}>
              {t('notifications.loadMore')}
            </Button>
          )}
        </>
      )}
    </Paper>
  );
}
