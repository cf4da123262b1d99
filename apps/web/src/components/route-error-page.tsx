import { t } from 'i18next';
import Button from '@mui/material/Button';
import { CenteredMessage } from './centered-message';

/**
 * The routes' error boundary. The usual cause is a page chunk that no longer exists after a new
 * release, which a reload fixes.
 */
export function RouteErrorPage() {
  return (
    <CenteredMessage
      heading={t('general.somethingWrongHeading')}
      text={t('general.pageNotShown')}
      action={
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('general.reload')}
        </Button>
      }
    />
  );
}
