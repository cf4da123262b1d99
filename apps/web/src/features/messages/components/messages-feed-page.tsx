import { t } from 'i18next';
import { CircleIcon as Circle } from '../../../components/icons/circle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMessagesQuery } from '../api/get-messages';
import { useLiveMessages, useLiveStatus } from '../hooks/use-live-messages';
import { EmptyMessages } from './empty-messages';
import { FeedMessageCard } from './feed-message-card';
import { LoadFailed } from './load-failed';

const LIVE_COLORS = { live: 'success', connecting: 'warning', offline: 'default' } as const;

/** The Messages feed at /message (spec section 2): the account's announcements, live while it is open. */
export function MessagesFeedPage() {
  useLiveMessages();
  const query = useMessagesQuery();
  const live = useLiveStatus();
  if (query.error) console.error('Messages feed load failed', query.error);

  if (query.isPending) {
    return (
      <Box sx={{ maxWidth: 760, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }} aria-busy="true" aria-label={t('messages.loadingMessages')}>
        <Skeleton variant="rounded" height={80} />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={200} />
        ))}
      </Box>
    );
  }

  const messages = query.data?.pages.flatMap((page) => page.data) ?? [];
  const total = query.data?.pages[0]?.paging.total ?? 0;
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Box sx={{ flexGrow: 1, minWidth: 200 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.1rem' } }}>
            {t('messages.feedTitle')}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{t('messages.feedSubtitle')}</Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Chip label={t('messages.count', { count: total })} color="primary" />
          <Chip
            label={t('messages.liveUpdates')}
            variant="outlined"
            color={LIVE_COLORS[live]}
            icon={<Circle sx={{ fontSize: 10 }} />}
            title={live === 'live' ? t('messages.connected') : live === 'connecting' ? t('messages.connecting') : t('messages.reconnecting')}
          />
        </Box>
      </Paper>
      {query.error && !query.data ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : messages.length === 0 ? (
        <EmptyMessages hint={t('messages.checkBackLater')} />
      ) : (
        <Box component="section" aria-label={t('messages.feedTitle')} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {messages.map((message) => (
            <FeedMessageCard key={message._id} message={message} />
          ))}
        </Box>
      )}
      {query.hasNextPage && (
        <Button variant="outlined" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} sx={{ alignSelf: 'center' }}>
          {t('messages.olderMessages')}
        </Button>
      )}
    </Box>
  );
}
