// First, before any module builds a zod schema: no eval probe under the CSP (lib/zod-config.ts).
import './lib/zod-config';
import '@fontsource/noto-sans-sinhala/sinhala-400.css';
import '@fontsource/noto-sans-sinhala/sinhala-700.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { Providers } from './app/providers';
import { startI18n } from './i18n/setup';
import { registerServiceWorker } from './lib/service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A transition lets React draw the first screen in small slices, so a slow phone's main thread is
// never blocked for long (Lighthouse's total blocking time).
function render(element: HTMLElement) {
  startTransition(() => {
    createRoot(element).render(
      <StrictMode>
        <Providers>
          <AppRoot />
        </Providers>
      </StrictMode>,
    );
  });
}

// English is ready at once; a remembered other language is fetched first, so its readers never see
// the English screen flash. If that fetch fails the app still opens, in English.
startI18n()
  .catch((error: unknown) => console.error('Language start failed', error))
  .finally(() => render(root));

registerServiceWorker();
