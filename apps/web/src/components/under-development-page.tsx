import { t } from 'i18next';
import { CenteredMessage } from './centered-message';

const IMAGE_SRC = `${import.meta.env.BASE_URL}under-development.svg`;

export function UnderDevelopmentPage() {
  return (
    <CenteredMessage
      image={{ src: IMAGE_SRC, alt: t('general.underDevelopmentImage') }}
      heading={t('general.underDevelopment')}
      text={t('general.underDevelopmentText')}
    />
  );
}
