// npm start: builds the console when it is missing or older than its sources, bundles the server
// (scripts/build-server.mjs: a second, no loader at run time), then runs it.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer } from './build-server.mjs';

const root = join(import.meta.dirname, '..');
const built = join(root, 'dist', 'index.html');

function newest(dir) {
  let t = 0;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    const s = statSync(full);
    t = Math.max(t, s.isDirectory() ? newest(full) : s.mtimeMs);
  }
  return t;
}

const sources = ['renderer', 'widgets', 'schemas/keywords', 'index.html', 'vite.config.ts'].map((p) => join(root, p)).filter(existsSync);
const sourceTime = Math.max(...sources.map((p) => (statSync(p).isDirectory() ? newest(p) : statSync(p).mtimeMs)));
if (!existsSync(built) || statSync(built).mtimeMs < sourceTime) {
  console.log('正在构建控制台 (vite build)...');
  const r = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The offline basemap is prepared once (server/map/basemap-data.ts), here rather than on the first map.
const basemap = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'prepare-basemap.ts')], { cwd: root, stdio: 'inherit' });
if (basemap.status !== 0) console.error('离线底图生成失败，将在首次打开地图时重试');

const bundle = await buildServer();
// Two malloc arenas instead of one per thread: the server's own threads (SQLite, zlib, file reads)
// otherwise each keep an arena of freed memory, tens of MB of resident memory for nothing
// (docs/deploy.md). An operator's own setting wins.
const env = { MALLOC_ARENA_MAX: '2', ...process.env };
const server = spawn(process.execPath, [bundle], { cwd: root, stdio: 'inherit', env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
