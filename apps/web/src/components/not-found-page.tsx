import { t } from 'i18next';
import { CenteredMessage } from './centered-message';
import { LinkButton } from './link-button';

export function NotFoundPage() {
  return (
    <CenteredMessage
      heading={t('general.pageNotFound')}
      text={t('general.pageNotFoundText')}
      // '/' sends a signed-in visitor on to /home.
      action={
        <LinkButton to="/" variant="contained">
          {t('general.goHome')}
        </LinkButton>
      }
    />
  );
}
