import { CenteredMessage } from './centered-message';
import { LinkButton } from './link-button';

export function NotFoundPage() {
  return (
    <CenteredMessage
      heading="Page not found"
      text="There is no page at this address."
      // '/' sends a signed-in visitor on to /home.
      action={
        <LinkButton to="/" variant="contained">
          Go to Home
        </LinkButton>
      }
    />
  );
}
