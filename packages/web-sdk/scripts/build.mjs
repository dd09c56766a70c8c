// The two builds of the web SDK with the project's bundler (vite): a script-tag file (IIFE, global `KycFlow`)
// and ES modules (the core and the React wrapper, React left to the caller's bundle).
import { build } from 'vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const common = { root, logLevel: 'warn', configFile: false };

await build({
  ...common,
  build: {
    outDir: 'dist', emptyOutDir: true, target: 'es2019', sourcemap: true, minify: true,
    lib: { entry: 'src/index.ts', name: 'KycFlow', formats: ['iife'], fileName: () => 'kyc-flow.iife.js' },
  },
});
await build({
  ...common,
  build: {
    outDir: 'dist', emptyOutDir: false, target: 'es2019', sourcemap: true, minify: false,
    lib: { entry: { 'kyc-flow': 'src/index.ts', react: 'src/react.ts' }, formats: ['es'], fileName: (_format, name) => `${name}.js` },
    rollupOptions: { external: ['react', 'react/jsx-runtime'] },
  },
});
