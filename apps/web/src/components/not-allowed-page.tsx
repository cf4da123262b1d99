import { t } from 'i18next';
import { CenteredMessage } from './centered-message';
import { LinkButton } from './link-button';

/** A student who opens an admin path; the server refuses the calls anyway, this only explains. */
export function NotAllowedPage() {
  return (
    <CenteredMessage
      heading={t('common.notAllowed')}
      text={t('common.notAllowedText')}
      action={
        <LinkButton to="/home" variant="contained">
          {t('common.goHome')}
        </LinkButton>
      }
    />
  );
}
