import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { serviceWorker } from './build/service-worker.ts';
import { taglineFont } from './build/tagline-font.ts';

// In development the API runs on its own port; in production the server serves this build itself.
const API_ORIGIN = 'http://localhost:8080';

// Two builds (package.json's build): the app for the browser into dist/, then the login page's
// prerender for the server (`--ssr`) into dist-prerender/, a single file holding everything it
// needs, so the server loads it without the web app's dependencies.
export default defineConfig(({ isSsrBuild }) => ({
  // serviceWorker after taglineFont: it lists the font that plugin emits.
  plugins: isSsrBuild ? [react(), taglineFont()] : [react(), taglineFont(), serviceWorker(), precompress()],
  ssr: { noExternal: true },
  // In the browser, zod comes through lib/zod.ts, which sets zod's settings before zod runs (the CSP
  // forbids eval). The prerender runs inside the server, whose zod keeps its compiled checks.
  resolve: isSsrBuild ? {} : { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)) }] },
  // The server serves public/ from dist/; the prerender needs none of it.
  publicDir: isSsrBuild ? false : 'public',
  build: {
    outDir: isSsrBuild ? 'dist-prerender' : 'dist',
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
}));
