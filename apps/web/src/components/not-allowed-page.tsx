import { CenteredMessage } from './centered-message';
import { LinkButton } from './link-button';

/** A student who opens an admin path; the server refuses the calls anyway, this only explains. */
export function NotAllowedPage() {
  return (
    <CenteredMessage
      heading="Not allowed"
      text="This page is for administrators only. Your account cannot open it."
      action={
        <LinkButton to="/home" variant="contained">
          Go to Home
        </LinkButton>
      }
    />
  );
}
