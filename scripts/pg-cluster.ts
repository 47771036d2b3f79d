// A throwaway PostgreSQL for tests and benchmarks: Debian's server binaries (apt-get install
// postgresql), `initdb` in a temporary folder, `pg_ctl` listening on a Unix socket only, removed again
// by stop(). PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user
// the Debian package creates. Used by npm run test:pg and the benchmarks' --pg.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export interface Cluster {
  /** A connection URL for database `name` (default `postgres`). */
  url(name?: string): string;
  stop(): void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  if (!version) throw new Error('找不到 PostgreSQL 服务端程序：请先安装 Debian 的 postgresql 软件包（apt-get install postgresql）');
  return join(root, version, 'bin');
}

export function startCluster(port = 54_000 + Math.floor(Math.random() * 1000)): Cluster {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'huoyun-pg-'));
  chmodSync(dir, 0o777);
  const asRoot = userInfo().uid === 0;
  const user = asRoot ? 'postgres' : userInfo().username;
  const run = (program: string, args: string[]) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, program), ...args], { stdio: 'pipe' }) : execFileSync(join(bin, program), args, { stdio: 'pipe' });
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', user, '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
  // No TCP: the socket in our folder only. Settings for a disposable cluster: no fsync, small logs.
  const options = `-k ${dir} -c listen_addresses='' -p ${port} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start']);
  return {
    url: (name = 'postgres') => `postgres://${user}@localhost/${name}?host=${encodeURIComponent(dir)}&port=${port}`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
