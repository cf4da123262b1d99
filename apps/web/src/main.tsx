import '@fontsource/noto-sans-sinhala/sinhala-400.css';
import '@fontsource/noto-sans-sinhala/sinhala-700.css';
import { PRERENDER_HIDDEN_ATTRIBUTE } from '@academy/contract';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { appElement } from './app/app-element';
import { currentLanguage, startI18n } from './i18n/setup';
import { hashPath } from './lib/hash-location';
import { readSession } from './lib/session';
import { registerServiceWorker } from './lib/service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * The server sends the login page already drawn (prerender/login-page.tsx), in English. When this
 * visit shows exactly that page, the app takes over the same DOM (hydration): nothing is redrawn,
 * nothing moves, and what was typed stays. Any other visit (a signed-in student, another address,
 * a reader of Sinhala) is drawn afresh; the server's boot script hid the drawn page for them
 * before it painted (apps/server/src/plugins/login-page-boot.ts).
 */
function takesOverPrerender(element: HTMLElement): boolean {
  return element.firstElementChild !== null && hashPath() === '/' && !readSession() && currentLanguage() === 'en';
}

// A transition lets React draw the first screen in small slices, so a slow phone's main thread is
// never blocked for long (Lighthouse's total blocking time).
function render(element: HTMLElement) {
  if (takesOverPrerender(element)) {
    startTransition(() => void hydrateRoot(element, appElement()));
    return;
  }
  // The server's page, hidden as not this visit's, goes before the app draws its own.
  element.replaceChildren();
  document.documentElement.removeAttribute(PRERENDER_HIDDEN_ATTRIBUTE);
  startTransition(() => createRoot(element).render(appElement()));
}

// English is ready at once; a remembered other language is fetched first, so its readers never see
// the English screen flash. If that fetch fails the app still opens, in English.
startI18n()
  .catch((error: unknown) => console.error('Language start failed', error))
  .finally(() => render(root));

registerServiceWorker();
