import { StrictMode } from 'react';
import { LanguageBoundary } from '../i18n/language-boundary';
import { AppRoot } from './app-root';

/**
 * The whole app as one element: what the browser renders (main.tsx) and what the server
 * prerenders the login page from (prerender/login-page.tsx). The two must be the same tree, so
 * the browser can take over the server's HTML as it stands (hydration). MUI's theme comes with
 * the router (router.tsx), not here: the login page does without it.
 */
export function appElement() {
  return (
    <StrictMode>
      <LanguageBoundary>
        <AppRoot />
      </LanguageBoundary>
    </StrictMode>
  );
}
