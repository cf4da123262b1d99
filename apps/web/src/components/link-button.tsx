import Button, { type ButtonProps } from '@mui/material/Button';
import { Link } from 'react-router';

/** A MUI button that navigates inside the app (a real link, so it opens in a new tab too). */
export function LinkButton({ to, ...props }: ButtonProps & { to: string }) {
  return <Button component={Link} to={to} {...props} />;
}
