// An export reads every page from one snapshot: rows written while it runs (new vehicles that sort
// first, deleted ones) neither appear twice, nor push a row out, nor enter the file. On a database
// file, as the server runs (an in-memory database has no second connection and reads live).
import ExcelJS from 'exceljs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './support/test-app.ts';

const N = 12_000;
const t = await createTestApp({ file: join(mkdtempSync(join(tmpdir(), 'huoyun-snapshot-')), 'huoyun.db') });
const admin = await t.as('admin');
const plate = (prefix: string, i: number) => `${prefix}${String(i).padStart(6, '0')}`;
const VEHICLE = '(1, ?, 1, 1, 0, ?, ?)';
const insert = (rows: unknown[][]) =>
  t.db.run(`INSERT INTO vehicles (corp_id, vehicle_no, load_weight, status, cold_machine, created_at, updated_at) VALUES ${rows.map(() => VEHICLE).join(', ')}`, rows.flat());
// 500 rows a statement: one round trip per row would be slow on PostgreSQL.
await t.db.transaction(async () => {
  for (let from = 0; from < N; from += 500) {
    await insert(Array.from({ length: Math.min(500, N - from) }, (_, k) => from + k).map((i) => [plate('SNA', i), Date.now() - N + i, Date.now() - N + i]));
  }
});

describe('export snapshot', () => {
  it('writes the list as it stood when the export began, whatever is written meanwhile', async () => {
    const before = (await t.db.all<{ no: string }>("SELECT vehicle_no AS no FROM vehicles WHERE vehicle_no LIKE 'SN%' AND is_deleted = 0")).map((r) => r.no).sort();
    // Newest first: each vehicle added meanwhile lands on page 1 and, read live, pushes every later row down a place.
    const created = await admin.post('/exportCenter/create', { pageId: 'base/vehicle-list', vehicleNo: 'SN', sorts: [{ field: 'updatedAt', order: 'desc' }] });
    expect(created.code, created.message).toBe(1);
    let added = 0;
    let task: any;
    for (let turn = 0; turn < 20_000; turn++) {
      await insert([[plate('SNB', added), Date.now() + added, Date.now() + added]]);
      added++;
      // Soft-delete one of the oldest rows too: read live, the rows after it would move up a place.
      if (turn % 7 === 0) await t.db.run("UPDATE vehicles SET is_deleted = 1 WHERE id = (SELECT id FROM vehicles WHERE vehicle_no LIKE 'SNA%' AND is_deleted = 0 ORDER BY id DESC LIMIT 1)");
      await new Promise((resolve) => setImmediate(resolve));
      task = (await admin.post('/exportCenter/list', { curPage: 1, pageSize: 10 })).result.data.find((x: any) => x.id === created.result.id);
      if (task.status !== 3) break;
    }
    expect(task).toMatchObject({ status: 1, rowsDone: N, rowsTotal: N });
    expect(added).toBeGreaterThan(3);

    const res = await t.app.request(`/api/exportCenter/download/${task.id}`, { headers: { token: admin.token } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = wb.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const col = header.indexOf('车牌号');
    expect(col).toBeGreaterThan(0);
    const plates: string[] = [];
    sheet.eachRow((row, n) => { if (n > 1) plates.push(String(row.getCell(col).value)); });
    expect(plates.length).toBe(N);
    expect(new Set(plates).size).toBe(N);
    expect(plates.slice().sort()).toEqual(before);
  }, 120_000);
});
