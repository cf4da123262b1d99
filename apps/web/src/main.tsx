// First, before any module builds a zod schema: no eval probe under the CSP (lib/zod-config.ts).
import './lib/zod-config';
import '@fontsource/noto-sans-sinhala/sinhala-400.css';
import '@fontsource/noto-sans-sinhala/sinhala-700.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { Providers } from './app/providers';
import { registerServiceWorker } from './lib/service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A transition lets React draw the first screen in small slices, so a slow phone's main thread is
// never blocked for long (Lighthouse's total blocking time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <AppRoot />
      </Providers>
    </StrictMode>,
  );
});

registerServiceWorker();
