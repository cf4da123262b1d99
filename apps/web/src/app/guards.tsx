import { isAdmin } from '@academy/contract';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { NotAllowedPage } from '../components/not-allowed-page';
import { keepReturnPath } from '../lib/return-path';
import { readSession } from '../lib/session';

// Comfort only: the server checks every call on its own (PRODUCT.md 'Routes').

/** Signed-out visitors on a signed-in path go to the login screen, which brings them back after signing in. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
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
