import { CenteredMessage } from './centered-message';

const IMAGE = { src: `${import.meta.env.BASE_URL}under-development.svg`, alt: 'A page under construction' };

export function UnderDevelopmentPage() {
  return (
    <CenteredMessage
      image={IMAGE}
      heading="Under Development"
      text="We're currently working on this page to bring you an amazing experience. Stay tuned for updates!"
    />
  );
}
