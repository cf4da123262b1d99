import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { t } from 'i18next';
import { useId } from 'react';
import { LinkButton } from '../../../components/link-button';
import { MarkAllReadButton } from './mark-all-read-button';
import { NotificationList } from './notification-list';
import { PushOfferRow } from './push-offer-row';

/** The bell's list on a wide screen: a labelled dialog with the latest 20, Mark all as read and See all. */
export function NotificationPopover({ anchor, onClose }: { anchor: HTMLElement; onClose: () => void }) {
  const headingId = useId();
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': headingId,
          sx: { width: 380, maxWidth: 'calc(100vw - 32px)', maxHeight: 'min(560px, calc(100dvh - 96px))', display: 'flex', flexDirection: 'column' },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1, fontWeight: 700 }}>
          {t('notifications.bell')}
        </Typography>
        <MarkAllReadButton size="small" />
      </Box>
      <Divider />
      <PushOfferRow />
      <Box sx={{ overflowY: 'auto', flexShrink: 1 }}>
        <NotificationList onOpen={onClose} />
      </Box>
      <Divider />
      <LinkButton to="/notifications" onClick={onClose} sx={{ m: 1 }}>
        {t('notifications.seeAll')}
      </LinkButton>
    </Popover>
  );
}
