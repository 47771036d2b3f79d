// `npm run bench -- waybill-list [--rebuild] [--db FILE] [--pg [--generate]]`
// 1. builds (or reuses) .bench/waybill-list.db: the demo seed plus 1,000,000 waybills of
//    corporation 1 with their orders, goods, split parts, links and route nodes (fixtures/transport.ts);
// 2. in process, per request shape: POST /api/waybill/pageQueryByCondition and
//    /api/waybill/getWaybillNumberByCondition through app.request (routing, session, permission,
//    validation, SQL, labels, JSON, the response body's bytes) against the very same SQL run directly on better-sqlite3,
//    and the floor (the same SQL + a bare Hono route answering the same bytes, bench/three-way.ts),
//    in turns; p50/p99 and the ratios, with the targets: engine <= 1.3x floor, tab counts < 50 ms at p50.
// --pg: the same on a throwaway PostgreSQL holding a copy of the same file (bench/pg-copy.ts), raw on `pg`;
// --pg --generate: that database built by the generators through the port instead (slow: bench/pg-bench.ts).
import { cpus, loadavg, totalmem, platform, arch } from 'node:os';
import { join } from 'node:path';
import { holdRegistry } from '../server/registry/holder.ts';
import { createApp } from '../server/app.ts';
import { countsSql, listSql, type WaybillQuery } from '../server/domain/waybills/query.ts';
import { dayOf, dayStart } from '../server/domain/waybills/tab-counts.ts';
import type { SessionUser } from '../server/http/context.ts';
import { DEMO_PASSWORD } from '../scripts/seed-demo.ts';
import { BENCH_DIR, openWaybillBenchDb } from './bench-db.ts';
import { BenchError, ms, ratio } from './stats.ts';
import type { Database } from '../server/db/port.ts';
import { buildPgWaybills, pgDriver, sqliteDriver, startBenchPg, type BenchPg, type RawDriver } from './pg-bench.ts';
import { copySqliteToPg } from './pg-copy.ts';
import { bareFloor, FLOOR_PATH, measureThree, passes, shapeTable, summarise, summaryTable, type ThreeSummary } from './three-way.ts';
import { timeStages } from './waybill-stages.ts';

const TARGET_RATIO = 1.3;
const TARGET_COUNTS_MS = 50;
const WARMUP = { iterations: 10, ms: 5_000 };
const MEASURE = { iterations: 100, ms: 15_000 };
const DAY = 86_400_000;

type Row = Record<string, unknown>;
type Kind = 'list' | 'counts';
interface Shape {
  key: string;
  kind: Kind;
  user: 'dispatcher' | 'carrier';
  label: string;
  body: WaybillQuery;
}

function shapesFor(carrierId: number, now: number, fragment: string): Shape[] {
  const week = [now - 7 * DAY, now];
  const month = [now - 30 * DAY, now];
  // The console's 最近30天 shortcut: today and the 29 days before, Shanghai midnight to the last millisecond.
  const shortcut30 = [dayStart(dayOf(now) - 29), dayStart(dayOf(now) + 1) - 1];
  return [
    { key: 'L1', kind: 'list', user: 'dispatcher', label: 'no filter, default sort (updatedAt desc), page 1', body: {} },
    { key: 'L2', kind: 'list', user: 'dispatcher', label: 'status 400 (运输中), createdAt desc', body: { status: [400], sorts: [{ field: 'createdAt', order: 'desc' }] } },
    { key: 'L3', kind: 'list', user: 'dispatcher', label: `carrierId ${carrierId} + status 500, updatedAt desc, page 5`, body: { carrierId, status: [500], curPage: 5 } },
    { key: 'L4', kind: 'list', user: 'dispatcher', label: 'created in the last 7 days, waybillNo asc', body: { createdAt: week, sorts: [{ field: 'waybillNo', order: 'asc' }] } },
    { key: 'L5', kind: 'list', user: 'dispatcher', label: `waybillNo contains '${fragment}' (a typed number), default sort`, body: { waybillNo: fragment } },
    { key: 'L6', kind: 'list', user: 'carrier', label: 'carrier user: status 300 or 400, default sort', body: { status: [300, 400] } },
    { key: 'C1', kind: 'counts', user: 'dispatcher', label: 'tab counts, no filter', body: {} },
    { key: 'C2', kind: 'counts', user: 'carrier', label: 'tab counts, carrier user', body: {} },
    { key: 'C3', kind: 'counts', user: 'dispatcher', label: `tab counts, carrierId ${carrierId}`, body: { carrierId } },
    { key: 'C4', kind: 'counts', user: 'dispatcher', label: 'tab counts, created in the last 30 x 24 h (bounds inside days)', body: { createdAt: month } },
    { key: 'C5', kind: 'counts', user: 'dispatcher', label: `tab counts, waybillNo contains '${fragment}'`, body: { waybillNo: fragment } },
    { key: 'C6', kind: 'counts', user: 'dispatcher', label: 'tab counts of the base list page (its fixed business type [1])', body: { businessType: [1] } },
    { key: 'C7', kind: 'counts', user: 'dispatcher', label: 'tab counts of the feed raw material line (business types 0,5,6,7,8)', body: { businessType: [0, 5, 6, 7, 8] } },
    { key: 'C8', kind: 'counts', user: 'dispatcher', label: 'tab counts, the 最近30天 shortcut (whole days)', body: { createdAt: shortcut30 } },
    { key: 'C9', kind: 'counts', user: 'carrier', label: 'tab counts, carrier user, the 最近30天 shortcut', body: { createdAt: shortcut30 } },
  ];
}

const PATHS: Record<Kind, string> = { list: '/api/waybill/pageQueryByCondition', counts: '/api/waybill/getWaybillNumberByCondition' };
const elapsed = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

export async function main(args: string[]) {
  const dbAt = args.indexOf('--db');
  const file = dbAt >= 0 ? args[dbAt + 1] : undefined;
  if (dbAt >= 0 && !file) throw new BenchError('--db needs a file');
  const known = ['--rebuild', '--pg', '--generate'];
  const unknown = args.filter((a, i) => !known.includes(a) && i !== dbAt && i !== dbAt + 1);
  if (unknown.length) throw new BenchError(`unknown option(s): ${unknown.join(' ')} (known: --rebuild, --db FILE, --pg, --generate)`);
  const onPg = args.includes('--pg');
  const generate = args.includes('--generate');
  if (generate && !onPg) throw new BenchError('--generate goes with --pg');
  console.log(`== waybill-list: waybill list and status-tab counts over 1,000,000 waybills, on ${onPg ? 'PostgreSQL' : 'SQLite'} ==`);
  const cpu = cpus();
  console.log(`node ${process.version} on ${platform()}/${arch()}, ${cpu.length} CPUs (${cpu[0]?.model.trim() ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM`);
  console.log(`load average ${load()} (1, 5, 15 min)`);
  let pgBench: BenchPg | undefined;
  try {
    const t0 = performance.now();
    let db: Database;
    let driver: RawDriver;
    if (!generate) {
      const bench = await openWaybillBenchDb({ rebuild: args.includes('--rebuild'), file });
      const sqlite = bench.db.$client;
      const one = <T>(sql: string) => sqlite.prepare(sql).get() as T;
      console.log(`SQLite ${one<{ v: string }>('SELECT sqlite_version() AS v').v}; database ${bench.file}: ${bench.built ? `built in ${elapsed(t0)}` : 'reused (pass --rebuild to build again)'}`);
      db = bench.db;
      driver = sqliteDriver(bench.db);
      if (onPg) {
        pgBench = await startBenchPg();
        console.log(`  copying ${bench.file} into it (same rows, the trigger-kept summaries included; bench/pg-copy.ts)`);
        const copy = await copySqliteToPg(bench.db, pgBench);
        console.log(`PostgreSQL data built in ${copy.seconds.toFixed(1)} s (${elapsed(t0)} since the bench began its data)`);
        bench.db.$client.close();
        db = pgBench.db;
        driver = pgDriver(pgBench.raw);
      }
    } else {
      pgBench = await startBenchPg();
      const built = await buildPgWaybills(pgBench);
      console.log(`PostgreSQL data built by the generators in ${built.seconds.toFixed(1)} s`);
      db = pgBench.db;
      driver = pgDriver(pgBench.raw);
    }
    const count = async (sql: string) => (await db.one<{ n: number }>(sql))!.n;
    console.log(
      `waybills ${(await count('SELECT count(*) AS n FROM waybills')).toLocaleString('en')} (corporation 1: ${(await count('SELECT count(*) AS n FROM waybills WHERE corp_id = 1 AND is_deleted = 0')).toLocaleString('en')}),` +
        ` orders ${(await count('SELECT count(*) AS n FROM orders')).toLocaleString('en')}, route nodes ${(await count('SELECT count(*) AS n FROM waybill_nodes')).toLocaleString('en')}`,
    );
    await inProcess(db, driver, pgBench);
  } finally {
    await pgBench?.stop();
  }
}

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

async function inProcess(db: Database, driver: RawDriver, pgBench: BenchPg | undefined) {
  const dialect = db.dialect;
  const registry = holdRegistry();
  const platformApp = await createApp({ db, registry, filesDir: join(BENCH_DIR, 'files') });
  const { app } = platformApp;
  const sessions: Record<string, { token: string; user: SessionUser }> = {};
  for (const userName of ['dispatcher', 'carrier']) {
    const res = await app.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName, password: DEMO_PASSWORD }) });
    const json = (await res.json()) as { code: number; message: string; result: { token: string } };
    if (json.code !== 1) throw new BenchError(`login as ${userName} failed: ${json.message}`);
    const user = await platformApp.sessions.resolve(json.result.token, Date.now());
    if (!user) throw new BenchError(`the session of ${userName} does not resolve`);
    sessions[userName] = { token: json.result.token, user };
  }
  // The busiest carrier that is not the carrier user's own, and a number fragment that some waybills contain.
  const carrierId = (await db.one<{ id: number }>(
    'SELECT carrier_id AS id FROM waybills WHERE corp_id = 1 AND is_deleted = 0 AND carrier_id <> ? GROUP BY carrier_id ORDER BY count(*) DESC LIMIT 1',
    [sessions.carrier.user.partnerId],
  ))!.id;
  const fragment = (await db.one<{ no: string }>('SELECT waybill_no AS no FROM waybills WHERE corp_id = 1 ORDER BY id DESC LIMIT 1'))!.no.slice(-5);
  const now = Date.now();
  const shapes = shapesFor(carrierId, now, fragment);
  const floor = bareFloor();

  console.log(`\n-- engine = app.request(path) incl. reading the response bytes; raw = the same SQL (listSql / countsSql, dialect '${dialect}') on ${driver.label};`);
  console.log(`   floor = raw + a bare Hono POST route answering the engine's bytes (bench/three-way.ts). Warm-up ${WARMUP.iterations} each;`);
  console.log(`   then the three in turns (first side rotating), up to ${MEASURE.iterations} rounds or ${MEASURE.ms / 1000} s per shape --`);
  const summary: (ThreeSummary & { shape: Shape; total: number })[] = [];
  const broken: { key: string; message: string }[] = [];
  for (const shape of shapes) {
    const { token, user } = sessions[shape.user];
    const bodyText = JSON.stringify(shape.body);
    const q = JSON.parse(bodyText) as WaybillQuery;
    const statements = shape.kind === 'list' ? (({ rows, count }) => [rows, count])(listSql(dialect, user, q)) : [countsSql(dialect, user, q)];
    const prepared = statements.map((s) => ({ stmt: driver.prepare(s.sql), params: s.params }));
    const rawAsync = async () => {
      const out: Row[][] = [];
      for (const p of prepared) out.push(await p.stmt(p.params));
      return out;
    };
    // On SQLite the statements answer at once: no await in the timed path.
    const raw = pgBench ? rawAsync : () => prepared.map((p) => p.stmt(p.params) as Row[]);
    const headers = { token, 'content-type': 'application/json' };
    const request = () => app.request(PATHS[shape.kind], { method: 'POST', headers, body: bodyText });
    // Timed: the whole response body read as bytes, what a socket would send. Decoding them into a
    // JS string is the client's work (0.1-0.2 ms for a page of 20 in Node 20's undici; see the stages).
    const engine = async () => {
      const res = await request();
      return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
    };
    const floorCall = async () => (await floor.app.request(FLOOR_PATH, { method: 'POST', headers, body: bodyText })).arrayBuffer();

    // Correctness, once, before any timing: the engine answers what the raw SQL finds.
    const first = await request();
    const e = { status: first.status, text: await first.text() };
    const envelope = JSON.parse(e.text) as { code: number; message: string; result: any };
    if (e.status !== 200 || envelope.code !== 1) {
      // A shape the engine cannot answer on this database is reported and skipped; the others still run.
      let rawOutcome = 'the raw SQL runs';
      try {
        await raw();
      } catch (err) {
        rawOutcome = `the raw SQL fails too: ${(err as Error).message}`;
      }
      const message = `engine answered HTTP ${e.status} code ${envelope.code}: ${envelope.message}; ${rawOutcome}`;
      broken.push({ key: shape.key, message });
      console.log(`\n(${shape.key}) ${shape.label}   [${shape.user}]\n    body ${bodyText}\n    NOT MEASURED: ${message}`);
      continue;
    }
    const r = await raw();
    let total: number;
    if (shape.kind === 'list') {
      total = (r[1][0] as { n: number }).n;
      const ids = (rows: Row[]) => rows.map((x) => x.id).join(',');
      if (envelope.result.totalRecords !== total) throw new BenchError(`${shape.key}: engine totalRecords ${envelope.result.totalRecords} != raw ${total}`);
      if (ids(envelope.result.data) !== ids(r[0])) throw new BenchError(`${shape.key}: engine ids differ from raw ids`);
      if (r[0].length === 0) throw new BenchError(`${shape.key}: the page is empty; the shape measures nothing`);
    } else {
      const rawTabs = new Map(r[0].map((x) => [x.status as number, x.n as number]));
      total = [...rawTabs.values()].reduce((a, b) => a + b, 0);
      for (const tab of envelope.result.tabs as { status: number; count: number }[]) {
        if (tab.count !== (rawTabs.get(tab.status) ?? 0)) throw new BenchError(`${shape.key}: tab ${tab.status}: engine ${tab.count} != raw ${rawTabs.get(tab.status) ?? 0}`);
      }
      if (envelope.result.totalRecords !== total) throw new BenchError(`${shape.key}: engine total ${envelope.result.totalRecords} != raw ${total}`);
    }
    floor.set(async () => {
      await raw();
      return envelope;
    });
    const sameBytes = Buffer.from(await floorCall()).toString() === e.text;

    const samples = await measureThree(
      {
        engine: async () => {
          const out = await engine();
          if (out.status !== 200) throw new BenchError(`${shape.key}: engine answered HTTP ${out.status} during the run`);
        },
        raw,
        floor: floorCall,
      },
      WARMUP,
      MEASURE,
    );
    const s = { ...summarise(shape.key, samples), shape, total };
    summary.push(s);
    console.log(`\n(${shape.key}) ${shape.label}   [${shape.user}]`);
    console.log(
      `    body ${bodyText}; ${shape.kind === 'list' ? 'totalRecords' : 'waybills counted'} ${total.toLocaleString('en')}; response ${Buffer.byteLength(e.text).toLocaleString('en')} bytes` +
        ` (floor's ${sameBytes ? 'identical' : 'DIFFERENT'}); n = ${s.n} rounds; process CPU / wall ${(100 * samples.cpuShare).toFixed(0)}%`,
    );
    console.log(shapeTable(s));
  }

  const countsOk = (s: (typeof summary)[number]) => s.shape.kind !== 'counts' || s.e50 < TARGET_COUNTS_MS;
  console.log(`\nsummary on ${pgBench ? pgBench.version : 'SQLite'} (targets: engine <= ${TARGET_RATIO}x floor at p50; tab counts < ${TARGET_COUNTS_MS} ms at p50 through the engine; times in ms)`);
  console.log(summaryTable(summary, TARGET_RATIO, (s) => {
    const c = summary.find((x) => x.key === s.key)!;
    return c.shape.kind === 'counts' ? `counts ${ms(c.e50)} ms: ${countsOk(c) ? 'PASS' : 'FAIL'} (< ${TARGET_COUNTS_MS})` : '';
  }));
  const failed = summary.filter((s) => !passes(s, TARGET_RATIO) || !countsOk(s));
  const counts = summary.filter((s) => s.shape.kind === 'counts');
  console.log(`tab counts over ${counts.length} shapes: worst p50 ${ms(Math.max(...counts.map((s) => s.e50)))} ms through the engine (limit ${TARGET_COUNTS_MS} ms): ${counts.every(countsOk) ? 'PASS' : 'FAIL'}`);
  for (const b of broken) console.log(`${b.key}: NOT MEASURED (FAIL): ${b.message}`);
  console.log(`load average ${load()}`);
  console.log(failed.length === 0 && broken.length === 0 ? '\nall targets met' : `\ntargets missed by ${[...failed.map((s) => `${s.key}${!passes(s, TARGET_RATIO) ? ` (${ratio(s.e50, s.f50).toFixed(2)}x floor)` : ''}${!countsOk(s) ? ' (counts too slow)' : ''}`), ...broken.map((b) => `${b.key} (engine error)`)].join(', ')}`);

  // Where the fixed cost goes, on the cheapest list and counts shapes.
  for (const key of ['L1', 'L6', 'C2']) {
    const shape = shapes.find((x) => x.key === key)!;
    const { token, user } = sessions[shape.user];
    await timeStages({ key, kind: shape.kind, path: PATHS[shape.kind], body: shape.body }, { app, conn: db, driver, registry: registry.get, user, token, sessions: platformApp.sessions }, TARGET_RATIO);
  }
  registry.close();
  await platformApp.close();
  if (!pgBench) await db.close();
}
