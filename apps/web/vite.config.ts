import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { taglineFont } from './build/tagline-font';

// In development the API runs on its own port; in production the server serves this build itself.
const API_ORIGIN = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), taglineFont(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Contract files mix plain constants with zod schemas; calls on `z` build schemas and nothing
      // else, so a page that imports only a constant does not download zod (the contract package
      // declares itself free of side effects too).
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
