// An export reads a list by keyset (each page after the last row read, db/keyset.ts), not by OFFSET:
// over more than two pages and a sort key many rows share (and NULL in some), every row is in the file
// exactly once and in the very order the list itself shows page by page. Vehicles (the resource
// engine), waybills and orders (their own list routes), on a database file as the server runs
// (the export reads its snapshot).
import ExcelJS from 'exceljs';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportColumns } from '../server/exports/cells.ts';
import { runExport } from '../server/exports/runner.ts';
import { exportSource } from '../server/exports/source.ts';
import { insertTask } from '../server/exports/tasks.ts';
import { loadUser } from './support/export-user.ts';
import { createTestApp } from './support/test-app.ts';

const N = 5_000; // the export centre reads 2000 rows at a time: three pages
const t = await createTestApp({ file: join(mkdtempSync(join(tmpdir(), 'huoyun-keyset-')), 'huoyun.db'), transportDemo: true });
const admin = await t.as('admin');
const now = Date.now();
const plate = (i: number) => `KS${String(i).padStart(6, '0')}`;
// Seven load weights and NULL for every seventh: thousands of rows share each value; all share one time.
const weight = (i: number) => (i % 7 === 0 ? null : (i * 3) % 5);
await t.db.transaction(async () => {
  for (let from = 0; from < N; from += 500) {
    const rows = Array.from({ length: Math.min(500, N - from) }, (_, k) => from + k).map((i) => [plate(i), weight(i), now, now]);
    await t.db.run(`INSERT INTO vehicles (corp_id, vehicle_no, load_weight, status, cold_machine, created_at, updated_at) VALUES ${rows.map(() => '(1, ?, ?, 1, 0, ?, ?)').join(', ')}`, rows.flat());
  }
});

/** The list as a user pages through it: every page of `path` in turn, the field's values in order. */
async function listed(path: string, body: object, field: string, pageSize: number): Promise<unknown[]> {
  const out: unknown[] = [];
  for (let curPage = 1; ; curPage++) {
    const r = await admin.post(path, { ...body, curPage, pageSize });
    expect(r.code, r.message).toBe(1);
    out.push(...r.result.data.map((row: Record<string, unknown>) => row[field]));
    if (r.result.data.length < pageSize) return out;
  }
}

/** One column of an export file, top to bottom, as text. */
async function column(file: Buffer, title: string): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as never);
  const sheet = wb.worksheets[0];
  const col = (sheet.getRow(1).values as unknown[]).map(String).indexOf(title);
  expect(col, `column ${title}`).toBeGreaterThan(0);
  const values: string[] = [];
  sheet.eachRow((row, n) => { if (n > 1) values.push(String(row.getCell(col).value)); });
  return values;
}

async function finished(id: number) {
  for (const until = Date.now() + 300_000; Date.now() < until;) {
    const task = (await admin.post('/exportCenter/list', { curPage: 1, pageSize: 50 })).result.data.find((x: any) => x.id === id);
    if (task && task.status !== 3) return task;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error('export did not finish');
}

/** An export through the export centre, as the list's toolbar asks for it; the file's values of one column. */
async function exportedByCentre(pageId: string, body: object, title: string): Promise<string[]> {
  const created = await admin.post('/exportCenter/create', { pageId, ...body });
  expect(created.code, created.message).toBe(1);
  const task = await finished(created.result.id);
  expect(task.status, task.failReason).toBe(1);
  const res = await t.app.request(`/api/exportCenter/download/${task.id}`, { headers: { token: admin.token } });
  return column(Buffer.from(await res.arrayBuffer()), title);
}

/** The same export run with a read of `pageSize` rows (the lists of the demo are short). */
async function exportedInPages(pageId: string, body: Record<string, unknown>, title: string, pageSize: number): Promise<string[]> {
  const user = await loadUser(t, 'admin');
  const source = await exportSource({ db: t.db, registry: t.registry.get, routes: () => t.routes() }, user, pageId, body);
  const id = await insertTask(t.db, { corpId: 1, userId: user.userId, pageId, search: {}, fileName: 'k.xlsx', now: Date.now(), startedAt: Date.now() });
  const dir = join(t.filesDir, 'exports');
  try {
    await runExport({ conn: t.db, taskId: id, runner: null, attempt: 0, fileName: 'k.xlsx', dir, columns: exportColumns(t.registry.get(), source.page, source.columns), pageSize, fetch: source.fetch });
  } finally {
    await source.close();
  }
  const task = (await t.db.one<{ status: number; fileName: string }>('SELECT status, file_name AS fileName FROM export_tasks WHERE id = ?', [id]))!;
  expect(task.status).toBe(1);
  return column(readFileSync(join(dir, `${id}.0.xlsx`)), title);
}

describe('an export read by keyset', () => {
  it.each([
    ['ascending (NULL at one end)', [{ field: 'loadWeight', order: 'asc' }]],
    ['descending (NULL at the other)', [{ field: 'loadWeight', order: 'desc' }]],
    ['two keys in opposite directions', [{ field: 'loadWeight', order: 'desc' }, { field: 'vehicleNo', order: 'asc' }]],
  ])('vehicles by load weight, %s: every row once, in the list\'s order', async (_, sorts) => {
    const body = { vehicleNo: 'KS', sorts };
    const inList = await listed('/res/vehicle/list', body, 'vehicleNo', 1000);
    expect(inList.length).toBe(N);
    const inFile = await exportedByCentre('base/vehicle-list', body, '车牌号');
    expect(new Set(inFile).size).toBe(N);
    expect(inFile).toEqual(inList);
  }, 300_000);

  it('waybills and orders by creation time shared by many: every row once, in the list\'s order', async () => {
    // Three creation times among all the demo's waybills and orders: ties everywhere, broken by the id.
    await t.db.run('UPDATE waybills SET created_at = ? + (id % 3) * 1000', [now]);
    await t.db.run('UPDATE orders SET created_at = ? + (id % 3) * 1000', [now]);
    for (const order of ['asc', 'desc'] as const) {
      const waybills = { sorts: [{ field: 'createdAt', order }] };
      const waybillList = await listed('/waybill/pageQueryByCondition', waybills, 'waybillNo', 1000);
      expect(waybillList.length).toBeGreaterThan(3 * 4);
      const waybillFile = await exportedInPages('transport/waybill-list', waybills, '运单号', 4);
      expect(new Set(waybillFile).size).toBe(waybillList.length);
      expect(waybillFile).toEqual(waybillList);

      const orders = { sorts: [{ field: 'createdAt', order }] };
      const orderList = await listed('/orderInfo/list', orders, 'orderNo', 1000);
      expect(orderList.length).toBeGreaterThan(3 * 4);
      const orderFile = await exportedInPages('transport/order-list', orders, '订单号', 4);
      expect(new Set(orderFile).size).toBe(orderList.length);
      expect(orderFile).toEqual(orderList);
    }
  }, 300_000);
});
