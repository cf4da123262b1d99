import { useSyncExternalStore } from 'react';

// The app routes by the address's hash (PRODUCT.md 'Routes'). The login screen renders before the
// router's code has arrived, so it reads and changes the hash itself; the router, once loaded,
// follows the same hash.

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The path in the hash: '#/home?x=1' gives '/home'; an empty hash is the login screen's '/'. */
export function hashPath(): string {
  return window.location.hash.replace(/^#/, '').split(/[?#]/)[0] || '/';
}

/** The server prerenders the login screen only, at '/' (and a hydrating page starts from it). */
const serverPath = () => '/';

export function useHashPath(): string {
  return useSyncExternalStore(subscribe, hashPath, serverPath);
}

/** Opens an app path, e.g. '/register'; `replace` keeps the current entry out of the history. */
export function goTo(path: string, { replace = false } = {}): void {
  if (replace) window.location.replace(`#${path}`);
  else window.location.hash = path;
}
