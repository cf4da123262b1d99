import type { ChannelCounts, SentNotification } from '@academy/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { t } from 'i18next';
import { formatDateTime, formatNumber } from '../../../i18n/format';
import { currentLanguage } from '../../../i18n/setup';
import { renderNotification } from '../lib/render-notification';
import { anyCounted, sentSummary } from '../lib/sent-counts';

const CHANNEL_KEYS = { push: 'notifications.columnPush', email: 'notifications.columnEmail', sms: 'notifications.columnSms' } as const;

function numbers<T extends object>(values: T): Record<keyof T, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, formatNumber(value as number)])) as Record<keyof T, string>;
}

function ChannelLine({ channel, counts }: { channel: keyof typeof CHANNEL_KEYS; counts: ChannelCounts }) {
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {t('notifications.channelDetail', { channel: t(CHANNEL_KEYS[channel]), ...numbers(counts) })}
    </Typography>
  );
}

/** One notification of the admins' list: its sentence, when, the one-line counts, then each channel's outcomes and where it was opened. */
export function SentNotificationRow({ item }: { item: SentNotification }) {
  const { title, body } = renderNotification(item, currentLanguage());
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', listStyle: 'none', minWidth: 0 }}>
      <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{title}</Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {body}
      </Typography>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
        {formatDateTime(item.createdAt)}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }}>
        {t('notifications.countsLine', numbers(sentSummary(item)))}
      </Typography>
      <ChannelLine channel="push" counts={item.push} />
      {anyCounted(item.email) && <ChannelLine channel="email" counts={item.email} />}
      {anyCounted(item.sms) && <ChannelLine channel="sms" counts={item.sms} />}
      {item.opened > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('notifications.openedVia', numbers(item.openedVia))}
        </Typography>
      )}
    </Box>
  );
}
