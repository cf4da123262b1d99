import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { t } from 'i18next';
import { useParams } from 'react-router';
import { CenteredMessage } from '../../../components/centered-message';
import { LinkButton } from '../../../components/link-button';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../../../lib/failure-alerts';
import { useUnsubscribeMutation } from '../api/unsubscribe';
import { kindLabel } from '../lib/kind-labels';

/**
 * /unsubscribe/:token, the e-mail footer's Stop e-mails like this: public, and nothing changes
 * until the button is pressed (mail scanners open links). Done names the kind; a 404 says the
 * link is not valid.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  // A new link in the same tab starts afresh, not with the last one's outcome.
  return <UnsubscribeForm key={token} token={token} />;
}

function UnsubscribeForm({ token }: { token: string }) {
  const stop = useUnsubscribeMutation();
  const invalid = stop.error instanceof ApiError && stop.error.status === 404;

  const text = stop.isSuccess
    ? t('notifications.unsubscribeDone', { kind: kindLabel(stop.data) })
    : invalid
      ? t('notifications.unsubscribeInvalid')
      : t('notifications.unsubscribeLead');
  return (
    <Box component="main">
      <CenteredMessage
        heading={t('notifications.unsubscribeButton')}
        text={text}
        action={
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
            {stop.isError && !invalid && (
              <Box role="alert" sx={{ color: 'error.main' }}>
                {failureText(stop.error)}
              </Box>
            )}
            {stop.isSuccess || invalid ? (
              <LinkButton to="/profile" variant="outlined">
                {t('notifications.chooseNotifications')}
              </LinkButton>
            ) : (
              <Button variant="contained" disabled={stop.isPending} onClick={() => stop.mutate(token)}>
                {t('notifications.unsubscribeButton')}
              </Button>
            )}
          </Box>
        }
      />
    </Box>
  );
}
