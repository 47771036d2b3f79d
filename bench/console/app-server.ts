// The real server (scripts/serve.ts) in a child process on 127.0.0.1, a free port and a fresh
// database in a temp folder; it seeds the demo data on first start and serves dist/.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BenchError } from '../stats.ts';

export interface AppServer {
  origin: string;
  db: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer(root: string): Promise<AppServer> {
  const dir = mkdtempSync(join(tmpdir(), 'huoyun-bench-console-'));
  const db = join(dir, 'bench.db');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts'], {
    cwd: root,
    env: { ...process.env, HUOYUN_DB: db, HUOYUN_FILES: join(dir, 'files'), PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Ctrl-C while the bench runs must not leave the server behind.
  const onSigint = () => {
    child.kill('SIGKILL');
    process.exit(130);
  };
  process.once('SIGINT', onSigint);
  const stop = async () => {
    process.off('SIGINT', onSigint);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  // A fresh database is seeded on first start: on a busy two-core machine that takes a minute or more.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new BenchError(`server exited with code ${child.exitCode}: ${stderr.trim()}`);
    }
    const ok = await fetch(`${origin}/login`).then((r) => r.ok, () => false);
    if (ok) return { origin, db, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new BenchError(`server did not answer on ${origin} within 120 s: ${stderr.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
