/**
 * Vite builds the web client from src/web into dist/web, which the server serves.
 * `npm run dev:web` serves it with hot reload and forwards the API and Socket.IO to the
 * server on port 3000, so the browser sees a single origin in both modes. A build also
 * writes the web app manifest and the service worker (pwa.config.ts), then brotli and gzip
 * copies of the text files for the server to send (precompress).
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { installableApp } from './pwa.config.js';
import { precompress } from './tools/precompress.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const server = process.env.BOTTLE_IMP_SERVER ?? 'http://localhost:3000';

export default defineConfig({
  root: here,
  base: './',
  plugins: [react(), installableApp(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('../../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      output: {
        // The languages fetched on demand (i18n.ts) are named apart, so that the bundle's
        // budget (tools/bundle-size.mjs) counts each on its own, as a browser fetches it.
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.includes('/src/web/locales/')
            ? 'assets/locale-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
  // The offline game's module worker (src/web/offline/worker.ts): the engine, the bots and
  // the analysis, loaded only when an offline game or analysis starts, and named apart so
  // that the bundle's budget (tools/bundle-size.mjs) counts it on its own.
  worker: {
    format: 'es',
    rollupOptions: { output: { entryFileNames: 'assets/offline-worker-[hash].js' } },
  },
  server: {
    proxy: {
      '/api': server,
      '/socket.io': { target: server, ws: true },
    },
  },
});
