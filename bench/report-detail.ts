// The peer of the report bench: report/carrier-monthly as it was declared before the summary table,
// over the detail (waybills joined with their end nodes), compiled by the same compiler. It is run
// once, in a child process that is stopped after a time limit, since SQLite cannot be interrupted
// from JavaScript in the same thread.
import { spawn } from 'node:child_process';
import pg from 'pg';
import { toPostgres } from '../server/db/postgres.ts';
import type { ReportFile } from '../server/reports/types.ts';

export const DETAIL_CARRIER_MONTHLY: ReportFile = {
  id: 'report/carrier-monthly',
  title: '承运商月度运输统计 (detail)',
  operationId: 'reportCarrierMonthly',
  source: { table: 'waybills', alias: 'w' },
  joins: [
    { table: 'carriers', alias: 'cr', type: 'left', on: { 'cr.id': 'w.carrier_id' } },
    { table: 'waybill_nodes', alias: 'n', on: { 'n.waybill_id': 'w.id' } },
  ],
  scope: { by: 'waybill', alias: 'w' },
  where: [{ field: 'n.node_type', op: 'eq', value: 'end' }],
  dimensions: [
    { id: 'carrierId', title: '承运商ID', field: 'w.carrier_id', hidden: true },
    { id: 'carrierName', title: '承运商', field: 'cr.carrier_name' },
    { id: 'month', title: '月份', field: 'w.created_at', grain: 'month' },
  ],
  measures: [
    { id: 'waybillCount', title: '运单数', agg: 'countDistinct', field: 'w.id' },
    { id: 'arrivedCount', title: '已到达数', agg: 'count', field: 'n.id', where: [{ field: 'n.actual_arrive_time', op: 'notNull' }] },
    { id: 'onTimeCount', title: '准时到达数', agg: 'count', field: 'n.id', where: [{ field: 'n.arrive_state', op: 'in', values: [1, 2] }] },
    { id: 'lateCount', title: '晚点数', agg: 'count', field: 'n.id', where: [{ field: 'n.arrive_state', op: 'eq', value: 3 }] },
    { id: 'onTimeRate', title: '准时率(%)', agg: 'ratio', numerator: 'onTimeCount', denominator: 'arrivedCount', percent: true, decimals: 2 },
    { id: 'lateMinutes', title: '晚点总时长(分钟)', agg: 'sum', field: 'n.actual_arrive_time', minus: 'n.required_arrive_time', divideBy: 60000, decimals: 1, where: [{ field: 'n.arrive_state', op: 'eq', value: 3 }] },
  ],
  filters: [
    { id: 'carrierId', label: '承运商', field: 'w.carrier_id', op: 'in' },
    { id: 'createdAt', label: '创建时间', field: 'w.created_at', op: 'range' },
  ],
  sort: { default: [{ field: 'month', order: 'desc' }] },
};

const CHILD = `
import Database from 'better-sqlite3';
const { file, sql, params } = JSON.parse(process.env.REPORT_DETAIL_QUERY);
const db = new Database(file, { readonly: true, fileMustExist: true });
const cpu = process.cpuUsage();
const started = performance.now();
const rows = db.prepare(sql).all(...params);
const wall = performance.now() - started;
const used = process.cpuUsage(cpu);
process.stdout.write(JSON.stringify({ wall, cpu: (used.user + used.system) / 1000, rows }));
`;

export type DetailRun = { finished: true; wall: number; cpu: number; rows: Record<string, unknown>[] } | { finished: false; limitMs: number };

/** Runs one query on a read-only connection of its own in a child process; gives up after `limitMs`. */
export function runDetailOnce(file: string, sql: string, params: unknown[], limitMs: number): Promise<DetailRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], {
      cwd: process.cwd(),
      env: { ...process.env, REPORT_DETAIL_QUERY: JSON.stringify({ file, sql, params }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve({ finished: true, ...JSON.parse(out) });
      else resolve({ finished: false, limitMs });
    });
  });
}

/** The same on PostgreSQL: a connection of its own whose server stops the statement after `limitMs`. */
export async function runDetailOncePg(url: string, sql: string, params: unknown[], limitMs: number): Promise<DetailRun> {
  const client = new pg.Client({ connectionString: url, statement_timeout: limitMs, types: { getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === 20 || oid === 1700 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) } });
  await client.connect();
  try {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const rows = (await client.query(toPostgres(sql), params)).rows as Record<string, unknown>[];
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    return { finished: true, wall, cpu: (used.user + used.system) / 1000, rows };
  } catch (err) {
    if ((err as { code?: string }).code === '57014') return { finished: false, limitMs };
    throw err;
  } finally {
    await client.end();
  }
}
