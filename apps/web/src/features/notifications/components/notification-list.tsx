import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { t } from 'i18next';
import { NotificationsNoneIcon } from '../../../components/icons/notifications-none';
import { failureText } from '../../../lib/failure-alerts';
import { useNotificationsQuery } from '../api/get-notifications';
import { NotificationItem } from './notification-item';

interface NotificationListProps {
  unreadOnly?: boolean;
  /** The full page offers older pages; the bell's popover shows the latest 20 and 'See all'. */
  paged?: boolean;
  /** Called as an item is opened (the popover closes). */
  onOpen?: () => void;
}

/** The account's notifications, newest first: loading, failure, empty, and the list. */
export function NotificationList({ unreadOnly = false, paged = false, onOpen }: NotificationListProps) {
  const query = useNotificationsQuery(unreadOnly);

  if (query.isPending) {
    return (
      <Box aria-busy="true" aria-label={t('notifications.loading')} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={56} />
        ))}
      </Box>
    );
  }
  if (query.error && !query.data) {
    return (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('notifications.retry')}
          </Button>
        }
      >
        {t('notifications.loadFailed')} {failureText(query.error)}
      </Alert>
    );
  }

  const items = query.data?.pages.flatMap((page) => page.data.items) ?? [];
  if (items.length === 0) {
    return (
      <Box sx={{ textAlign: 'center', py: 5, px: 2, color: 'text.secondary' }}>
        <NotificationsNoneIcon aria-hidden sx={{ fontSize: 40, mb: 1 }} />
        <Typography>{t('notifications.empty')}</Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      <List aria-label={t('notifications.bell')} disablePadding>
        {items.map((item) => (
          <NotificationItem key={item.id} item={item} onOpen={onOpen} />
        ))}
      </List>
      {paged && query.hasNextPage && (
        <Button variant="outlined" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} sx={{ alignSelf: 'center', my: 2 }}>
          {t('notifications.loadMore')}
        </Button>
      )}
    </Box>
  );
}
