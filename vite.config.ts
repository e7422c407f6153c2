import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One config for the app build and for vitest. Server tests run in node; web tests opt into
// jsdom per file with `// @vitest-environment jsdom`.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [{ find: /^use-sync-external-store\/shim$/, replacement: new URL('./src/web/i18n/sync-external-store.ts', import.meta.url).pathname }],
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    target: ['es2020', 'safari14', 'chrome87', 'firefox78'],
    // Browsers without <link rel=modulepreload> (Safari before 17) load the same chunks a little
    // later; the polyfill would cost every phone bytes before the first screen.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What the first screen needs and the lazy screens share would otherwise come as
              // nine small chunks: on HTTP/1.1 (six connections) over a slow network each extra
              // round of requests delays the first screen. One chunk beside the entry instead.
              name: 'boot',
              test: /node_modules\/(react|react-dom|scheduler|i18next|react-i18next)\/|vite\/preload-helper|src\/web\/i18n\/(resources\.ts|sync-external-store\.ts|locales\/en\/common\.json)|src\/web\/ui\/(screen|spinner|button)\.|src\/web\/app\/screens\/screens\.module/,
            },
          ],
        },
      },
    },
  },
  // Classic (IIFE) workers: MediaPipe's WASM loader calls importScripts, which module workers lack.
  worker: { format: 'iife' },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/screening/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    setupFiles: ['src/web/i18n/test-texts.ts'],
  },
});
