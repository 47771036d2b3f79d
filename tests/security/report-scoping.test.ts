// Reports for partner users (docs/security.md): every report of the registry, run by a customer
// user and a carrier user (the demo ones and a second customer and carrier), shows only rows made of
// that partner's own data, in its pages, its totals and its export. Checked two ways, neither of
// them the compiler's: a column naming a customer or carrier names the user's own; and the answer
// does not move when only other partners' data changes (names, times, goods, counts, and a waybill
// of another carrier linked to an order the carrier user sees). A report that cannot be cut to a
// partner refuses with 104, in its query, its totals and its export.
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { seedReportData } from '../reports-fixture.ts';
import type { ReportFile } from '../../server/reports/types.ts';
import { compileReport } from '../../server/reports/compile.ts';
import { loadUser } from '../support/export-user.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, unknown>;
interface Viewer { userName: string; userType: 1 | 2; partnerId: number; caller: Caller }
interface Answer { refused: boolean; rows: string[]; totals: string }

const DAY = 86_400_000;
let t: TestApp;
const one = async (text: string, ...p: unknown[]) => (await t.db.one<Row>(text, p))!;
const run = (text: string, ...p: unknown[]) => t.db.run(text, p);
const reports = () => [...t.registry.get().reports.values()];
const nameOf = (r: ReportFile) => r.id.replace('report/', '');

/** A second partner user made like a demo one (same roles, same password), for another customer or carrier. */
async function partnerUser(template: 'customer' | 'carrier', userName: string, partnerId: number) {
  const u = await one('SELECT * FROM users WHERE user_name = ?', template);
  const cols = Object.keys(u).filter((c) => c !== 'id');
  const values = cols.map((c) => (c === 'user_name' ? userName : c === 'partner_id' ? partnerId : c === 'real_name' ? `${u.real_name}二` : u[c]));
  const id = await t.db.insert(`INSERT INTO users (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`, values);
  await run('INSERT INTO user_roles (corp_id, user_id, role_id) SELECT corp_id, ?, role_id FROM user_roles WHERE user_id = ?', id, u.id);
}

/** The waybills a customer user may see: those carrying one of its live orders. */
const customerWaybills = (c: number) => `SELECT wo.waybill_id FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id WHERE o.customer_id = ${c} AND o.is_deleted = 0`;
/** The orders a carrier user may see: delegated to it, or carried by one of its live waybills. */
const carrierOrders = (k: number) => `SELECT id FROM orders WHERE carrier_id = ${k} UNION SELECT wo.order_id FROM waybill_orders wo JOIN waybills w ON w.id = wo.waybill_id WHERE w.carrier_id = ${k} AND w.is_deleted = 0`;
const carrierWaybills = (k: number) => `SELECT id FROM waybills WHERE carrier_id = ${k}`;

/** Changes only data that is not the viewer's: its own rows stay as they were. */
async function changeOthersData(v: Viewer) {
  const p = v.partnerId;
  if (v.userType === 1) {
    await run('UPDATE customers SET customer_name = customer_name || \'（他方）\' WHERE id <> ?', p);
    await run('UPDATE orders SET created_at = created_at - 3 * 3600000 WHERE customer_id <> ?', p);
    await run(`UPDATE order_goods SET quantity = quantity * 3 + 1, weight = COALESCE(weight, 0) * 3 + 1, volume = COALESCE(volume, 0) + 1,
      goods_name = goods_name || '他' WHERE order_id IN (SELECT id FROM orders WHERE customer_id <> ?)`, p);
    const others = `SELECT id FROM waybills WHERE id NOT IN (${customerWaybills(p)})`;
    await run(`UPDATE waybills SET created_at = created_at - ${DAY} WHERE id IN (${others})`);
    await run(`UPDATE waybill_nodes SET actual_arrive_time = actual_arrive_time + 3600000 WHERE waybill_id IN (${others})`);
    await run(`UPDATE waybill_events SET at = at - ${DAY} WHERE waybill_id IN (${others})`);
    await run(`UPDATE waybill_evaluations SET score = 6 - score WHERE waybill_id IN (${others})`);
    await run(`UPDATE alarms SET begin_time = begin_time - ${DAY} WHERE waybill_id IS NULL OR waybill_id IN (${others})`);
    // A customer user sees no vehicle of its own (the vehicle resource names no customer field).
    await run('UPDATE track_day_summaries SET mileage_km = mileage_km + 7, points = points + 7, temp_sum = temp_sum + 7, temp_readings = temp_readings + 7');
    await run(`UPDATE vehicles SET load_weight = COALESCE(load_weight, 0) + 7 WHERE id NOT IN (SELECT vehicle_id FROM waybills WHERE vehicle_id IS NOT NULL AND id IN (${customerWaybills(p)}))`);
    return;
  }
  const mine = carrierWaybills(p);
  const others = `SELECT id FROM waybills WHERE carrier_id IS NULL OR carrier_id <> ${p}`;
  await run('UPDATE carriers SET carrier_name = carrier_name || \'（他方）\' WHERE id <> ?', p);
  await run(`UPDATE waybills SET created_at = created_at - ${DAY} WHERE id IN (${others})`);
  await run(`UPDATE waybill_nodes SET actual_arrive_time = actual_arrive_time + 3600000 WHERE waybill_id IN (${others})`);
  await run(`UPDATE waybill_events SET at = at - ${DAY} WHERE waybill_id IN (${others})`);
  await run(`UPDATE waybill_evaluations SET score = 6 - score WHERE waybill_id IN (${others})`);
  await run('UPDATE alarms SET begin_time = begin_time - ? WHERE carrier_id IS NULL OR carrier_id <> ?', DAY, p);
  await run('UPDATE waybill_day_stats SET waybill_count = waybill_count + 5 WHERE carrier_id <> ?', p);
  // Vehicles and drivers of other carriers that none of this carrier's waybills or alarms names.
  const named = `SELECT vehicle_id FROM waybills WHERE carrier_id = ${p} AND vehicle_id IS NOT NULL UNION SELECT vehicle_id FROM alarms WHERE carrier_id = ${p}`;
  await run(`UPDATE vehicles SET vehicle_no = vehicle_no || '他', load_weight = COALESCE(load_weight, 0) + 7 WHERE (carrier_id IS NULL OR carrier_id <> ?) AND id NOT IN (${named})`, p);
  await run(`UPDATE track_day_summaries SET mileage_km = mileage_km + 7, points = points + 7 WHERE vehicle_id IN (SELECT id FROM vehicles WHERE carrier_id IS NULL OR carrier_id <> ?)`, p);
  await run(`UPDATE drivers SET driver_name = driver_name || '他' WHERE (carrier_id IS NULL OR carrier_id <> ?) AND id NOT IN (SELECT driver_id FROM waybills WHERE carrier_id = ? AND driver_id IS NOT NULL)`, p, p);
  await run(`UPDATE orders SET created_at = created_at - 3 * 3600000 WHERE id NOT IN (${carrierOrders(p)})`);
  await run(`UPDATE order_goods SET quantity = quantity * 3 + 1 WHERE order_id NOT IN (${carrierOrders(p)})`);
  // Another carrier's waybill now also carries an order this carrier sees.
  const seen = await one(`SELECT wo.order_id AS id FROM waybill_orders wo WHERE wo.waybill_id IN (${mine}) ORDER BY wo.order_id LIMIT 1`);
  const foreign = await one(`SELECT id FROM waybills WHERE carrier_id <> ? AND is_deleted = 0 AND id NOT IN (SELECT waybill_id FROM waybill_orders WHERE order_id = ?) ORDER BY id LIMIT 1`, p, seen.id);
  await run('INSERT INTO waybill_orders (corp_id, waybill_id, order_id, part_id) VALUES (1, ?, ?, NULL)', foreign.id, seen.id);
}

async function allRows(caller: Caller, report: ReportFile): Promise<{ code: number; rows: Row[] }> {
  const rows: Row[] = [];
  for (let curPage = 1; ; curPage++) {
    const r = await caller.post(`/report/${nameOf(report)}/query`, { curPage, pageSize: 1000 });
    if (r.code !== 1) return { code: r.code, rows };
    rows.push(...r.result.data);
    if (rows.length >= r.result.totalRecords || !r.result.data.length) return { code: 1, rows };
  }
}

async function answer(v: Viewer, report: ReportFile): Promise<Answer> {
  const { code, rows } = await allRows(v.caller, report);
  const totals = await v.caller.post(`/report/${nameOf(report)}/total`, {});
  if (code === 104) {
    expect(totals.code, `${v.userName} ${report.id}: totals refused like the rows`).toBe(104);
    return { refused: true, rows: [], totals: '' };
  }
  expect(code, `${v.userName} ${report.id}`).toBe(1);
  expect(totals.code, `${v.userName} ${report.id} totals`).toBe(1);
  return { refused: false, rows: rows.map((r) => JSON.stringify(r)).sort(), totals: JSON.stringify(totals.result) };
}

/** The table each alias of the report reads. */
const tablesOf = (r: ReportFile) => new Map([[r.source.alias, r.source.table], ...(r.joins ?? []).map((j) => [j.alias, j.table] as [string, string])]);

/** Dimensions that name a customer (type 1) or a carrier (type 2), with the user's own value of each. */
async function partnerColumns(v: Viewer, report: ReportFile): Promise<{ id: string; own: unknown }[]> {
  const table = v.userType === 1 ? 'customers' : 'carriers';
  const idColumn = v.userType === 1 ? 'customer_id' : 'carrier_id';
  const tables = tablesOf(report);
  const columns: { id: string; own: unknown }[] = [];
  for (const d of report.dimensions) {
    const [alias, column] = d.field.split('.');
    if (tables.get(alias) === table) columns.push({ id: d.id, own: (await one(`SELECT ${column} AS v FROM ${table} WHERE id = ?`, v.partnerId)).v });
    else if (column === idColumn && !d.grain) columns.push({ id: d.id, own: v.partnerId });
  }
  return columns;
}

/** A few rows that appeared (+) or went (-): enough to show the leak without printing every row. */
function changed(before: string[], after: string[]): string[] {
  const was = new Set(before);
  const is = new Set(after);
  return [...after.filter((r) => !was.has(r)).map((r) => `+ ${r}`), ...before.filter((r) => !is.has(r)).map((r) => `- ${r}`)].slice(0, 3);
}

let viewers: Viewer[];
const baseline = new Map<string, Answer>();
const key = (v: Viewer, r: ReportFile) => `${v.userName} ${r.id}`;

beforeAll(async () => {
  t = await createTestApp({ transportDemo: true });
  await seedReportData(t.db);
  // A second customer that shares waybills with the demo customer, and a second carrier with waybills.
  const own = async (userName: string) => (await one('SELECT partner_id AS id FROM users WHERE user_name = ?', userName)).id as number;
  const customer2 = (await one(`SELECT o2.customer_id AS id FROM waybill_orders a JOIN orders o1 ON o1.id = a.order_id
    JOIN waybill_orders b ON b.waybill_id = a.waybill_id JOIN orders o2 ON o2.id = b.order_id
    WHERE o1.customer_id = ? AND o2.customer_id <> o1.customer_id GROUP BY o2.customer_id ORDER BY count(*) DESC, o2.customer_id LIMIT 1`, await own('customer'))).id as number;
  const carrier2 = (await one('SELECT carrier_id AS id FROM waybills WHERE corp_id = 1 AND carrier_id <> ? GROUP BY carrier_id ORDER BY count(*) DESC, carrier_id LIMIT 1', await own('carrier'))).id as number;
  await partnerUser('customer', 'customer2', customer2);
  await partnerUser('carrier', 'carrier2', carrier2);
  const partnerOf = (userName: string) => one('SELECT user_type AS type, partner_id AS id FROM users WHERE user_name = ?', userName);
  viewers = [];
  for (const userName of ['customer', 'carrier', 'customer2', 'carrier2']) {
    const p = await partnerOf(userName);
    viewers.push({ userName, userType: p.type as 1 | 2, partnerId: p.id as number, caller: await t.as(userName) });
  }
}, 120_000);

describe('reports show a partner user only its own data', () => {
  it('the fixture is a real temptation: waybills shared by several customers', async () => {
    const shared = (await one(`SELECT count(*) AS n FROM (SELECT wo.waybill_id FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id
      GROUP BY wo.waybill_id HAVING count(DISTINCT o.customer_id) > 1 AND sum(CASE WHEN o.customer_id = ? THEN 1 ELSE 0 END) > 0) AS shared`, viewers[0].partnerId)).n as number;
    expect(shared).toBeGreaterThan(0);
    expect(reports().length).toBeGreaterThanOrEqual(20);
  });

  it('every customer or carrier a row names is the user\'s own', async () => {
    for (const v of viewers) {
      for (const report of reports()) {
        const a = await answer(v, report);
        baseline.set(key(v, report), a);
        // Soft: every leaking report is named, not only the first.
        for (const c of await partnerColumns(v, report)) {
          const named = new Set(a.rows.map((line) => (JSON.parse(line) as Row)[c.id]));
          expect.soft([...named], `${v.userName} ${report.id} ${c.id}`).toEqual(named.size ? [c.own] : []);
        }
      }
    }
  }, 300_000);

  it('no row and no total moves when only other partners\' data changes', async () => {
    for (const v of viewers) {
      // Undone after each viewer: the requests are sent inside the transaction, so the app's reads
      // join it (db/port.ts) and see the changes; throwing at the end rolls them back.
      const undo = new Error('undo');
      await t.db
        .transaction(async () => {
          await changeOthersData(v);
          for (const report of reports()) {
            const before = baseline.get(key(v, report))!;
            const after = await answer(v, report);
            expect.soft(after.refused, `${v.userName} ${report.id} refused`).toBe(before.refused);
            expect.soft(changed(before.rows, after.rows), `${v.userName} ${report.id} rows`).toEqual([]);
            expect.soft(after.totals, `${v.userName} ${report.id} totals`).toBe(before.totals);
          }
          throw undo;
        })
        .catch((e: unknown) => {
          if (e !== undo) throw e;
        });
    }
  }, 300_000);

  it('the export of a report holds the same rows: only the customer\'s own name', async () => {
    const customer = viewers.find((v) => v.userName === 'customer')!;
    const own = (await one('SELECT customer_name AS n FROM customers WHERE id = ?', customer.partnerId)).n;
    const created = await customer.caller.post('/exportCenter/create', { pageId: 'report/dispatch-efficiency' });
    expect(created.code, created.message).toBe(1);
    let task: Row | undefined;
    for (let i = 0; i < 200 && !task; i++) {
      const list = await customer.caller.post('/exportCenter/list', { curPage: 1, pageSize: 50 });
      task = list.result.data.find((x: Row) => x.id === created.result.id && x.status !== 3);
      if (!task) await new Promise((r) => setTimeout(r, 50));
    }
    expect(task).toMatchObject({ status: 1 });
    const res = await t.app.request(`/api/exportCenter/download/${created.result.id}`, { headers: { token: customer.caller.token } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = wb.worksheets[0];
    // Below the header the groups, then the totals row (合计) the report declares.
    const names = sheet.getColumn(1).values.slice(2);
    expect(names.at(-1)).toBe('合计');
    expect(names.length).toBeGreaterThan(1);
    expect(new Set(names.slice(0, -1))).toEqual(new Set([own]));
  });

  it('a report joining a table that no partner owns refuses a partner user (104), not a staff user', async () => {
    // The history of every record of the corporation, joined by record id: not a lookup, no owner.
    const report: ReportFile = {
      id: 'report/history-probe', title: '变更记录', operationId: 'reportDailyWaybills',
      source: { table: 'waybills', alias: 'w' },
      joins: [{ table: 'record_history', alias: 'h', on: { 'h.record_id': 'w.id' } }],
      scope: { by: 'waybill', alias: 'w' },
      dimensions: [{ id: 'userName', title: '操作人', field: 'h.user_name' }],
      measures: [{ id: 'changes', title: '次数', agg: 'count' }],
    };
    const reg = t.registry.get();
    for (const userName of ['customer', 'carrier']) {
      const user = await loadUser(t, userName);
      expect(() => compileReport(report, user, {}, reg.resources, 'sqlite'), userName).toThrow(expect.objectContaining({ code: 104 }));
    }
    const admin = await loadUser(t, 'admin');
    expect(() => compileReport(report, admin, {}, reg.resources, 'sqlite')).not.toThrow();
  });

  it('a report that cannot be cut to a partner refuses, in its export too', async () => {
    for (const v of viewers) {
      for (const report of reports()) {
        if (!(baseline.get(key(v, report)) ?? (await answer(v, report))).refused) continue;
        const r = await v.caller.post('/exportCenter/create', { pageId: report.id });
        expect(r.code, `${v.userName} ${report.id} export`).toBe(104);
      }
    }
  });
});
