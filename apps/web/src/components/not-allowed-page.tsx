import { t } from 'i18next';
import { CenteredMessage } from './centered-message';
import { LinkButton } from './link-button';

/** A student who opens an admin path; the server refuses the calls anyway, this only explains. */
export function NotAllowedPage() {
  return (
    <CenteredMessage
      heading={t('general.notAllowed')}
      text={t('general.notAllowedText')}
      action={
        <LinkButton to="/home" variant="contained">
          {t('general.goHome')}
        </LinkButton>
      }
    />
  );
}
