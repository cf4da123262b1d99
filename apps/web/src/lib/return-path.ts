import { isPortalPath } from '@academy/contract';

// A signed-in page opened while signed out (a notification's /n/… from an e-mail or a push) is
// kept for the tab, so signing in returns to it instead of to Home.

const KEY = 'academy.returnPath';

/** Notes the hash path (with its query) a signed-out visitor was turned away from. */
export function keepReturnPath(path: string): void {
  if (isPortalPath(path) && path !== '/') sessionStorage.setItem(KEY, path);
}

/** Where a sign-in goes: the path kept for this tab (once), or Home. */
export function takeReturnPath(): string {
  const path = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return path && isPortalPath(path) && path !== '/' ? path : '/home';
}
