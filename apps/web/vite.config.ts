import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { serviceWorker } from './build/service-worker.ts';
import { taglineFont } from './build/tagline-font.ts';

// In development the API runs on its own port; in production the server serves this build itself.
const API_ORIGIN = 'http://localhost:8080';

export default defineConfig({
  // serviceWorker after taglineFont: it lists the font that plugin emits.
  plugins: [react(), taglineFont(), serviceWorker(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Calls on `z` build schemas and nothing else: a page that imports only a constant of a
      // contract file (branding.ts, api.ts) then does not download zod. The contract package
      // declares itself free of side effects too, so files a page does not use are left out.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/secure-folders': API_ORIGIN,
    },
  },
});
