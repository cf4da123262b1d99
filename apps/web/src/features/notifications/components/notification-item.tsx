import type { NotificationItem as Item, NotificationKind } from '@academy/contract';
import { CampaignIcon } from '../../../components/icons/campaign';
import { CancelIcon } from '../../../components/icons/cancel';
import { CheckCircleIcon } from '../../../components/icons/check-circle';
import { CircleIcon } from '../../../components/icons/circle';
import { DescriptionIcon } from '../../../components/icons/description';
import { GppMaybeIcon } from '../../../components/icons/gpp-maybe';
import { HourglassTopIcon } from '../../../components/icons/hourglass-top';
import { PlayCircleIcon } from '../../../components/icons/play-circle';
import { QuizIcon } from '../../../components/icons/quiz';
import { SchoolIcon } from '../../../components/icons/school';
import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Typography from '@mui/material/Typography';
import { t } from 'i18next';
import { Link } from 'react-router';
import { formatDateTime, formatTimeAgo } from '../../../i18n/format';
import { currentLanguage } from '../../../i18n/setup';
import { renderNotification } from '../lib/render-notification';
import { openerPath } from '../lib/safe-link';

const KIND_ICONS: Record<NotificationKind, typeof CampaignIcon> = {
  'message.new': CampaignIcon,
  'lesson.new': PlayCircleIcon,
  'paper.opening': QuizIcon,
  'results.released': SchoolIcon,
  'script.returned': DescriptionIcon,
  'fee.due': HourglassTopIcon,
  'payment.receipt': CheckCircleIcon,
  'slip.rejected': CancelIcon,
  'payment.reversed': GppMaybeIcon,
  'security.alert': GppMaybeIcon,
  'approval.requested': HourglassTopIcon,
};

const hidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * One notification: its kind's icon, its sentences in the reader's language, how long ago, and a
 * dot while unread. A link to the opener, which records the open and goes on to its screen.
 */
export function NotificationItem({ item, onOpen }: { item: Item; onOpen?: () => void }) {
  const { title, body } = renderNotification(item, currentLanguage());
  const unread = item.readAt === null;
  const Icon = KIND_ICONS[item.kind];
  return (
    <ListItem disablePadding divider>
      <ListItemButton component={Link} to={openerPath(item.id, 'bell')} onClick={onOpen} alignItems="flex-start" sx={{ gap: 1.5, py: 1.25 }}>
        <ListItemIcon sx={{ minWidth: 0, mt: 0.25, color: unread ? 'primary.main' : 'text.secondary' }}>
          <Icon aria-hidden />
        </ListItemIcon>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography component="span" sx={{ display: 'block', fontWeight: unread ? 700 : 500, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {body && (
            <Typography component="span" variant="body2" sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {body}
            </Typography>
          )}
          <Typography component="time" variant="caption" dateTime={item.createdAt} title={formatDateTime(item.createdAt)} sx={{ display: 'block', color: 'text.secondary', mt: 0.25 }}>
            {formatTimeAgo(item.createdAt)}
          </Typography>
        </Box>
        {unread && (
          <>
            <CircleIcon aria-hidden sx={{ fontSize: 10, mt: 0.75, color: 'error.main' }} />
            <Box component="span" sx={hidden}>
              {t('notifications.unread')}
            </Box>
          </>
        )}
      </ListItemButton>
    </ListItem>
  );
}
