// Builds the console (renderer/) into dist/, which the Hono server serves in production.
// In development Vite serves the console and forwards /api to the server on :8080.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants as zlib } from 'node:zlib';

const apiProxy = {
  '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true },
};

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    // Every text asset (index.html too) also as .br and .gz beside it: the server sends whichever the
    // browser accepts (server/http/static.ts) without compressing at request time. Maximum levels: the
    // cost is paid once per build. The plugin skips a file whose compressed form would not be smaller.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Fluent alone outweighs the 500 kB warning; split vendors so an app release does not
    // invalidate the browser's cached libraries. Pages and widgets split further via import().
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
              priority: 20,
            },
            // entriesAware keeps modules reached only through import() (forms, tables) out of the first screen.
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10, entriesAware: true },
          ],
        },
      },
    },
  },
  server: { proxy: apiProxy },
  // `vite preview` checks the built bundle against the same server.
  preview: { proxy: apiProxy },
});
