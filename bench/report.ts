// npm run bench -- report: report/carrier-monthly (by carrier and month: counts, on-time rate, late
// minutes) over the 1,000,000-waybill bench database (bench-db.ts, shared with waybill-list). The
// report reads the trigger-kept summary waybill_day_stats. Each shape goes through the real endpoint
// (app.request, incl. reading the response) and, side by side, the same compiled SQL run directly on
// better-sqlite3. The report as declared before the summary (over waybills joined with their end
// nodes, report-detail.ts) runs once for comparison, in a child process stopped after 20 s.
// --pg: the same on a throwaway PostgreSQL holding a copy of the same file (bench/pg-copy.ts): raw on
// `pg`, and the detail query with a 20 s statement_timeout instead of a child process.
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { holdRegistry } from '../server/registry/holder.ts';
import { createApp } from '../server/app.ts';
import { compileReport, TOTAL_COLUMN, type ReportRequest } from '../server/reports/compile.ts';
import type { SessionUser } from '../server/http/context.ts';
import { DEMO_PASSWORD } from '../scripts/seed-demo.ts';
import { BENCH_DIR, openWaybillBenchDb } from './bench-db.ts';
import type { Database } from '../server/db/port.ts';
import { pgDriver, sqliteDriver, startBenchPg, type BenchPg, type RawDriver } from './pg-bench.ts';
import { copySqliteToPg } from './pg-copy.ts';
import { DETAIL_CARRIER_MONTHLY, runDetailOnce, runDetailOncePg } from './report-detail.ts';
import { BenchError, ms, percentile, ratio, table } from './stats.ts';

const MAX_ROUNDS = 40;
const SHAPE_SECONDS = 15;
const DETAIL_LIMIT_MS = 20_000;
const TARGET_RATIO = 1.2;
const TARGET_MS = 300;

type Row = Record<string, unknown>;
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

export async function main(args: string[]) {
  const known = ['--rebuild', '--pg'];
  const unknown = args.filter((a) => !known.includes(a));
  if (unknown.length) throw new BenchError(`unknown option(s): ${unknown.join(' ')} (known: ${known.join(', ')})`);
  const onPg = args.includes('--pg');
  console.log(`== report: report/carrier-monthly (by carrier and month: counts, on-time rate, late minutes) over 1,000,000 waybills, on ${onPg ? 'PostgreSQL' : 'SQLite'} ==`);
  console.log(`node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), load average ${load()}`);
  const opened = performance.now();
  const bench = await openWaybillBenchDb({ rebuild: args.includes('--rebuild') });
  console.log(`database ${bench.file} open (migrations incl. any summary backfill) in ${((performance.now() - opened) / 1000).toFixed(1)} s`);
  let pgBench: BenchPg | undefined;
  try {
    let db: Database = bench.db;
    let driver: RawDriver = sqliteDriver(bench.db);
    if (onPg) {
      pgBench = await startBenchPg();
      console.log(`  copying ${bench.file} into it (same rows, waybill_day_stats included; bench/pg-copy.ts)`);
      const copy = await copySqliteToPg(bench.db, pgBench);
      console.log(`PostgreSQL data built in ${copy.seconds.toFixed(1)} s`);
      bench.db.$client.close();
      db = pgBench.db;
      driver = pgDriver(pgBench.raw);
    }
    await run(db, driver, bench.file, pgBench);
  } finally {
    await pgBench?.stop();
  }
}

async function run(db: Database, driver: RawDriver, file: string, pgBench: BenchPg | undefined) {
  const dialect = db.dialect;
  const stats = (await db.one<{ n: number; w: number }>('SELECT count(*) AS n, sum(waybill_count) AS w FROM waybill_day_stats'))!;
  const count = async (sql: string) => (await db.one<{ n: number }>(sql))!.n;
  console.log(`waybills ${(await count('SELECT count(*) AS n FROM waybills')).toLocaleString('en')}, route nodes ${(await count('SELECT count(*) AS n FROM waybill_nodes')).toLocaleString('en')}; waybill_day_stats: ${stats.n.toLocaleString('en')} rows summing ${stats.w.toLocaleString('en')} waybills`);

  const registry = holdRegistry();
  const platform = await createApp({ db, registry, filesDir: join(BENCH_DIR, 'files') });
  const session = async (userName: string) => {
    const res = await platform.app.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName, password: DEMO_PASSWORD }) });
    const token = ((await res.json()) as { result: { token: string } }).result.token;
    const user = await platform.sessions.resolve(token, Date.now());
    if (!user) throw new BenchError(`${userName} session does not resolve`);
    return { token, user };
  };
  const dispatcher = await session('dispatcher');
  const carrier = await session('carrier');
  const report = registry.get().reports.get('report/carrier-monthly')!;
  const resources = registry.get().resources;
  const busiest = (await db.one<{ id: number; n: number }>('SELECT carrier_id AS id, sum(waybill_count) AS n FROM waybill_day_stats WHERE corp_id = 1 AND carrier_id > 0 GROUP BY carrier_id ORDER BY n DESC LIMIT 1'))!;

  const shapes: { key: string; label: string; who: { token: string; user: SessionUser }; body: ReportRequest }[] = [
    { key: 'R1', label: 'whole corporation, page 1 of 20', who: dispatcher, body: { curPage: 1, pageSize: 20 } },
    { key: 'R2', label: 'created in the last 90 days', who: dispatcher, body: { curPage: 1, pageSize: 20, createdAt: [Date.now() - 90 * 86_400_000, null] } },
    { key: 'R3', label: `one carrier (${busiest.n.toLocaleString('en')} waybills)`, who: dispatcher, body: { curPage: 1, pageSize: 20, carrierId: [busiest.id] } },
    { key: 'R4', label: 'carrier user (own rows only)', who: carrier, body: { curPage: 1, pageSize: 20 } },
  ];

  const out: (string | number)[][] = [['shape', 'groups', 'endpoint p50', 'endpoint p99', 'cpu/req', 'raw SQL p50', 'ratio p50', 'totals p50', 'n', 'verdict (<= 1.2x and < 300 ms)']];
  let r1Rows: Row[] = [];
  for (const s of shapes) {
    const { rows: q } = compileReport(report, s.who.user, s.body, resources, dialect);
    const stmt = driver.prepare(q.sql);
    const raw = () => stmt(q.params);
    const call = async (path: string, body: unknown) => {
      const res = await platform.app.request(`/api/report/carrier-monthly/${path}`, { method: 'POST', headers: { token: s.who.token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return JSON.parse(await res.text()) as { code: number; message: string; result: { totalRecords: number; data: Row[] } & Row };
    };
    const first = await call('query', s.body);
    if (first.code !== 1) throw new BenchError(`${s.key}: ${first.message}`);
    // The endpoint names the "no carrier" group (carrierId 0), which the statement leaves null: the one known difference.
    const rawRows = (await raw()).map(({ [TOTAL_COLUMN]: _, ...r }) =>
      r.carrierId === 0 && r.carrierName === null ? { ...r, carrierName: first.result.data.find((x) => x.carrierId === 0)?.carrierName ?? null } : r);
    if (JSON.stringify(first.result.data) !== JSON.stringify(rawRows)) throw new BenchError(`${s.key}: endpoint and raw SQL rows differ`);
    if (s.key === 'R1') r1Rows = first.result.data;
    for (let i = 0; i < 3; i++) (await call('query', s.body), await raw());
    const e: number[] = [];
    const r: number[] = [];
    const t: number[] = [];
    let cpu = 0;
    const until = performance.now() + SHAPE_SECONDS * 1000;
    for (let i = 0; i < MAX_ROUNDS && performance.now() < until; i++) {
      // The side that runs first alternates, so neither always meets a warmer cache.
      const endpoint = async () => {
        const c = process.cpuUsage();
        const at = performance.now();
        await call('query', s.body);
        e.push(performance.now() - at);
        cpu += cpuMs(process.cpuUsage(c));
      };
      const direct = async () => {
        const at = performance.now();
        const rows = raw();
        if (rows instanceof Promise) await rows;
        r.push(performance.now() - at);
      };
      if (i % 2) (await direct(), await endpoint());
      else (await endpoint(), await direct());
      const at = performance.now();
      await call('total', s.body);
      t.push(performance.now() - at);
    }
    const e50 = percentile(e, 50);
    const r50 = percentile(r, 50);
    const ok = ratio(e50, r50) <= TARGET_RATIO && e50 < TARGET_MS;
    out.push([`${s.key} ${s.label}`, first.result.totalRecords, ms(e50), ms(percentile(e, 99)), ms(cpu / e.length), ms(r50), `${ratio(e50, r50).toFixed(2)}x`, ms(percentile(t, 50)), e.length,
      ok ? 'met' : `NOT met (${ratio(e50, r50) > TARGET_RATIO ? `ratio ${ratio(e50, r50).toFixed(2)}x` : ''}${e50 >= TARGET_MS ? ` ${ms(e50)} ms` : ''})`]);
  }
  console.log(`times in ms; endpoint = app.request + response text; raw = the same compiled statement on ${driver.label}`);
  console.log(table(out));

  console.log(`-- the report over the detail (waybills JOIN waybill_nodes, before the summary), shape R1, once, limit ${DETAIL_LIMIT_MS / 1000} s --`);
  const detail = compileReport(DETAIL_CARRIER_MONTHLY, dispatcher.user, { curPage: 1, pageSize: 20 }, resources, dialect).rows;
  const run = pgBench ? await runDetailOncePg(pgBench.url, detail.sql, detail.params, DETAIL_LIMIT_MS) : await runDetailOnce(file, detail.sql, detail.params, DETAIL_LIMIT_MS);
  if (!run.finished) console.log(`  did not finish within ${run.limitMs / 1000} s (stopped); the summary answers R1 in the time above`);
  else {
    // The detail has no row for "no carrier" as 0: its carrierId (and name) is null there; the endpoint names that group.
    const noCarrier = r1Rows.find((x) => x.carrierId === 0)?.carrierName ?? null;
    const same = JSON.stringify(run.rows.map(({ [TOTAL_COLUMN]: _, ...r }) => ({ ...r, carrierId: r.carrierId ?? 0, carrierName: r.carrierId == null ? noCarrier : r.carrierName }))) === JSON.stringify(r1Rows);
    console.log(`  ${ms(run.wall, 0)} ms wall, ${ms(run.cpu, 0)} ms CPU (${pgBench ? 'this process; the query runs in the PostgreSQL server' : 'child process'}); its page ${same ? 'EQUALS' : 'DIFFERS FROM'} the summary's R1 page`);
  }
  registry.close();
  await platform.close();
  console.log(`load average at the end ${load()}`);
}
