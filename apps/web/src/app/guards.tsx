import { isAdmin } from '@academy/contract';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { NotAllowedPage } from '../components/not-allowed-page';
import { CHOOSE_PASSWORD_PATH, isPasswordChangeDue } from '../features/students/lib/password-change-due';
import { isSecondFactorDue, SECOND_FACTOR_PATH } from '../features/admin-mfa/lib/second-factor-due';
import { keepReturnPath } from '../lib/return-path';
import { readSession } from '../lib/session';

// Comfort only: the server checks every call on its own (PRODUCT.md 'Routes').

/** Signed-out visitors on a signed-in path go to the login screen, which brings them back after signing in. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  // A temporary password: nothing but choosing one's own until then (the server refuses the rest).
  if (readSession() && isPasswordChangeDue() && pathname !== CHOOSE_PASSWORD_PATH) return <Navigate to={CHOOSE_PASSWORD_PATH} replace />;
  // An admin without a second factor: nothing but setting one up (the server refuses the rest).
  if (readSession() && isSecondFactorDue() && pathname !== SECOND_FACTOR_PATH) return <Navigate to={SECOND_FACTOR_PATH} replace />;
  if (readSession()) return children;
  keepReturnPath(`${pathname}${search}`);
  return <Navigate to="/" replace />;
}

/** A student on an admin path is told so, with a way home, instead of a page of failed calls. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  return isAdmin(readSession()?.accountType) ? children : <NotAllowedPage />;
}

/** The login screen is for signed-out visitors; a signed-in one goes straight to Home. */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  return readSession() ? <Navigate to="/home" replace /> : children;
}
