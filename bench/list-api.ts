// `npm run bench -- list-api [--rebuild]`
// 1. builds (or reuses) .bench/list-api.db: the demo seed plus 1,000,000 vehicles for corporation 1;
// 2. in process: POST /api/res/vehicle/list through app.request (routing, auth, validation, SQL,
//    JSON) against the very same SQL run directly on better-sqlite3, interleaved, per request shape;
// 3. over loopback: the real server in a child process under autocannon (10 s, 10 connections).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { cpus, totalmem, platform, arch } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { holdRegistry } from '../server/registry/holder.ts';
import { createApp } from '../server/app.ts';
import { listSql, type ListRequest } from '../server/resources/query.ts';
import type Database from 'better-sqlite3';
import type { SessionUser } from '../server/http/context.ts';
import type { Registry, ResourceFile } from '../server/registry/types.ts';
import type { ResourceEngine } from '../server/resources/engine.ts';
import { DEMO_PASSWORD } from '../scripts/seed-demo.ts';
import { BASE_MS } from '../fixtures/index.ts';
import { BENCH_DB, BENCH_DIR, openBenchDb } from './bench-db.ts';
import { BenchError, ms, percentile, ratio, table } from './stats.ts';

const ROOT = join(import.meta.dirname, '..');
const HOST = '127.0.0.1';
const PATH = '/api/res/vehicle/list';
const USER = 'dispatcher';
const TARGET = 1.3;

const WARMUP = { iterations: 20, ms: 5_000 };
const MEASURE = { iterations: 200, ms: 20_000 };
const LOAD = { connections: 10, durationS: 10 };

interface Shape {
  key: string;
  label: string;
  body: ListRequest;
}

type Row = Record<string, unknown>;
interface ListResult {
  data: Row[];
  totalRecords: number;
  curPage: number;
  pageSize: number;
}

function shapesFor(carrierId: number): Shape[] {
  return [
    { key: 'a', label: 'no filter, default sort (updatedAt desc), page 1', body: {} },
    { key: 'b', label: 'status [0], updatedAt desc, page 50', body: { status: [0], sorts: [{ field: 'updatedAt', order: 'desc' }], curPage: 50 } },
    { key: 'c', label: "vehicleNo like '京A', vehicleNo asc, page 1", body: { vehicleNo: '京A', sorts: [{ field: 'vehicleNo', order: 'asc' }] } },
    { key: 'd', label: `carrierId ${carrierId} + coldMachine 1, page 1`, body: { carrierId, coldMachine: 1 } },
    // Cheap SQL (an index range of one day): here the engine's fixed cost is not hidden by a big count.
    { key: 'e', label: 'updatedAt within one day (2026-04-11), default sort, page 1', body: { updatedAt: [DAY_FROM, DAY_FROM + 86_400_000 - 1] } },
  ];
}

/** A fixed day inside the generated year of updates (fixtures/scale.ts spreads them from BASE_MS). */
const DAY_FROM = BASE_MS + 100 * 86_400_000;

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const elapsed = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

export async function main(args: string[]) {
  const unknown = args.filter((a) => a !== '--rebuild');
  if (unknown.length) throw new BenchError(`unknown option(s): ${unknown.join(' ')} (known: --rebuild)`);
  const started = performance.now();

  // --- 1. the database -------------------------------------------------------------------------
  console.log('== list-api: generic list endpoint over 1,000,000 vehicles ==');
  const cpu = cpus();
  console.log(`node ${process.version} on ${platform()}/${arch()}, ${cpu.length} CPUs (${cpu[0]?.model.trim() ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM`);
  const t0 = performance.now();
  const bench = await openBenchDb({ rebuild: args.includes('--rebuild') });
  const { db } = bench;
  const sqlite = db.$client;
  const sqliteVersion = (sqlite.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
  console.log(
    [
      `SQLite ${sqliteVersion} (better-sqlite3, WAL, synchronous=NORMAL)`,
      `database ${bench.file}: ${bench.built ? `built in ${elapsed(t0)}` : 'reused (pass --rebuild to build again)'}`,
      `vehicles: ${bench.totalVehicles.toLocaleString('en')} rows, ${bench.corp1Vehicles.toLocaleString('en')} live in corporation 1 (what ${USER} sees)`,
    ].join('\n'),
  );

  // --- 2. in process: engine through app.request vs raw better-sqlite3 ---------------------------
  const registry = holdRegistry();
  const platformApp = await createApp({ db, registry, filesDir: join(BENCH_DIR, 'files') });
  const { app } = platformApp;
  const login = await app.request('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: USER, password: DEMO_PASSWORD }),
  });
  const loginJson = (await login.json()) as { code: number; message: string; result: { token: string } };
  if (loginJson.code !== 1) throw new BenchError(`login as ${USER} failed: ${loginJson.message}`);
  const token = loginJson.result.token;
  const user: SessionUser | null = await platformApp.sessions.resolve(token, Date.now());
  if (!user) throw new BenchError(`the session of ${USER} does not resolve`);

  const reg = registry.get();
  const resource = reg.resources.get('vehicle');
  if (!resource) throw new BenchError('no vehicle resource in the registry');
  const carrierId = (sqlite.prepare('SELECT min(id) AS id FROM carriers WHERE corp_id = ? AND is_deleted = 0').get(user.corpId) as { id: number }).id;
  const shapes = shapesFor(carrierId);

  console.log(`\n-- in process: engine = app.request('${PATH}') incl. response text; raw = same SQL, prepared once, .all() + .get() --`);
  console.log(`   warm-up ${WARMUP.iterations} each; then interleaved engine/raw, up to ${MEASURE.iterations} pairs or ${MEASURE.ms / 1000} s per shape`);

  const totals = new Map<string, number>();
  const summary: { key: string; e50: number; r50: number; e99: number; r99: number }[] = [];
  for (const shape of shapes) {
    const bodyText = JSON.stringify(shape.body);
    // The engine sees the parsed (and validated, not coerced) body: the same object.
    const sql = listSql(reg, resource, user, JSON.parse(bodyText) as ListRequest);
    const pageStmt = sqlite.prepare(sql.page.sql);
    const countStmt = sqlite.prepare(sql.count.sql);
    const raw = () => {
      const data = pageStmt.all(...sql.page.params) as Row[];
      const { n } = countStmt.get(...sql.count.params) as { n: number };
      return { data, n };
    };
    const engine = async () => {
      const res = await app.request(PATH, { method: 'POST', headers: { token, 'content-type': 'application/json' }, body: bodyText });
      return { status: res.status, text: await res.text() };
    };

    // Correctness, once, before any timing.
    const e = await engine();
    const envelope = JSON.parse(e.text) as { code: number; message: string; result: ListResult };
    if (e.status !== 200 || envelope.code !== 1) throw new BenchError(`shape ${shape.key}: engine answered HTTP ${e.status} code ${envelope.code}: ${envelope.message}`);
    const r = raw();
    const got = envelope.result;
    if (got.totalRecords !== r.n) throw new BenchError(`shape ${shape.key}: engine totalRecords ${got.totalRecords} != raw count ${r.n}`);
    const ids = (rows: Row[]) => rows.map((x) => x.id).join(',');
    if (ids(got.data) !== ids(r.data)) throw new BenchError(`shape ${shape.key}: engine ids [${ids(got.data)}] != raw ids [${ids(r.data)}]`);
    for (const [i, row] of r.data.entries()) {
      for (const [k, v] of Object.entries(row)) {
        if (got.data[i][k] !== v) throw new BenchError(`shape ${shape.key}: row ${row.id} field ${k}: engine ${JSON.stringify(got.data[i][k])} != raw ${JSON.stringify(v)}`);
      }
    }
    if (r.data.length === 0) throw new BenchError(`shape ${shape.key}: the page is empty; the shape measures nothing`);

    // Warm-up, then interleaved measurement.
    const warmUntil = performance.now() + WARMUP.ms;
    for (let i = 0; i < WARMUP.iterations && performance.now() < warmUntil; i++) {
      await engine();
      raw();
    }
    const eng: number[] = [];
    const rawT: number[] = [];
    const stopAt = performance.now() + MEASURE.ms;
    // Raw is timed in two parts as well, to show which of the two statements costs what.
    const rawPage: number[] = [];
    const rawCount: number[] = [];
    const timeRaw = () => {
      const t = performance.now();
      pageStmt.all(...sql.page.params);
      const t1 = performance.now();
      countStmt.get(...sql.count.params);
      const t2 = performance.now();
      rawT.push(t2 - t);
      rawPage.push(t1 - t);
      rawCount.push(t2 - t1);
    };
    for (let i = 0; i < MEASURE.iterations && performance.now() < stopAt; i++) {
      // Interleaved pairs; which side goes first alternates so neither always runs on a warmer cache.
      if (i % 2 === 1) timeRaw();
      const t = performance.now();
      const out = await engine();
      eng.push(performance.now() - t);
      if (out.status !== 200) throw new BenchError(`shape ${shape.key}: engine answered HTTP ${out.status} during the run`);
      if (i % 2 === 0) timeRaw();
    }

    const e50 = percentile(eng, 50), r50 = percentile(rawT, 50), e99 = percentile(eng, 99), r99 = percentile(rawT, 99);
    summary.push({ key: shape.key, e50, r50, e99, r99 });
    totals.set(shape.key, got.totalRecords);
    console.log(`\n(${shape.key}) ${shape.label}`);
    console.log(`    body ${bodyText}`);
    console.log(`    totalRecords ${got.totalRecords.toLocaleString('en')}, page of ${got.data.length}, response ${(Buffer.byteLength(e.text) / 1024).toFixed(1)} KiB, n = ${eng.length} pairs`);
    console.log(
      table([
        ['', 'p50 ms', 'p99 ms', 'mean ms'],
        ['engine', ms(e50), ms(e99), ms(mean(eng))],
        ['raw', ms(r50), ms(r99), ms(mean(rawT))],
        ['  page stmt', ms(percentile(rawPage, 50)), ms(percentile(rawPage, 99)), ms(mean(rawPage))],
        ['  count stmt', ms(percentile(rawCount, 50)), ms(percentile(rawCount, 99)), ms(mean(rawCount))],
        ['engine/raw', `${ratio(e50, r50).toFixed(2)}x`, `${ratio(e99, r99).toFixed(2)}x`, ''],
        ['engine-raw', ms(e50 - r50), ms(e99 - r99), ''],
      ], '    '),
    );
  }

  const worst50 = Math.max(...summary.map((s) => ratio(s.e50, s.r50)));
  const worst99 = Math.max(...summary.map((s) => ratio(s.e99, s.r99)));
  const verdict = (v: number) => (v <= TARGET ? 'OK' : 'ABOVE TARGET');
  console.log(`\nsummary (target: engine <= ${TARGET}x raw)`);
  console.log(
    table([
      ['shape', 'engine p50', 'raw p50', 'p50 ratio', 'engine p99', 'raw p99', 'p99 ratio'],
      ...summary.map((s) => [s.key, ms(s.e50), ms(s.r50), `${ratio(s.e50, s.r50).toFixed(2)}x`, ms(s.e99), ms(s.r99), `${ratio(s.e99, s.r99).toFixed(2)}x`]),
    ]),
  );
  console.log(`overall: worst p50 ratio ${worst50.toFixed(2)}x (${verdict(worst50)}), worst p99 ratio ${worst99.toFixed(2)}x (${verdict(worst99)}) against engine <= ${TARGET}x raw`);

  // Where the engine's time goes, on the cheap shape where its fixed cost shows.
  const cheap = shapes[shapes.length - 1];
  await timeSplit(cheap, { app, engine: platformApp.engine, user, token, reg, resource, sqlite });

  registry.close();
  // The child opens the file itself; this connection has nothing more to do.
  sqlite.close();

  // --- 3. loopback load against the real server in a child process -------------------------------
  await loopbackLoad(shapes[1], totals.get(shapes[1].key)!);
  console.log(`\ndone in ${elapsed(started)}`);
}

interface SplitContext {
  app: Awaited<ReturnType<typeof createApp>>['app'];
  engine: ResourceEngine;
  user: SessionUser;
  token: string;
  reg: Registry;
  resource: ResourceFile;
  sqlite: Database.Database;
}

/** Times the pieces of one list request separately, interleaved, and prints their medians. */
async function timeSplit(shape: Shape, x: SplitContext) {
  const ITER = 500;
  const BUDGET_MS = 10_000;
  const bodyText = JSON.stringify(shape.body);
  const sql = listSql(x.reg, x.resource, x.user, JSON.parse(bodyText) as ListRequest);
  const pageStmt = x.sqlite.prepare(sql.page.sql);
  const countStmt = x.sqlite.prepare(sql.count.sql);
  const rawRows = () => pageStmt.all(...sql.page.params) as Row[];
  const result = x.engine.list(x.resource.id, x.user, JSON.parse(bodyText) as ListRequest);
  const headers = { token: x.token, 'content-type': 'application/json' };
  const parts: [string, () => unknown][] = [
    ['full: app.request + response text', async () => (await x.app.request(PATH, { method: 'POST', headers, body: bodyText })).text()],
    ['engine.list() without HTTP', () => x.engine.list(x.resource.id, x.user, JSON.parse(bodyText) as ListRequest)],
    ['  raw SQL: page .all() + count .get()', () => (pageStmt.all(...sql.page.params), countStmt.get(...sql.count.params))],
    ['  listSql(): SQL text built per request', () => listSql(x.reg, x.resource, x.user, JSON.parse(bodyText) as ListRequest)],
    ['  page .all() + decorate() (...Str time fields)', () => x.engine.decorate(x.resource, rawRows())],
    ['  page .all() alone (the difference is decorate)', () => rawRows()],
    ['JSON.stringify of the envelope', () => JSON.stringify({ code: 1, message: '操作成功', result })],
    ['HTTP floor: app.request of a trivial route', async () => (await x.app.request('/api/oaAccountAutoLogin', { headers: { token: x.token } })).text()],
  ];
  const samples = parts.map(() => [] as number[]);
  for (let w = 0; w < 50; w++) for (const [, f] of parts) await f();
  const stopAt = performance.now() + BUDGET_MS;
  for (let i = 0; i < ITER && performance.now() < stopAt; i++) {
    for (const [k, [, f]] of parts.entries()) {
      const t = performance.now();
      await f();
      samples[k].push(performance.now() - t);
    }
  }
  const p50 = samples.map((v) => percentile(v, 50));
  console.log(`\nwhere the time goes, shape (${shape.key}), ${samples[0].length} interleaved rounds (p50, mean in ms):`);
  console.log(table([['part', 'p50 ms', 'mean ms', 'share of full p50'], ...parts.map(([name], k) => [name, ms(p50[k], 3), ms(mean(samples[k]), 3), `${((100 * p50[k]) / p50[0]).toFixed(0)}%`])]));
  const overhead = p50[0] - p50[2];
  console.log(
    `  engine overhead over raw SQL: ${ms(overhead, 3)} ms at p50, of which engine.list() around the SQL ${ms(p50[1] - p50[2], 3)} ms` +
      ` and the HTTP stack + JSON ${ms(p50[0] - p50[1], 3)} ms; for ${TARGET}x raw it would have to be <= ${ms((TARGET - 1) * p50[2], 3)} ms`,
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, HOST, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));

async function loopbackLoad(shape: Shape, expectedTotal: number) {
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  console.log(`\n-- loopback load: real server (child process, @hono/node-server) on ${base}, autocannon ${LOAD.durationS} s x ${LOAD.connections} connections, shape (${shape.key}) --`);

  let child: ChildProcess | undefined;
  const kill = () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  const onSigint = () => {
    kill();
    process.exit(130);
  };
  process.once('SIGINT', onSigint);
  process.once('exit', kill);
  try {
    child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'serve-bench.ts'), BENCH_DB, String(port)], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const c = child;
    // Ready when the child says so over IPC, or fail after 30 s or when it exits.
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new BenchError('the server child did not start within 30 s')), 30_000);
      c.once('message', () => (clearTimeout(timer), resolve()));
      c.once('exit', (code, signal) => (clearTimeout(timer), reject(new BenchError(`the server child exited early (code ${code}, signal ${signal})`))));
      c.once('error', (err) => (clearTimeout(timer), reject(err)));
    });
    // And when it answers HTTP (at most 50 tries, 100 ms apart).
    let answered = false;
    for (let i = 0; i < 50 && !answered; i++) {
      try {
        answered = (await fetch(`${base}/api/oaAccountAutoLogin`)).ok;
      } catch {
        await sleep(100);
      }
    }
    if (!answered) throw new BenchError(`the server child does not answer on ${base}`);

    const login = (await (await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: USER, password: DEMO_PASSWORD }),
    })).json()) as { code: number; message: string; result: { token: string } };
    if (login.code !== 1) throw new BenchError(`login as ${USER} on the child failed: ${login.message}`);
    const headers = { token: login.result.token, 'content-type': 'application/json' };
    const body = JSON.stringify(shape.body);

    // One checked request before the load: the child serves the same answer.
    const check = (await (await fetch(`${base}${PATH}`, { method: 'POST', headers, body })).json()) as { code: number; message: string; result: ListResult };
    if (check.code !== 1 || check.result.totalRecords !== expectedTotal) {
      throw new BenchError(`the child answered code ${check.code} (${check.message}), totalRecords ${check.result?.totalRecords} instead of ${expectedTotal}`);
    }

    const result = await autocannon({
      url: `${base}${PATH}`,
      method: 'POST',
      headers,
      body,
      connections: LOAD.connections,
      duration: LOAD.durationS,
      timeout: 10,
    });
    const completed = result.latency.totalCount;
    console.log(
      table([
        ['requests/s (avg)', 'latency p50 ms', 'latency p99 ms', 'latency max ms', 'completed', '2xx', 'non-2xx', 'errors', 'timeouts'],
        [result.requests.average.toFixed(1), ms(result.latency.p50, 1), ms(result.latency.p99, 1), ms(result.latency.max, 1), completed, result['2xx'], result.non2xx, result.errors, result.timeouts],
      ]),
    );
    const ok = result.errors === 0 && result.non2xx === 0 && result.timeouts === 0;
    console.log(`load verdict: ${ok ? 'OK, zero errors and zero non-2xx' : 'NOT OK: errors or non-2xx responses (target zero)'}`);
  } finally {
    kill();
    if (child && child.exitCode === null && child.signalCode === null) {
      const c = child;
      await Promise.race([new Promise((r) => c.once('exit', r)), sleep(5_000)]);
      if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    }
    process.removeListener('SIGINT', onSigint);
    process.removeListener('exit', kill);
  }
}
