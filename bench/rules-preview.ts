// The 30-day preview of each rule type over the million-waybill bench database (issue 18: under 5 s).
// Part of `npm run bench -- rules`. Each preview judges a rule with no scope, so it covers every
// waybill or order of the window: the worst case a user can ask for. The database is only read.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { openWaybillBenchDb } from './bench-db.ts';
import { previewTemperatureRule } from '../server/domain/rules/preview/temperature-preview.ts';
import { previewDepartureRule } from '../server/domain/rules/preview/departure-preview.ts';
import { previewDelegateRule } from '../server/domain/rules/preview/delegate-preview.ts';
import { BOTH_ACTIONS } from '../server/domain/rules/types/departure.ts';
import { PREVIEW_DAYS } from '../server/domain/rules/preview/preview-table.ts';
import { DAY_MS } from '../server/resources/time.ts';
import { ratio, table } from './stats.ts';

const LIMIT_S = 5;
const CORP = 1;

export async function previewBench(log: (s: string) => void): Promise<boolean> {
  const bench = await openWaybillBenchDb({ log });
  const { db } = bench;
  const first = <T>(sql: string, ...params: unknown[]) => db.$client.prepare(sql).get(...params) as T;
  // The window ends at the newest waybill, so it is full however old the file is.
  const now = first<{ t: number }>('SELECT max(created_at) AS t FROM waybills WHERE corp_id = ?', CORP).t;
  const from = now - PREVIEW_DAYS * DAY_MS;
  const inWindow = (table: string) => first<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE corp_id = ? AND is_deleted = 0 AND created_at BETWEEN ? AND ?`, CORP, from, now).n;
  const carrier = first<{ id: number }>('SELECT id FROM carriers WHERE corp_id = ? AND is_deleted = 0 ORDER BY id LIMIT 1', CORP).id;
  log(`  ${bench.waybills.toLocaleString('en')} waybills, ${bench.orders.toLocaleString('en')} orders in the file; the window holds ${inWindow('waybills').toLocaleString('en')} waybills and ${inWindow('orders').toLocaleString('en')} orders`);

  const cases: [string, () => Promise<string>][] = [
    ['温度规则', async () => {
      const r = await previewTemperatureRule(db, CORP, { ruleName: '基准预览', tempMin: 0, tempMax: 4, toleranceMinutes: 5 }, null, now);
      return `${r.matched} waybills judged, ${r.alarms} alarms`;
    }],
    ['发车规则', async () => {
      const r = await previewDepartureRule(db, CORP, { ruleName: '基准预览', action: BOTH_ACTIONS, message: '车门未关闭', conditions: [{ field: 'doorOpen', operator: 'eq', value: 0 }] }, null, now);
      return `${r.judged} actions judged, ${r.refused} refused`;
    }],
    ['委托规则', async () => {
      const r = await previewDelegateRule(db, CORP, { ruleName: '基准预览', delegateCarrierId: carrier }, null, now);
      return `${r.matched} orders judged, ${r.delegated} delegated`;
    }],
  ];
  // CPU seconds beside the wall seconds: on two shared cores the wall mostly measures the wait for a core
  // (the process's CPU time, garbage collector threads included, is the figure to compare between runs).
  const rows: (string | number)[][] = [['preview (30 days)', 'what it judged', 'seconds', 'cpu s', `limit ${LIMIT_S} s`, 'ratio']];
  let met = true;
  log(`  load average before: ${loadavg().map((x) => x.toFixed(2)).join(', ')}`);
  for (const [name, run] of cases) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const what = await run();
    const used = process.cpuUsage(cpu);
    const seconds = (performance.now() - started) / 1000;
    met &&= seconds < LIMIT_S;
    rows.push([name, what, seconds.toFixed(2), ((used.user + used.system) / 1e6).toFixed(2), seconds < LIMIT_S ? 'met' : 'NOT met', ratio(seconds, LIMIT_S).toFixed(2)]);
  }
  log(table(rows));
  log(`  load average after: ${loadavg().map((x) => x.toFixed(2)).join(', ')}`);
  db.$client.close();
  return met;
}
