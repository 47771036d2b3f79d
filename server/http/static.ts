// Serves the built console from dist/ with the SPA fallback: any non-API path that is not a file
// gets index.html, and the console's router decides (including its own /404).
// The build writes every text asset also as .br and .gz (vite.config.ts); the browser gets the smallest
// form it accepts, with Content-Encoding and Vary: Accept-Encoding so caches keep the forms apart.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, Hono, Next } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './context.ts';
import { ROOT } from '../paths.ts';

// HUOYUN_DIST serves a console built elsewhere (vite build --outDir), e.g. a second checkout's.
export const DIST_DIR = process.env.HUOYUN_DIST ?? join(ROOT, 'dist');

/** Text types the build precompresses; a cache must key them on Accept-Encoding even when sent plain. */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml)|image\/svg\+xml)/;

/** Vary: Accept-Encoding on every compressible file, also when this client got the plain bytes. */
const varyOnEncoding = (serve: (c: Context<AppEnv>, next: Next) => Promise<Response | void>) => async (c: Context<AppEnv>, next: Next) => {
  const res = await serve(c, next);
  if (c.res && COMPRESSIBLE.test(c.res.headers.get('content-type') ?? '') && !c.res.headers.get('vary')) c.header('Vary', 'Accept-Encoding');
  return res;
};

export function serveConsole(app: Hono<AppEnv>, dist = DIST_DIR) {
  const files = varyOnEncoding(serveStatic({ root: dist, precompressed: true }));
  const index = varyOnEncoding(serveStatic({ root: dist, path: 'index.html', precompressed: true }));
  // Vite names assets by content hash, so they never change under the same name.
  app.use('/assets/*', (c, next) => {
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    return files(c, next);
  });
  // index.html names the current hashes: always revalidated.
  app.use('/', (c, next) => {
    c.header('Cache-Control', 'no-cache');
    return files(c, next);
  });
  app.use('*', files);
  app.get('*', async (c, next) => {
    if (!existsSync(join(dist, 'index.html'))) return c.text('控制台尚未构建，请先运行 npm run build', 503);
    c.header('Cache-Control', 'no-cache');
    return index(c, next);
  });
}
