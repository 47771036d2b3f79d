// Real server processes (scripts/serve.ts) on one PostgreSQL database, as a deployment runs them
// behind a load balancer (docs/deploy.md): each on its own port, all sharing one files folder. The
// multi-instance suite spreads its requests over them itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '../../scripts/seed-demo.ts';

const ROOT = join(import.meta.dirname, '..', '..');

export interface Reply<T = any> {
  status: number;
  code: number;
  message: string;
  result: T;
}

export interface Instance {
  name: string;
  base: string;
  process: ChildProcess;
  /** The port of its JT/T 808 gateway, when started with one. */
  jt808Port?: number;
  post<T = any>(path: string, body: unknown, token?: string, headers?: Record<string, string>): Promise<Reply<T>>;
  get(path: string, token: string): Promise<Response>;
  login(userName: string): Promise<string>;
  /** kill -9: the process ends at once, in the middle of whatever it was doing. */
  kill(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startOne(name: string, env: Record<string, string>, jt808: boolean): Promise<Instance> {
  const port = await freePort();
  const jt808Port = jt808 ? await freePort() : undefined;
  if (jt808Port) env = { ...env, JT808_PORT: String(jt808Port), JT808_HOST: '127.0.0.1' };
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await new Promise<void>((resolve, reject) => {
    const started = setInterval(() => {
      if (output.includes('已启动')) (clearInterval(started), resolve());
    }, 50);
    child.once('exit', (code) => (clearInterval(started), reject(new Error(`${name} exited (${code}) before starting:\n${output}`))));
  });

  const post = async (path: string, body: unknown, token?: string, headers: Record<string, string> = {}) => {
    // The CSRF check wants the browser's origin on a write: the instance's own address.
    const res = await fetch(`${base}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, ...(token ? { token } : {}), ...headers },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Omit<Reply, 'status'>;
    return { status: res.status, ...json };
  };
  return {
    name,
    base,
    process: child,
    jt808Port,
    post,
    get: (path, token) => fetch(`${base}/api${path}`, { headers: { token } }),
    async login(userName) {
      const r = await post('/login', { userName, password: DEMO_PASSWORD });
      if (r.code !== 1) throw new Error(`login ${userName} on ${name}: ${r.message}`);
      return r.result.token as string;
    },
    kill: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    }),
  };
}

/**
 * `names.length` instances on `databaseUrl`, started together (they share the start's migration lock);
 * with `jt808`, each runs its JT/T 808 gateway on a port of its own (`jt808Port`).
 */
export function startInstances(names: string[], env: { databaseUrl: string; filesDir: string; jt808?: boolean }): Promise<Instance[]> {
  return Promise.all(names.map((name) => startOne(name, { DATABASE_URL: env.databaseUrl, HUOYUN_FILES: env.filesDir }, env.jt808 === true)));
}
