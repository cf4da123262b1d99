import { t } from 'i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** A list that could not be loaded says so, with a way to try again: a failure is never silent. */
export function LoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('messages.retry')}
        </Button>
      }
    >
      {t('messages.loadFailed')}: {error.message}
    </Alert>
  );
}
