import { t } from 'i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { translateServerMessage } from '../../../i18n/server-text';

/** A trace that could not be read to the end (a broken file, a server fault): what the server said. */
export function TraceFailedCard({ error }: { error: string | undefined }) {
  return (
    <Alert severity="error" variant="outlined" data-testid="trace-failed" sx={{ borderRadius: 3, overflowWrap: 'anywhere' }}>
      <AlertTitle sx={{ fontWeight: 700 }}>{t('forensics.failedTitle')}</AlertTitle>
      {error ? translateServerMessage(error) : t('forensics.failedText')}
    </Alert>
  );
}
