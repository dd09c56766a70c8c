import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

// The review console: its own bundle (apart from web/verify), served by the service at /console/* (src/modules/console/pages.routes.ts).
// No inline scripts or styles, so it runs under a CSP without 'unsafe-inline'. Builds offline: no plugins fetched.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  logLevel: 'warn',
  build: { outDir: 'dist', emptyOutDir: true, assetsInlineLimit: 0, modulePreload: { polyfill: false }, sourcemap: false, target: 'es2020' },
});
