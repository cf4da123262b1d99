import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { t } from 'i18next';
import { useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { NotificationsNoneIcon } from '../../../components/icons/notifications-none';
import { useUnreadCountQuery } from '../api/get-unread';
import { useLiveNotifications } from '../hooks/use-live-notifications';
import { useRefreshThisDevice } from '../hooks/use-refresh-this-device';
import { NotificationPopover } from './notification-popover';

/** Past this the badge shows '99+'. */
const MAX_SHOWN = 99;

/**
 * The shell's bell: the number of unread notifications (no badge when none). On a wide screen it
 * opens the list in a popover; on a phone, where a popover is cramped, the notifications page. It
 * lives on every signed-in page, so it also holds the tab's live stream of the bell and refreshes
 * this browser's push subscription.
 */
export function NotificationBell() {
  useLiveNotifications();
  useRefreshThisDevice();
  const { data: count = 0 } = useUnreadCountQuery();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const open = (event: MouseEvent<HTMLElement>) => {
    if (wide) setAnchor(event.currentTarget);
    else navigate('/notifications');
  };

  // The label holds the number the badge shows, and with nothing unread there is no badge at all: a
  // hidden badge still holds its last number, and a name without the button's visible text fails
  // WCAG 2.5.3 (Label in Name).
  const shown = count > MAX_SHOWN ? `${MAX_SHOWN}+` : String(count);
  return (
    <>
      <IconButton
        aria-label={count > 0 ? t('notifications.bellUnread', { count: shown }) : t('notifications.bell')}
        aria-haspopup={wide ? 'dialog' : undefined}
        aria-expanded={wide ? anchor !== null : undefined}
        onClick={open}
      >
        {count > 0 ? (
          <Badge badgeContent={shown} color="error">
            <NotificationsNoneIcon />
          </Badge>
        ) : (
          <NotificationsNoneIcon />
        )}
      </IconButton>
      {anchor && <NotificationPopover anchor={anchor} onClose={() => setAnchor(null)} />}
    </>
  );
}
