import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

// The hosted verification flow: its own bundle, served by the service at /verify/{token} (pages.routes.ts).
// No inline scripts or styles, so the page runs under a CSP without 'unsafe-inline'.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/verify/',
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
    target: 'es2020',
  },
});
