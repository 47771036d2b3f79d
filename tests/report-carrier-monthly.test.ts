// report/carrier-monthly reads the trigger-kept summary waybill_day_stats. Its rows and totals are
// checked here against the DETAIL data (waybills, their end nodes, carriers) grouped in plain JS, before
// and after writes, so a wrong trigger shows up as a wrong report. Also: whole-day creation ranges,
// carrier scoping, customers refused, and a summary report refused at load without its scope columns.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRegistry, SCHEMAS_DIR } from '../server/registry/load.ts';
import { SchemaError } from '../server/registry/types.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { seedReportData } from './reports-fixture.ts';
import { insertWaybill } from './support/waybill-fixture.ts';
import { compileReport } from '../server/reports/compile.ts';
import type { ReportFile } from '../server/reports/types.ts';
import type { SessionUser } from '../server/http/context.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
type Row = Record<string, any>;
interface Search { carrierId?: number[]; createdAt?: [number | null, number | null]; businessType?: number[] }

let t: TestApp;

const localDay = (ms: number) => Math.floor((ms + 8 * HOUR) / DAY);
const month = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 7);

/** The report as a user would compute it from the detail: live waybills with an end node, by carrier and creation month. */
async function expected(carrierOnly: number | null, search: Search = {}) {
  const names = new Map((await t.db.all<Row>('SELECT id, carrier_name FROM carriers')).map((c) => [c.id, c.carrier_name]));
  const ends = await t.db.all<Row>(`SELECT w.id, w.carrier_id, w.business_type, w.created_at, n.actual_arrive_time, n.required_arrive_time, n.arrive_state
    FROM waybills w JOIN waybill_nodes n ON n.waybill_id = w.id AND n.node_type = 'end' WHERE w.corp_id = 1 AND w.is_deleted = 0`);
  const groups = new Map<string, Row>();
  const add = (g: Row, e: Row) => {
    g.ids.add(e.id);
    if (e.actual_arrive_time !== null) g.arrivedCount++;
    if (e.arrive_state === 1 || e.arrive_state === 2) g.onTimeCount++;
    if (e.arrive_state === 3) {
      g.lateCount++;
      if (e.actual_arrive_time !== null && e.required_arrive_time !== null) g.lateMinutes = (g.lateMinutes ?? 0) + (e.actual_arrive_time - e.required_arrive_time) / 60_000;
    }
  };
  const empty = () => ({ ids: new Set<number>(), arrivedCount: 0, onTimeCount: 0, lateCount: 0, lateMinutes: null });
  const total: Row = empty();
  const [from, to] = search.createdAt ?? [null, null];
  for (const e of ends) {
    const carrierId = e.carrier_id ?? 0;
    if (carrierOnly !== null && carrierId !== carrierOnly) continue;
    if (search.carrierId && !search.carrierId.includes(carrierId)) continue;
    if (search.businessType && !search.businessType.includes(e.business_type)) continue;
    if ((from !== null && localDay(e.created_at) < localDay(from)) || (to !== null && localDay(e.created_at) > localDay(to))) continue;
    const key = { carrierId, carrierName: names.get(e.carrier_id) ?? '未指定承运商', month: month(e.created_at) };
    const k = JSON.stringify(key);
    if (!groups.has(k)) groups.set(k, { ...key, ...empty() });
    add(groups.get(k)!, e);
    add(total, e);
  }
  const finish = ({ ids, ...g }: Row): Row => ({
    ...g,
    waybillCount: ids.size,
    onTimeRate: g.arrivedCount ? Math.round((g.onTimeCount * 10000) / g.arrivedCount) / 100 : null,
    lateMinutes: g.lateMinutes === null ? null : Math.round(g.lateMinutes * 10) / 10,
  });
  return { rows: [...groups.values()].map(finish), totals: finish(total) };
}

async function expectReport(userName: string, carrierOnly: number | null, search: Search = {}) {
  const caller = await t.as(userName);
  const page = await caller.post('/report/carrier-monthly/query', { ...search, curPage: 1, pageSize: 1000 });
  expect(page.code, page.message).toBe(1);
  const want = await expected(carrierOnly, search);
  const sortKey = (r: Row) => `${r.carrierId}|${r.month}`;
  const sorted = (rows: Row[]) => [...rows].sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
  expect(page.result.totalRecords).toBe(want.rows.length);
  expect(sorted(page.result.data)).toEqual(sorted(want.rows));
  const totals = await caller.post('/report/carrier-monthly/total', search);
  expect(totals.result).toEqual(want.totals);
  return want;
}

const carriers = async () => (await t.db.all<Row>('SELECT id FROM carriers WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 3')).map((r) => r.id as number);

beforeAll(async () => {
  t = await createTestApp();
  await seedReportData(t.db);
});

describe('report/carrier-monthly over the summary equals the detail data', () => {
  it('for staff: every carrier and month, with on-time rate and late minutes', async () => {
    const want = await expectReport('admin', null);
    expect(new Set(want.rows.map((r) => r.month)).size).toBeGreaterThan(1);
    expect(new Set(want.rows.map((r) => r.carrierId)).size).toBeGreaterThan(2);
    expect(want.rows.some((r) => r.lateMinutes > 0 && r.onTimeRate > 0)).toBe(true);
  });

  it('after writes to waybills and nodes (arrival, carrier change, soft delete, a new waybill)', async () => {
    const [a, b] = await carriers();
    const ids = (await t.db.all<Row>('SELECT id FROM waybills WHERE corp_id = 1 ORDER BY id')).map((r) => r.id);
    await t.db.run("UPDATE waybill_nodes SET actual_arrive_time = required_arrive_time + 3600000, arrive_state = 3 WHERE waybill_id = ? AND node_type = 'end'", [ids[0]]);
    await t.db.run('UPDATE waybills SET carrier_id = ? WHERE id = ?', [b, ids[1]]);
    await t.db.run('UPDATE waybills SET carrier_id = ?, business_type = 2 WHERE id = ?', [a, ids[2]]);
    await t.db.run('UPDATE waybills SET is_deleted = 1 WHERE id = ?', [ids[3]]);
    const fresh = await insertWaybill(t.db, { carrierId: b, now: Date.UTC(2026, 10, 5, 4) });
    await t.db.run('UPDATE waybill_nodes SET actual_arrive_time = required_arrive_time - 600000, arrive_state = 2 WHERE id = ?', [fresh.nodes.end]);
    const dispatcher = await t.as('dispatcher');
    // Through the endpoint: an untouched waybill (the fixture's 7th) is soft deleted.
    const removed = await dispatcher.post('/waybill/batchDeleteWaybill', { ids: [ids[6]] });
    expect(removed.result).toMatchObject({ successCount: 1 });
    await expectReport('admin', null);
    await expectReport('admin', null, { businessType: [2] });
  });

  it('search by carrier, business type and a creation range of whole days', async () => {
    const [a] = await carriers();
    // 20:00 on 1 Sep 2026 in Shanghai: the whole of 1 Sep counts, as the date picker means it.
    const from = Date.UTC(2026, 8, 1, 12);
    const want = await expectReport('admin', null, { carrierId: [a], createdAt: [from, null] });
    expect(want.rows.length).toBeGreaterThan(0);
    const firstDay = (await t.db.one<Row>('SELECT count(*) AS n FROM waybills WHERE carrier_id = ? AND created_at >= ? AND created_at < ? AND is_deleted = 0',
      [a, Date.UTC(2026, 7, 31, 16), from]))!;
    expect(firstDay.n).toBeGreaterThan(0);
    const to = Date.UTC(2026, 9, 3, 2);
    const narrow = await expectReport('admin', null, { createdAt: [from, to], businessType: [1] });
    expect(narrow.totals.waybillCount).toBeLessThan((await expectReport('admin', null)).totals.waybillCount);
  });

  it('a carrier user sees only its own carrier; a customer user is refused', async () => {
    const partner = (await t.db.one<Row>("SELECT partner_id AS id FROM users WHERE user_name = 'carrier'"))!.id;
    const own = await expectReport('carrier', partner);
    expect(own.rows.length).toBeGreaterThan(0);
    // The demo customer role is not granted this report; granted here, the summary's scope still refuses it.
    await t.db.run(`INSERT INTO role_operations (corp_id, role_id, operation_id)
      SELECT u.corp_id, ur.role_id, 'reportCarrierMonthly' FROM users u JOIN user_roles ur ON ur.user_id = u.id WHERE u.user_name = 'customer'
      ON CONFLICT DO NOTHING`);
    const customer = await t.as('customer');
    expect(await customer.post('/report/carrier-monthly/query', {})).toMatchObject({ code: 104, message: '没有操作权限' });
    expect(await customer.post('/report/carrier-monthly/total', {})).toMatchObject({ code: 104, message: '没有操作权限' });
    // Its export is refused when asked for, not left to fail as a task.
    const tasks = async () => (await t.db.one<Row>('SELECT count(*) AS n FROM export_tasks'))!.n;
    const before = await tasks();
    expect(await customer.post('/exportCenter/create', { pageId: 'report/carrier-monthly' })).toMatchObject({ code: 104, message: '没有操作权限' });
    expect(await tasks()).toBe(before);
  });
});

describe('summary reports are checked at load', () => {
  it('a summary scope needs corp_id and carrier_id; a day grain needs a range', () => {
    const root = join(mkdtempSync(join(tmpdir(), 'huoyun-schemas-')), 'schemas');
    cpSync(SCHEMAS_DIR, root, { recursive: true });
    const file = join(root, 'reports', 'carrier-monthly.json');
    const report = JSON.parse(readFileSync(file, 'utf8'));
    report.scope = { by: 'summary', alias: 'cr' };
    report.filters[0].grain = 'day';
    writeFileSync(file, JSON.stringify(report));
    const problems: SchemaError[] = [];
    loadRegistry(root, problems);
    const details = problems.map((p) => `${p.file} ${p.pointer} ${p.detail}`);
    expect(details).toEqual(expect.arrayContaining([
      'schemas/reports/carrier-monthly.json /scope/alias 按summary限定数据范围时，数据表carriers应有字段: carrier_id',
      'schemas/reports/carrier-monthly.json /filters/0/grain 按天取整只用于 range 条件: carrierId',
    ]));
  });
});

describe('the corporation-wide page groups in the summary key order', () => {
  const staff = { corpId: 1, userType: 0 } as SessionUser;
  const compiled = (report: ReportFile) => compileReport(report, staff, { curPage: 1, pageSize: 20 }, t.registry.get().resources, t.db.dialect).rows;

  it('groups by carrier and the stored month without sorting the rows; the carrier name, fixed by the id, is not grouped by', async () => {
    const report = t.registry.get().reports.get('report/carrier-monthly')!;
    const rows = compiled(report);
    // PostgreSQL wants every selected column grouped (the name depends on the join's key, not on s.carrier_id).
    expect(rows.sql).toContain(t.db.dialect === 'sqlite' ? 'GROUP BY s.carrier_id, s.month ORDER BY' : 'GROUP BY s.carrier_id, cr.carrier_name, s.month ORDER BY');
    // The plan is SQLite's (EXPLAIN QUERY PLAN has no PostgreSQL counterpart with these words).
    if (t.db.dialect === 'sqlite') {
      const plan = (await t.db.all<Row>(`EXPLAIN QUERY PLAN ${rows.sql}`, rows.params)).map((r) => r.detail);
      expect(plan).not.toContain('USE TEMP B-TREE FOR GROUP BY');
    }
  });

  it('a joined column is still grouped by when its join is not the joined table primary key', () => {
    const report = structuredClone(t.registry.get().reports.get('report/carrier-monthly')!);
    report.joins![0].on = { 'cr.carrier_code': 's.carrier_id' };
    expect(compiled(report).sql).toContain('GROUP BY s.carrier_id, cr.carrier_name, s.month ORDER BY');
  });
});
