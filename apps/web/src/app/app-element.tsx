import { StrictMode } from 'react';
import { AppRoot } from './app-root';
import { Providers } from './providers';

/**
 * The whole app as one element: what the browser renders (main.tsx) and what the server
 * prerenders the login page from (prerender/login-page.tsx). The two must be the same tree, so
 * the browser can take over the server's HTML as it stands (hydration).
 */
export function appElement() {
  return (
    <StrictMode>
      <Providers>
        <AppRoot />
      </Providers>
    </StrictMode>
  );
}
