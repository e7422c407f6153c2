import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One config for the app build and for vitest. Server tests run in node; web tests opt into
// jsdom per file with `// @vitest-environment jsdom`.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    target: ['es2020', 'safari14', 'chrome87', 'firefox78'],
  },
  // Classic (IIFE) workers: MediaPipe's WASM loader calls importScripts, which module workers lack.
  worker: { format: 'iife' },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    setupFiles: ['src/web/i18n/test-texts.ts'],
  },
});
