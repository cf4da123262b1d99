import type { ReactNode } from 'react';
import { CenteredMessage } from './centered-message';

const IMAGE = { src: `${import.meta.env.BASE_URL}under-development.svg`, alt: 'A page under construction' };

/** `action` gives a way out where the page is shown outside the signed-in shell. */
export function UnderDevelopmentPage({ action }: { action?: ReactNode }) {
  return (
    <CenteredMessage
      image={IMAGE}
      action={action}
      heading="Under Development"
      text="We're currently working on this page to bring you an amazing experience. Stay tuned for updates!"
    />
  );
}
