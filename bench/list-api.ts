// `npm run bench -- list-api [--rebuild]`
// 1. builds (or reuses) .bench/list-api.db: the demo seed plus 1,000,000 vehicles for corporation 1;
// 2. in process: POST /api/res/vehicle/list through app.request (routing, auth, validation, SQL,
//    JSON) against the very same SQL run directly on better-sqlite3, interleaved, per request shape;
// 3. over loopback: the real server in a child process under autocannon (10 s, 10 connections).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { cpus, loadavg, totalmem, platform, arch } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { holdRegistry } from '../server/registry/holder.ts';
import { createApp } from '../server/app.ts';
import { listSql, type ListRequest } from '../server/resources/query.ts';
import type { SessionUser } from '../server/http/context.ts';
import type { Registry, ResourceFile } from '../server/registry/types.ts';
import type { ResourceEngine } from '../server/resources/engine.ts';
import { DEMO_PASSWORD } from '../scripts/seed-demo.ts';
import { BASE_MS } from '../fixtures/index.ts';
import { BENCH_DB, BENCH_DIR, openBenchDb } from './bench-db.ts';
import { BenchError, ms, percentile, ratio, table } from './stats.ts';
import type { Database } from '../server/db/port.ts';
import { buildPgVehicles, pgDriver, sqliteDriver, startBenchPg, type BenchPg, type RawDriver } from './pg-bench.ts';
import { copySqliteToPg } from './pg-copy.ts';
import { bareFloor, FLOOR_PATH, measureThree, passes, shapeTable, summarise, summaryTable, type ThreeSummary } from './three-way.ts';

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
  const known = ['--rebuild', '--pg', '--generate'];
  const unknown = args.filter((a) => !known.includes(a));
  if (unknown.length) throw new BenchError(`unknown option(s): ${unknown.join(' ')} (known: ${known.join(', ')})`);
  const onPg = args.includes('--pg');
  if (args.includes('--generate') && !onPg) throw new BenchError('--generate goes with --pg');
  const started = performance.now();

  // --- 1. the database -------------------------------------------------------------------------
  console.log(`== list-api: generic list endpoint over 1,000,000 vehicles, on ${onPg ? 'PostgreSQL' : 'SQLite'} ==`);
  const cpu = cpus();
  console.log(`node ${process.version} on ${platform()}/${arch()}, ${cpu.length} CPUs (${cpu[0]?.model.trim() ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  let pgBench: BenchPg | undefined;
  try {
    const t0 = performance.now();
    let db: Database;
    let driver: RawDriver;
    let counts: { corp1Vehicles: number; totalVehicles: number };
    if (!onPg || !args.includes('--generate')) {
      const bench = await openBenchDb({ rebuild: args.includes('--rebuild') });
      const sqliteVersion = (bench.db.$client.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
      console.log(
        [
          `SQLite ${sqliteVersion} (better-sqlite3, WAL, synchronous=NORMAL)`,
          `database ${bench.file}: ${bench.built ? `built in ${elapsed(t0)}` : 'reused (pass --rebuild to build again)'}`,
        ].join('\n'),
      );
      counts = bench;
      db = bench.db;
      driver = sqliteDriver(bench.db);
      if (onPg) {
        pgBench = await startBenchPg();
        console.log(`  copying ${bench.file} into it (same rows; bench/pg-copy.ts)`);
        const copy = await copySqliteToPg(bench.db, pgBench);
        console.log(`PostgreSQL data built in ${copy.seconds.toFixed(1)} s (cluster start + migrations + copy + VACUUM: ${elapsed(t0)} since the bench began its data)`);
        bench.db.$client.close();
        db = pgBench.db;
        driver = pgDriver(pgBench.raw);
      }
    } else {
      pgBench = await startBenchPg();
      const built = await buildPgVehicles(pgBench);
      console.log(`PostgreSQL data built by the generators in ${built.seconds.toFixed(1)} s`);
      counts = {
        corp1Vehicles: (await pgBench.db.one<{ n: number }>('SELECT count(*) AS n FROM vehicles WHERE corp_id = 1 AND is_deleted = 0'))!.n,
        totalVehicles: (await pgBench.db.one<{ n: number }>('SELECT count(*) AS n FROM vehicles'))!.n,
      };
      db = pgBench.db;
      driver = pgDriver(pgBench.raw);
    }
    console.log(`vehicles: ${counts.totalVehicles.toLocaleString('en')} rows, ${counts.corp1Vehicles.toLocaleString('en')} live in corporation 1 (what ${USER} sees)`);
    await inProcess(db, driver, pgBench);
  } finally {
    await pgBench?.stop();
  }
  console.log(`\ndone in ${elapsed(started)}`);
}

async function inProcess(db: Database, driver: RawDriver, pgBench: BenchPg | undefined) {
  // --- 2. in process: engine through app.request vs raw driver vs raw + bare Hono ------------------
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
  const carrierId = (await db.one<{ id: number }>('SELECT min(id) AS id FROM carriers WHERE corp_id = ? AND is_deleted = 0', [user.corpId]))!.id;
  const shapes = shapesFor(carrierId);
  const floor = bareFloor();

  console.log(`\n-- in process: engine = app.request('${PATH}') incl. response text; raw = same SQL on ${driver.label}, page + count;`);
  console.log(`   floor = raw + a bare Hono POST route answering the engine's bytes (bench/three-way.ts). Warm-up ${WARMUP.iterations} each;`);
  console.log(`   then the three in turns (first side rotating), up to ${MEASURE.iterations} rounds or ${MEASURE.ms / 1000} s per shape --`);

  const totals = new Map<string, number>();
  const summary: ThreeSummary[] = [];
  for (const shape of shapes) {
    const bodyText = JSON.stringify(shape.body);
    // The engine sees the parsed (and validated, not coerced) body: the same object.
    const sql = listSql(reg, resource, user, JSON.parse(bodyText) as ListRequest);
    const pageStmt = driver.prepare(sql.page.sql);
    const countStmt = driver.prepare(sql.count.sql);
    const rawAsync = async () => {
      const data = await pageStmt(sql.page.params);
      const [{ n }] = (await countStmt(sql.count.params)) as { n: number }[];
      return { data, n };
    };
    // On SQLite both statements answer at once: no await in the timed path.
    const raw = pgBench ? rawAsync : () => ({ data: pageStmt(sql.page.params) as Row[], n: ((countStmt(sql.count.params) as { n: number }[])[0]).n });
    const headers = { token, 'content-type': 'application/json' };
    const engine = async () => {
      const res = await app.request(PATH, { method: 'POST', headers, body: bodyText });
      return { status: res.status, text: await res.text() };
    };
    const floorCall = async () => {
      const res = await floor.app.request(FLOOR_PATH, { method: 'POST', headers, body: bodyText });
      return { status: res.status, text: await res.text() };
    };

    // Correctness, once, before any timing.
    const e = await engine();
    const envelope = JSON.parse(e.text) as { code: number; message: string; result: ListResult };
    if (e.status !== 200 || envelope.code !== 1) throw new BenchError(`shape ${shape.key}: engine answered HTTP ${e.status} code ${envelope.code}: ${envelope.message}`);
    const r = await raw();
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
    // The floor: the raw statements, then the engine's envelope as c.json writes it.
    floor.set(async () => {
      await raw();
      return envelope;
    });
    const f = await floorCall();
    const sameBytes = f.text === e.text;

    const samples = await measureThree(
      {
        engine: async () => {
          const out = await engine();
          if (out.status !== 200) throw new BenchError(`shape ${shape.key}: engine answered HTTP ${out.status} during the run`);
        },
        raw,
        floor: floorCall,
      },
      WARMUP,
      MEASURE,
    );
    const s = summarise(shape.key, samples);
    summary.push(s);
    totals.set(shape.key, got.totalRecords);
    console.log(`\n(${shape.key}) ${shape.label}`);
    console.log(`    body ${bodyText}`);
    console.log(
      `    totalRecords ${got.totalRecords.toLocaleString('en')}, page of ${got.data.length}, response ${(Buffer.byteLength(e.text) / 1024).toFixed(1)} KiB` +
        ` (floor's ${sameBytes ? 'identical' : `DIFFERENT: ${Buffer.byteLength(f.text)} bytes`}), n = ${s.n} rounds, process CPU / wall ${(100 * samples.cpuShare).toFixed(0)}%`,
    );
    console.log(shapeTable(s));
  }

  const worst = Math.max(...summary.map((s) => ratio(s.e50, s.f50)));
  console.log(`\nsummary on ${pgBench ? pgBench.version : 'SQLite'} (target: engine <= ${TARGET}x floor at p50; times in ms)`);
  console.log(summaryTable(summary, TARGET));
  const failed = summary.filter((s) => !passes(s, TARGET));
  console.log(`overall: worst engine/floor p50 ratio ${worst.toFixed(2)}x: ${failed.length === 0 ? 'PASS' : `FAIL (${failed.map((s) => s.key).join(', ')})`} against engine <= ${TARGET}x floor; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);

  // Where the engine's time goes, on the cheap shape where its fixed cost shows.
  const cheap = shapes[shapes.length - 1];
  await timeSplit(cheap, { app, engine: platformApp.engine, user, token, reg, resource, driver });

  registry.close();
  await platformApp.close();
  // The child opens the database itself; this connection has nothing more to do.
  if (!pgBench) await db.close();

  // --- 3. loopback load against the real server in a child process -------------------------------
  await loopbackLoad(shapes[1], totals.get(shapes[1].key)!, pgBench ? pgBench.url : BENCH_DB);
}

interface SplitContext {
  app: Awaited<ReturnType<typeof createApp>>['app'];
  engine: ResourceEngine;
  user: SessionUser;
  token: string;
  reg: Registry;
  resource: ResourceFile;
  driver: RawDriver;
}

/** Times the pieces of one list request separately, interleaved, and prints their medians. */
async function timeSplit(shape: Shape, x: SplitContext) {
  const ITER = 500;
  const BUDGET_MS = 10_000;
  const bodyText = JSON.stringify(shape.body);
  const sql = listSql(x.reg, x.resource, x.user, JSON.parse(bodyText) as ListRequest);
  const pageStmt = x.driver.prepare(sql.page.sql);
  const countStmt = x.driver.prepare(sql.count.sql);
  const rawRows = async () => (await pageStmt(sql.page.params)) as Row[];
  const result = await x.engine.list(x.resource.id, x.user, JSON.parse(bodyText) as ListRequest);
  const headers = { token: x.token, 'content-type': 'application/json' };
  const parts: [string, () => unknown][] = [
    ['full: app.request + response text', async () => (await x.app.request(PATH, { method: 'POST', headers, body: bodyText })).text()],
    ['engine.list() without HTTP', () => x.engine.list(x.resource.id, x.user, JSON.parse(bodyText) as ListRequest)],
    ['  raw SQL: page + count', async () => (await pageStmt(sql.page.params), await countStmt(sql.count.params))],
    ['  listSql(): SQL text built per request', () => listSql(x.reg, x.resource, x.user, JSON.parse(bodyText) as ListRequest)],
    ['  page + decorate() (...Str time fields)', async () => x.engine.decorate(x.resource, await rawRows())],
    ['  page alone (the difference is decorate)', () => rawRows()],
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

async function loopbackLoad(shape: Shape, expectedTotal: number, database: string) {
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
    child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'serve-bench.ts'), database, String(port)], {
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
