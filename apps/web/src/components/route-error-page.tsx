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
      heading={t('common.somethingWrongHeading')}
      text={t('common.pageNotShown')}
      action={
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}
