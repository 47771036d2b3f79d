// Every report file against an independent in-memory evaluation of the same data: rows (all
// pages), totals, scoping for customer and carrier users, sorting and paging.
import BetterSqlite3 from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { seedReportData } from './reports-fixture.ts';
import { seedSettlementReportData } from './support/settlement-report-fixture.ts';
import { expectedReport, type Viewer } from './reports-expected.ts';
import type { ReportFile } from '../server/reports/types.ts';

let t: TestApp;
/** The data as the evaluation reads it (see evaluatorCopy). */
let copy: BetterSqlite3.Database;
const reports = () => [...t.registry.get().reports.values()];
const name = (r: ReportFile) => r.id.replace('report/', '');

function close(actual: unknown, expected: unknown, decimals: number | undefined, where: string) {
  if (typeof expected === 'number' && typeof actual === 'number') {
    expect(Math.abs(actual - expected), `${where}: ${actual} vs ${expected}`).toBeLessThanOrEqual(decimals === undefined ? 1e-6 : 0.5 * 10 ** -decimals + 1e-9);
  } else expect(actual, where).toEqual(expected);
}

function compare(report: ReportFile, got: Record<string, unknown>[], want: Record<string, unknown>[], where: string) {
  const key = (r: Record<string, unknown>) => JSON.stringify(report.dimensions.map((d) => r[d.id]));
  const byKey = new Map(got.map((r) => [key(r), r]));
  expect(got.length, `${where}: number of rows`).toBe(want.length);
  for (const w of want) {
    const g = byKey.get(key(w));
    expect(g, `${where}: group ${key(w)}`).toBeDefined();
    for (const m of report.measures) close(g![m.id], w[m.id], m.agg === 'count' || m.agg === 'countDistinct' ? undefined : m.decimals ?? (m.agg === 'ratio' ? 2 : undefined), `${where} ${key(w)} ${m.id}`);
  }
}

async function allRows(caller: Awaited<ReturnType<TestApp['as']>>, report: ReportFile, body: object = {}) {
  const r = await caller.post(`/report/${name(report)}/query`, { ...body, curPage: 1, pageSize: 1000 });
  expect(r.code, `${report.id}: ${r.message}`).toBe(1);
  return r.result;
}

const viewerOf = async (userName: string): Promise<Viewer> =>
  (await t.db.one<Viewer>('SELECT corp_id AS corpId, user_type AS userType, partner_id AS partnerId FROM users WHERE user_name = ?', [userName]))!;

/**
 * The independent evaluation (reports-expected.ts) reads plain rows through a better-sqlite3 handle:
 * here a scratch in-memory copy of every table the reports read, each row taken as it is through the
 * port, whichever engine the test runs on. The tests write nothing after the seed, so one copy serves all.
 */
async function evaluatorCopy(): Promise<BetterSqlite3.Database> {
  const tables = new Set(['waybills', 'waybill_orders', 'orders']);
  for (const r of reports()) {
    tables.add(r.source.table);
    for (const j of r.joins ?? []) tables.add(j.table);
  }
  const scratch = new BetterSqlite3(':memory:');
  for (const name of tables) {
    const rows = await t.db.all<Record<string, unknown>>(`SELECT * FROM ${name}`);
    const columns = rows.length ? Object.keys(rows[0]) : ['id'];
    scratch.exec(`CREATE TABLE "${name}" (${columns.map((c) => `"${c}"`).join(', ')})`);
    const insert = scratch.prepare(`INSERT INTO "${name}" VALUES (${columns.map(() => '?').join(', ')})`);
    scratch.transaction(() => rows.forEach((r) => insert.run(columns.map((c) => r[c]))))();
  }
  return scratch;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedReportData(t.db);
  await seedSettlementReportData(t.db);
  copy = await evaluatorCopy();
});

const CUSTOMER_REFUSED = ['report/fee-deductions', 'report/allowances'];

describe('every report matches an independent evaluation of the data', () => {
  it('there are at least 20 reports, each with rows over the fixture data', async () => {
    expect(reports().length).toBeGreaterThanOrEqual(20);
    const admin = await t.as('admin');
    for (const report of reports()) {
      const page = await allRows(admin, report);
      expect(page.data.length, `${report.id} has rows`).toBeGreaterThan(0);
    }
  });

  for (const userName of ['admin', 'customer', 'carrier']) {
    it(`rows and totals for ${userName}`, async () => {
      const caller = await t.as(userName);
      const viewer = await viewerOf(userName);
      const granted = new Set((await t.db.all<{ op: string }>(`SELECT DISTINCT ro.operation_id AS op FROM users u JOIN user_roles ur ON ur.user_id = u.id
        JOIN role_operations ro ON ro.role_id = ur.role_id WHERE u.user_name = ?`, [userName])).map((r) => r.op));
      for (const report of reports()) {
        if (!granted.has(report.operationId)) {
          // The settlement reports of the other side (a customer's payables) are not granted: refused, not empty.
          expect((await caller.post(`/report/${name(report)}/query`, {})).code, report.id).toBe(104);
          continue;
        }
        // Settlement reports say what carriers are charged and paid: a customer user is refused them.
        if (viewer.userType === 1 && (report.scope.by === 'summary' || CUSTOMER_REFUSED.includes(report.id))) {
          // A summary table cannot be cut to one customer's waybills: refused, not summed over others'.
          const refused = await caller.post(`/report/${name(report)}/query`, {});
          expect(refused, report.id).toMatchObject({ code: 104, message: '没有操作权限' });
          expect((await caller.post(`/report/${name(report)}/total`, {})).code).toBe(104);
          continue;
        }
        const res = report.scope.resource ? t.registry.get().resources.get(report.scope.resource)?.scope : undefined;
        const want = expectedReport(copy, report, viewer, {}, res);
        const page = await allRows(caller, report);
        expect(page.totalRecords, `${report.id} total`).toBe(want.rows.length);
        compare(report, page.data, want.rows, `${userName} ${report.id}`);
        const totals = await caller.post(`/report/${name(report)}/total`, {});
        expect(totals.code).toBe(1);
        compare({ ...report, dimensions: [] }, [totals.result], [want.totals], `${userName} ${report.id} totals`);
      }
    });
  }

  it('filters narrow rows and totals the same way', async () => {
    const admin = await t.as('admin');
    const report = t.registry.get().reports.get('report/carrier-monthly')!;
    const carrierId = (await t.db.one<{ id: number }>('SELECT carrier_id AS id FROM waybills WHERE carrier_id IS NOT NULL ORDER BY waybills.id LIMIT 1'))!.id;
    const from = Date.UTC(2026, 8, 1, 12);
    const filters = { carrierId: [carrierId], createdAt: [from, null] };
    const want = expectedReport(copy, report, await viewerOf('admin'), filters);
    const page = await allRows(admin, report, filters);
    expect(want.rows.length).toBeGreaterThan(0);
    compare(report, page.data, want.rows, 'filtered');
    const totals = await admin.post('/report/carrier-monthly/total', filters);
    compare({ ...report, dimensions: [] }, [totals.result], [want.totals], 'filtered totals');
  });

  it('pages follow the requested sort and cover every group once', async () => {
    const admin = await t.as('admin');
    const seen: string[] = [];
    let previous = Infinity;
    for (let curPage = 1; curPage <= 10; curPage++) {
      const r = await admin.post('/report/vehicle-trips/query', { curPage, pageSize: 3, sorts: [{ field: 'tripCount', order: 'desc' }] });
      for (const row of r.result.data) {
        expect(row.tripCount).toBeLessThanOrEqual(previous);
        previous = row.tripCount;
        seen.push(JSON.stringify([row.vehicleNo, row.carrierName, row.month]));
      }
      if (curPage * 3 >= r.result.totalRecords) break;
    }
    const all = await allRows(admin, t.registry.get().reports.get('report/vehicle-trips')!);
    expect(new Set(seen).size).toBe(all.totalRecords);
    expect(seen.length).toBe(all.totalRecords);
    const past = await admin.post('/report/vehicle-trips/query', { curPage: 999, pageSize: 3 });
    expect(past.result).toMatchObject({ data: [], totalRecords: all.totalRecords });
  });

  it('a report page carries its columns, search, totals path and chart; link columns need 5023', async () => {
    const dispatcher = await t.as('dispatcher');
    const page = await dispatcher.get('/ui/pages/report/waybill-timeliness');
    expect(page.result).toMatchObject({ kind: 'report', api: { list: { path: '/report/waybill-timeliness/query' } }, report: { totals: { path: '/report/waybill-timeliness/total', label: '合计' } } });
    expect(page.result.columns.find((c: { field: string }) => c.field === 'waybillNo')).toMatchObject({ link: 'waybill', linkId: 'waybillId' });
    const carrier = await t.as('carrier');
    const own = await carrier.get('/ui/pages/report/waybill-timeliness');
    expect(own.result.columns.some((c: { field: string }) => c.field === 'waybillNo')).toBe(false);
  });
});
