// Bundles a server entry (scripts/serve.ts by default) into one JavaScript file under .build/, run by
// plain node: `node scripts/build-server.mjs [entry.ts] [out.mjs]`. Run without a TypeScript loader, the
// server saves the loader's own thread and the transpiled sources it holds: about 35 MB of its memory at
// rest (docs/decisions.md). Packages stay external (node_modules is beside the bundle's folder), and the
// project's files are found from the bundle by server/paths.ts. Tests and `npm run dev` still run the
// sources through tsx.
import { build } from 'esbuild';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');

export async function buildServer(entry = join(root, 'scripts', 'serve.ts'), outfile = join(root, '.build', 'serve.mjs')) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer(process.argv[2], process.argv[3]);
