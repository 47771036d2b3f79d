// Serves the built console from dist/ with the SPA fallback: any non-API path that is not a file
// gets index.html, and the console's router decides (including its own /404).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './context.ts';

// HUOYUN_DIST serves a console built elsewhere (vite build --outDir), e.g. a second checkout's.
export const DIST_DIR = process.env.HUOYUN_DIST ?? join(import.meta.dirname, '..', '..', 'dist');

export function serveConsole(app: Hono<AppEnv>, dist = DIST_DIR) {
  const files = serveStatic({ root: dist });
  // Vite names assets by content hash, so they never change under the same name.
  app.use('/assets/*', (c, next) => {
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    return files(c, next);
  });
  app.use('*', files);
  app.get('*', (c) => {
    const index = join(dist, 'index.html');
    if (!existsSync(index)) return c.text('控制台尚未构建，请先运行 npm run build', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(index, 'utf8'));
  });
}
