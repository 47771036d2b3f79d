// npm run bench -- report: the carrier-by-month report (waybill count, sums, on-time rate) over the
// 1,000,000-waybill bench database (bench-db.ts, shared with waybill-list), through the real
// endpoint (app.request, incl. the response) vs the same compiled SQL run directly on better-sqlite3.
import { join } from 'node:path';
import { holdRegistry } from '../server/registry/holder.ts';
import { createApp } from '../server/app.ts';
import { compileReport } from '../server/reports/compile.ts';
import { DEMO_PASSWORD } from '../scripts/seed-demo.ts';
import { BENCH_DIR, openWaybillBenchDb } from './bench-db.ts';
import { BenchError, ms, percentile, ratio, table } from './stats.ts';

const ROUNDS = 15;

export async function main(args: string[]) {
  console.log('== report: report/carrier-monthly (by carrier and month: counts, late minutes, on-time rate) over 1,000,000 waybills ==');
  const bench = openWaybillBenchDb({ rebuild: args.includes('--rebuild') });
  const sqlite = bench.db.$client;
  console.log(`waybills ${bench.waybills.toLocaleString('en')}, route nodes ${bench.nodes.toLocaleString('en')}`);
  const registry = holdRegistry();
  const platformApp = createApp({ db: bench.db, registry, filesDir: join(BENCH_DIR, 'files') });
  const login = await platformApp.app.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'dispatcher', password: DEMO_PASSWORD }) });
  const token = ((await login.json()) as { result: { token: string } }).result.token;
  const user = platformApp.sessions.resolve(token, Date.now());
  if (!user) throw new BenchError('dispatcher session does not resolve');
  const report = registry.get().reports.get('report/carrier-monthly')!;
  const shapes = [
    { key: 'R1', label: 'whole corporation, default sort, page 1 of 20', body: { curPage: 1, pageSize: 20 } },
    { key: 'R2', label: 'created in the last 90 days', body: { curPage: 1, pageSize: 20, createdAt: [Date.now() - 90 * 86_400_000, null] } },
  ];
  const rows: (string | number)[][] = [['shape', 'groups', 'endpoint p50 ms', 'raw SQL p50 ms', 'ratio', 'endpoint p99 ms', 'target']];
  for (const s of shapes) {
    const { rows: q } = compileReport(report, user, s.body, registry.get().resources);
    const stmt = sqlite.prepare(q.sql);
    const raw = () => stmt.all(...q.params);
    const endpoint = async () => {
      const res = await platformApp.app.request('/api/report/carrier-monthly/query', { method: 'POST', headers: { token, 'content-type': 'application/json' }, body: JSON.stringify(s.body) });
      return JSON.parse(await res.text()) as { code: number; message: string; result: { totalRecords: number; data: unknown[] } };
    };
    const first = await endpoint();
    if (first.code !== 1) throw new BenchError(`${s.key}: ${first.message}`);
    if (first.result.data.length !== raw().length) throw new BenchError(`${s.key}: endpoint and raw SQL differ`);
    const e: number[] = [];
    const r: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      let t = performance.now();
      await endpoint();
      e.push(performance.now() - t);
      t = performance.now();
      raw();
      r.push(performance.now() - t);
    }
    const e50 = percentile(e, 50);
    const r50 = percentile(r, 50);
    rows.push([`${s.key} ${s.label}`, first.result.totalRecords, ms(e50), ms(r50), ratio(e50, r50).toFixed(2), ms(percentile(e, 99)), '<= 1.2x and < 300 ms']);
  }
  console.log(table(rows));
}
