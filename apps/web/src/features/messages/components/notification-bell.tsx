import { t } from 'i18next';
import { NotificationsNoneIcon as NotificationsNone } from '../../../components/icons/notifications-none';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useUnreadQuery } from '../api/get-unread';
import { messageKeys } from '../api/query-keys';
import { useLiveMessages } from '../hooks/use-live-messages';

const FEED_PATH = '/message';
/** Past this the badge shows '99+'. */
const MAX_SHOWN = 99;

/**
 * The shell's bell: the number of unread messages (no badge when none). It opens the feed, which
 * clears it; on the feed itself it reloads the list, which marks the new ones read. It lives on
 * every signed-in page, so it also holds the tab's live stream.
 */
export function NotificationBell() {
  useLiveMessages();
  const { data: count = 0 } = useUnreadQuery();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();

  const open = () => {
    if (pathname === FEED_PATH) void queryClient.invalidateQueries({ queryKey: messageKeys.list });
    else navigate(FEED_PATH);
  };

  // The label holds the number the badge shows, and with nothing unread there is no badge at all: a
  // hidden badge still holds its last number, and a name without the button's visible text fails
  // WCAG 2.5.3 (Label in Name).
  const shown = count > MAX_SHOWN ? `${MAX_SHOWN}+` : String(count);
  return (
    <IconButton aria-label={count > 0 ? t('messages.notificationsUnread', { count: shown }) : t('messages.notifications')} onClick={open}>
      {count > 0 ? (
        <Badge badgeContent={shown} color="error">
          <NotificationsNone />
        </Badge>
      ) : (
        <NotificationsNone />
      )}
    </IconButton>
  );
}
