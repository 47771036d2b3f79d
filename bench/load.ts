// `npm run bench -- load`: the real server (scripts/serve.ts as child processes, as `npm start` runs
// it) under autocannon over loopback, 64 connections for 10 s, one list call as `dispatcher`
// (POST /api/waybill/pageQueryByCondition, page 1, default sort), in three setups, one table:
//   1. SQLite, one instance (a fresh demo database, seeded by serve.ts itself on first start);
//   2. PostgreSQL, one instance (a throwaway cluster holding a copy of that very file: bench/pg-copy.ts);
//   3. PostgreSQL, two instances on that one database (two ports; two autocannon runs of 32
//      connections each at once, one per instance, each with its own login and origin; summed).
// Requests/s, latency p50/p99 and errors, timeouts and non-2xx per setup (target: zero). Everything
// shares two cores here: the instances, PostgreSQL and autocannon itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { DEMO_PASSWORD } from '../scripts/seed-demo.ts';
import { openDatabase } from '../server/db/connection.ts';
import { startBenchPg, type BenchPg } from './pg-bench.ts';
import { copySqliteToPg } from './pg-copy.ts';
import { BenchError, ms, table } from './stats.ts';

const ROOT = join(import.meta.dirname, '..');
const HOST = '127.0.0.1';
const PATH = '/api/waybill/pageQueryByCondition';
const BODY = JSON.stringify({});
const USER = 'dispatcher';
const CONNECTIONS = 64;
const DURATION_S = 10;
const START_TIMEOUT_MS = 180_000;
// Ports the machine's other work uses: never ours.
const RESERVED = new Set([8181, 8290, 8291, 8292, 55432]);

const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));
const elapsed = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const srv = createServer();
      srv.once('error', reject);
      srv.listen(0, HOST, () => {
        const addr = srv.address();
        const p = typeof addr === 'object' && addr ? addr.port : 0;
        srv.close(() => resolve(p));
      });
    });
    if (!RESERVED.has(port)) return port;
  }
}

interface Instance {
  base: string;
  child: ChildProcess;
  output: string[];
}

const instances = new Set<Instance>();

function startServer(env: Record<string, string>, port: number): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'serve.ts')], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', HOST, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const inst: Instance = { base: `http://${HOST}:${port}`, child, output: [] };
  child.stdout!.on('data', (d) => inst.output.push(String(d)));
  child.stderr!.on('data', (d) => inst.output.push(String(d)));
  instances.add(inst);
  return inst;
}

async function stopServer(inst: Instance) {
  instances.delete(inst);
  const c = inst.child;
  if (c.exitCode !== null || c.signalCode !== null) return;
  c.kill('SIGTERM');
  await Promise.race([new Promise((r) => c.once('exit', r)), sleep(5_000)]);
  if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}

const killAll = () => {
  for (const inst of instances) if (inst.child.exitCode === null && inst.child.signalCode === null) inst.child.kill('SIGKILL');
};

/** Waits until the server answers HTTP, then logs in and checks one list call; answers its headers. */
async function ready(inst: Instance): Promise<Record<string, string>> {
  const until = performance.now() + START_TIMEOUT_MS;
  for (;;) {
    if (inst.child.exitCode !== null) throw new BenchError(`the server on ${inst.base} exited (code ${inst.child.exitCode}):\n${inst.output.join('')}`);
    try {
      if ((await fetch(`${inst.base}/api/oaAccountAutoLogin`)).ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() > until) throw new BenchError(`the server on ${inst.base} did not answer within ${START_TIMEOUT_MS / 1000} s:\n${inst.output.join('')}`);
    await sleep(200);
  }
  const login = (await (await fetch(`${inst.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: inst.base },
    body: JSON.stringify({ userName: USER, password: DEMO_PASSWORD }),
  })).json()) as { code: number; message: string; result: { token: string } };
  if (login.code !== 1) throw new BenchError(`login as ${USER} on ${inst.base} failed: ${login.message}`);
  const headers = { token: login.result.token, 'content-type': 'application/json', origin: inst.base };
  const check = (await (await fetch(`${inst.base}${PATH}`, { method: 'POST', headers, body: BODY })).json()) as { code: number; message: string; result: { totalRecords: number } };
  if (check.code !== 1) throw new BenchError(`${PATH} on ${inst.base} answered code ${check.code}: ${check.message}`);
  return headers;
}

interface Outcome {
  setup: string;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  completed: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  note: string;
}

/** Runs autocannon at every instance at once, `CONNECTIONS / instances` connections each, and sums. */
async function hammer(setup: string, targets: { inst: Instance; headers: Record<string, string> }[], totalRecords: number): Promise<Outcome> {
  const per = CONNECTIONS / targets.length;
  const results: Result[] = await Promise.all(
    targets.map(({ inst, headers }) =>
      autocannon({ url: `${inst.base}${PATH}`, method: 'POST', headers, body: BODY, connections: per, duration: DURATION_S, timeout: 10 }),
    ),
  );
  const sum = (f: (r: Result) => number) => results.reduce((a, r) => a + f(r), 0);
  const completed = sum((r) => r.latency.totalCount);
  return {
    setup,
    rps: sum((r) => r.requests.average),
    // Latencies of two runs cannot be merged exactly: p50 weighted by requests, p99 and max the worse of the two.
    p50: sum((r) => r.latency.p50 * r.latency.totalCount) / Math.max(1, completed),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    max: Math.max(...results.map((r) => r.latency.max)),
    completed,
    ok2xx: sum((r) => r['2xx']),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    note: `${results.length} x ${per} conn${results.length > 1 ? ` (${results.map((r) => r.requests.average.toFixed(0)).join(' + ')} req/s; p99 ${results.map((r) => ms(r.latency.p99, 0)).join(' / ')} ms)` : ''}; ${totalRecords.toLocaleString('en')} waybills listed`,
  };
}

export async function main(args: string[]) {
  if (args.length) throw new BenchError(`load takes no options (got ${args.join(' ')})`);
  const started = performance.now();
  console.log(`== load: the real server (scripts/serve.ts) under autocannon, ${CONNECTIONS} connections x ${DURATION_S} s, POST ${PATH} ${BODY} as ${USER} ==`);
  console.log(`node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? '?'}), load average ${load()}`);
  const dir = mkdtempSync(join(tmpdir(), 'huoyun-bench-load-'));
  const dbFile = join(dir, 'huoyun.db');
  const files = join(dir, 'files');
  const outcomes: Outcome[] = [];
  let pgBench: BenchPg | undefined;
  process.once('exit', killAll);
  try {
    // 1. SQLite, one instance: serve.ts migrates and seeds the demo on its first start.
    let t = performance.now();
    const lite = startServer({ HUOYUN_DB: dbFile, HUOYUN_FILES: files }, await freePort());
    const liteHeaders = await ready(lite);
    console.log(`SQLite instance on ${lite.base}: started, seeded the demo database ${dbFile} and answered in ${elapsed(t)}`);
    const total = await totalOf(lite, liteHeaders);
    outcomes.push(await hammer('SQLite, 1 instance', [{ inst: lite, headers: liteHeaders }], total));
    await stopServer(lite);

    // 2 and 3. PostgreSQL: the same rows, copied from that file.
    t = performance.now();
    pgBench = await startBenchPg();
    const file = openDatabase(dbFile);
    await copySqliteToPg(file, pgBench, () => undefined);
    file.$client.close();
    console.log(`PostgreSQL: cluster + copy of the demo database in ${elapsed(t)}`);
    const pgEnv = { DATABASE_URL: pgBench.url, HUOYUN_DB: dbFile, HUOYUN_FILES: files };

    t = performance.now();
    const one = startServer(pgEnv, await freePort());
    const oneHeaders = await ready(one);
    console.log(`PostgreSQL instance on ${one.base}: answered in ${elapsed(t)}`);
    outcomes.push(await hammer('PostgreSQL, 1 instance', [{ inst: one, headers: oneHeaders }], await totalOf(one, oneHeaders)));

    t = performance.now();
    const two = startServer(pgEnv, await freePort());
    const twoHeaders = await ready(two);
    console.log(`second PostgreSQL instance on ${two.base}: answered in ${elapsed(t)}`);
    // Both instances have served traffic once before the run: the first one warm from setup 2, the second warmed here.
    for (let i = 0; i < 20; i++) await fetch(`${two.base}${PATH}`, { method: 'POST', headers: twoHeaders, body: BODY }).then((r) => r.arrayBuffer());
    outcomes.push(await hammer('PostgreSQL, 2 instances', [{ inst: one, headers: oneHeaders }, { inst: two, headers: twoHeaders }], await totalOf(one, oneHeaders)));
    await Promise.all([stopServer(one), stopServer(two)]);
  } finally {
    await Promise.all([...instances].map(stopServer));
    await pgBench?.stop();
    rmSync(dir, { recursive: true, force: true });
    process.removeListener('exit', killAll);
  }

  console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each; latency in ms; target: 0 errors, 0 timeouts, 0 non-2xx`);
  console.log(
    table([
      ['setup', 'requests/s', 'p50', 'p99', 'max', 'completed', '2xx', 'non-2xx', 'errors', 'timeouts', 'verdict'],
      ...outcomes.map((o) => [o.setup, o.rps.toFixed(1), ms(o.p50, 1), ms(o.p99, 1), ms(o.max, 1), o.completed, o.ok2xx, o.non2xx, o.errors, o.timeouts,
        o.errors + o.timeouts + o.non2xx === 0 ? 'OK' : 'ERRORS']),
    ]),
  );
  for (const o of outcomes) console.log(`  ${o.setup}: ${o.note}`);
  const [, pg1, pg2] = outcomes;
  if (pg1 && pg2) console.log(`two instances / one: ${(pg2.rps / pg1.rps).toFixed(2)}x the requests/s on ${cpus().length} cores shared with PostgreSQL and autocannon`);
  console.log(`load average at the end ${load()}; done in ${elapsed(started)}`);
}

async function totalOf(inst: Instance, headers: Record<string, string>): Promise<number> {
  const res = (await (await fetch(`${inst.base}${PATH}`, { method: 'POST', headers, body: BODY })).json()) as { result: { totalRecords: number } };
  return res.result.totalRecords;
}
