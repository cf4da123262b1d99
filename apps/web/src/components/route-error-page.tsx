import Button from '@mui/material/Button';
import { CenteredMessage } from './centered-message';

/**
 * The routes' error boundary. The usual cause is a page chunk that no longer exists after a new
 * release, which a reload fixes.
 */
export function RouteErrorPage() {
  return (
    <CenteredMessage
      heading="Something went wrong"
      text="This page could not be shown. Reload to try again."
      action={
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    />
  );
}
