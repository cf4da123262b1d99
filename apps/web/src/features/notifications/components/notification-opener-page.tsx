import { NOTIFICATION_OPEN_VIA, type NotificationOpenVia } from '@academy/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { t } from 'i18next';
import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { CenteredMessage } from '../../../components/centered-message';
import { LinkButton } from '../../../components/link-button';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../../../lib/failure-alerts';
import { useOpenNotificationQuery } from '../api/open-notification';
import { safeLink } from '../lib/safe-link';

/** The channel named in the address (`?via=push`); a bare /n/{id} was followed as a link. */
function viaOf(value: string | null): NotificationOpenVia {
  return NOTIFICATION_OPEN_VIA.find((via) => via === value) ?? 'link';
}

/**
 * /n/:id, the one way every channel opens a notification: records the open (which marks it
 * read), then puts the notification's screen in its place in the history. A withdrawn, unknown or
 * foreign id, or a link that is not the portal's own, says it is no longer available.
 */
export function NotificationOpenerPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const opening = useOpenNotificationQuery(id, viaOf(search.get('via')));
  const navigate = useNavigate();
  const target = opening.data === undefined ? null : safeLink(opening.data);

  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [navigate, target]);

  if (opening.isPending || target) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '40vh' }}>
        <CircularProgress aria-label={t('notifications.opening')} />
      </Box>
    );
  }
  // A failed request may be tried again; a 404 (or a link that is not the portal's) will not change.
  const failed = opening.isError && !(opening.error instanceof ApiError && opening.error.status === 404) ? opening.error : null;
  return (
    <CenteredMessage
      heading={t('notifications.bell')}
      text={failed ? failureText(failed) : t('notifications.noLongerAvailable')}
      action={
        !failed ? (
          <LinkButton to="/notifications" variant="contained">
            {t('notifications.seeAll')}
          </LinkButton>
        ) : (
          <Button variant="contained" onClick={() => void opening.refetch()}>
            {t('notifications.retry')}
          </Button>
        )
      }
    />
  );
}
