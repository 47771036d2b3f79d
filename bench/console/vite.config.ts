// Builds the two console bench pages (generic.html, hand.html) for production into
// .bench/console-dist/ (git-ignored). Run by the bench through Vite's build(); not part of the app.
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export const BENCH_DIST = join(import.meta.dirname, '..', '..', '.bench', 'console-dist');

export default defineConfig({
  root: import.meta.dirname,
  // Keep the app's public/ (logo, help) out of the bench pages.
  publicDir: false,
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: BENCH_DIST,
    emptyOutDir: true,
    chunkSizeWarningLimit: 5000,
    rolldownOptions: {
      input: {
        generic: join(import.meta.dirname, 'generic.html'),
        hand: join(import.meta.dirname, 'hand.html'),
      },
    },
  },
});
