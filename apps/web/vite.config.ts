import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on its own port; in production the server serves this build itself.
const API_ORIGIN = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/secure-folders': API_ORIGIN,
    },
  },
});
