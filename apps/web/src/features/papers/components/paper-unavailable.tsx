import { t } from 'i18next';
import { CenteredMessage } from '../../../components/centered-message';
import { LinkButton } from '../../../components/link-button';
import { ApiError } from '../../../lib/api-client';

/** A paper that cannot be read: none with this id, or one of a class the reader may not open (404), or a failure. */
export function PaperUnavailable({ error }: { error: Error }) {
  const gone = error instanceof ApiError && error.status === 404;
  return (
    <CenteredMessage
      heading={gone ? t('papers.paperNotFound') : t('general.somethingWrongHeading')}
      text={gone ? t('papers.notFoundText') : t('papers.loadFailed')}
      action={
        <LinkButton to="/home" variant="contained">
          {t('general.goHome')}
        </LinkButton>
      }
    />
  );
}
