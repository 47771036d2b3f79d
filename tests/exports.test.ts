// The export centre: a 100,000-row export read back with exceljs row by row, progress and status
// as the task runs, restart recovery, other users' tasks refused, and the list's own scoping.
import ExcelJS from 'exceljs';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../server/app.ts';
import { exportColumns } from '../server/exports/cells.ts';
import { runExport } from '../server/exports/runner.ts';
import { exportSource } from '../server/exports/source.ts';
import { MAX_ATTEMPTS } from '../server/exports/queue.ts';
import { findTask, insertTask, INTERRUPTED_REASON } from '../server/exports/tasks.ts';
import { loadUser } from './support/export-user.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { openTestDatabase } from './support/test-db.ts';

const N = 100_000;
const t = await createTestApp();
const admin = await t.as('admin');
const plate = (i: number) => `EXP${String(i).padStart(6, '0')}`;

/** Direct inserts, 500 rows a statement: the rows exist before the export, like any list's rows. */
async function insertVehicles(app: TestApp, n: number) {
  const now = Date.now();
  await app.db.transaction(async () => {
    for (let from = 0; from < n; from += 500) {
      const rows = Array.from({ length: Math.min(500, n - from) }, (_, k) => from + k).map((i) => [plate(i), i % 50, i % 2, i % 3 === 0 ? 1 : 0, now, now]);
      await app.db.run(
        `INSERT INTO vehicles (corp_id, vehicle_no, load_weight, status, cold_machine, created_at, updated_at) VALUES ${rows.map(() => '(1, ?, ?, ?, ?, ?, ?)').join(', ')}`,
        rows.flat(),
      );
    }
  });
}
await insertVehicles(t, N);

/** Polls the export centre until the task ended; `ms` is generous, for a loaded machine (100,000 rows take half a minute on an idle one). */
async function finished(caller: { post: TestApp['call'] extends never ? never : (p: string, b?: unknown) => Promise<any> }, id: number, ms = 60_000) {
  for (const until = Date.now() + ms; Date.now() < until;) {
    const r = await caller.post('/exportCenter/list', { curPage: 1, pageSize: 50 });
    const task = r.result.data.find((x: any) => x.id === id);
    if (task && task.status !== 3) return task;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error('export did not finish');
}

async function download(token: string, id: number) {
  return t.app.request(`/api/exportCenter/download/${id}`, { headers: { token } });
}

describe('export centre', () => {
  it('exports 100,000 vehicles as a real .xlsx, every row as the list shows it', async () => {
    const created = await admin.post('/exportCenter/create', { pageId: 'base/vehicle-list', vehicleNo: 'EXP', sorts: [{ field: 'vehicleNo', order: 'asc' }] });
    expect(created.code).toBe(1);
    expect(created.message).toBe('导出任务已生成');
    const task = await finished(admin, created.result.id, 400_000);
    expect(task).toMatchObject({ status: 1, statusName: '已生成', rowsDone: N, rowsTotal: N, progress: 100 });
    expect(task.fileName).toMatch(/^车辆管理_\d{14}\.xlsx$/);

    const res = await download(admin.token, task.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="/);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1])).toBe(task.fileName);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = wb.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 2)).toEqual(['车牌号', '承运商']);
    const col = (title: string) => header.indexOf(title) + 1;
    const labels = (dict: string) => new Map(t.registry.get().dictionaries.get(dict)!.items.map((i) => [i.id, i.label]));
    const status = labels('enableStatus');
    const yesNo = labels('yesNo');
    expect(sheet.rowCount).toBe(N + 1);
    for (let i = 0; i < N; i++) {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(col('车牌号')).value).toBe(plate(i));
      expect(row.getCell(col('载重(吨)')).value).toBe(i % 50);
      expect(row.getCell(col('状态')).value).toBe(status.get(i % 2));
      expect(row.getCell(col('冷机')).value).toBe(yesNo.get(i % 3 === 0 ? 1 : 0));
    }
    // The user hears that it is ready.
    const msgs = await admin.post('/message/list', { isRead: 0 });
    expect(msgs.result.data[0]).toMatchObject({ kind: 'export', title: '导出完成', link: '/exportCenter' });
  }, 500_000);

  it('records progress page by page and ends generated; a failing read ends failed with its reason', async () => {
    const user = await loadUser(t, 'admin');
    const reg = t.registry.get();
    const source = await exportSource({ db: t.db, registry: t.registry.get, routes: () => t.routes() }, user, 'base/vehicle-list', { vehicleNo: 'EXP0000' });
    const id = await insertTask(t.db, { corpId: 1, userId: user.userId, pageId: 'base/vehicle-list', search: {}, fileName: 'p.xlsx', now: Date.now(), startedAt: Date.now() });
    const seen: { status: number; done: number; total: number }[] = [];
    await runExport({
      conn: t.db, taskId: id, runner: null, attempt: 0, fileName: 'p.xlsx', dir: join(t.filesDir, 'exports'), columns: exportColumns(reg, source.page, source.columns), pageSize: 30,
      fetch: async (page, size) => {
        const row = (await findTask(t.db, id))!;
        seen.push({ status: row.status, done: row.rowsDone, total: row.rowsTotal });
        return source.fetch(page, size);
      },
    });
    // EXP0000xx: 100 vehicles, read 30 at a time: 4 reads, progress before each.
    expect(seen).toEqual([
      { status: 3, done: 0, total: 0 }, { status: 3, done: 30, total: 100 }, { status: 3, done: 60, total: 100 }, { status: 3, done: 90, total: 100 },
    ]);
    expect(await findTask(t.db, id)).toMatchObject({ status: 1, rowsDone: 100, rowsTotal: 100 });

    const bad = await insertTask(t.db, { corpId: 1, userId: user.userId, pageId: 'base/vehicle-list', search: {}, fileName: 'f.xlsx', now: Date.now(), startedAt: Date.now() });
    await runExport({ conn: t.db, taskId: bad, runner: null, attempt: 0, fileName: 'f.xlsx', dir: join(t.filesDir, 'exports'), columns: [], fetch: () => Promise.reject(new Error('磁盘已满')) });
    expect(await findTask(t.db, bad)).toMatchObject({ status: 2, failReason: '磁盘已满' });
    const r = await admin.get(`/exportCenter/download/${bad}`);
    expect(r.code).toBe(0);
    expect(r.message).toContain('磁盘已满');
  });

  it('a task whose runner died is taken up again and finishes; one cut off again and again fails', async () => {
    // A runner that stopped beating a minute ago: its server was killed in the middle of the task.
    const died = Date.now() - 60_000;
    const task = (attempts: number) => t.db.insert(
      `INSERT INTO export_tasks (corp_id, user_id, page_id, search, file_name, status, rows_done, rows_total, created_at, started_at, runner, heartbeat_at, attempts)
       VALUES (1, 1, 'base/vehicle-list', ?, 'r.xlsx', 3, 4000, 100000, ?, ?, 'killed', ?, ?)`, [JSON.stringify({ vehicleNo: 'EXP0001' }), died, died, died, attempts]);
    const dir = join(t.filesDir, 'exports');
    mkdirSync(dir, { recursive: true });
    const again = await task(1);
    const given = await task(MAX_ATTEMPTS);
    // Their half-written files go with the attempt they belong to.
    for (const [id, attempts] of [[again, 1], [given, MAX_ATTEMPTS]]) writeFileSync(join(dir, `${id}.${attempts}.xlsx`), 'PK');

    // Another instance of the server, as after a restart: it takes the task over at its first look.
    // Stale after 5 s, not less: a loaded machine may pause the new runner's own beats for a second.
    const other = await createApp({ db: t.db, registry: t.registry, filesDir: t.filesDir, exportTiming: { heartbeatMs: 50, staleMs: 5_000 } });
    const done = await finished(admin, again);
    expect(done).toMatchObject({ status: 1, rowsDone: 100, rowsTotal: 100 });
    expect(await findTask(t.db, again)).toMatchObject({ attempts: 2, filePath: `${again}.2.xlsx` });
    expect(existsSync(join(dir, `${again}.1.xlsx`))).toBe(false);
    expect((await download(admin.token, again)).status).toBe(200);

    expect(await findTask(t.db, given)).toMatchObject({ status: 2, failReason: INTERRUPTED_REASON, attempts: MAX_ATTEMPTS });
    expect(INTERRUPTED_REASON).toBe('导出多次中断，请重新导出');
    expect(existsSync(join(dir, `${given}.${MAX_ATTEMPTS}.xlsx`))).toBe(false);
    const msgs = await admin.post('/message/list', { isRead: 0 });
    expect(msgs.result.data.map((m: any) => m.content)).toContain(`r.xlsx 导出失败：${INTERRUPTED_REASON}`);
    other.close();
  });

  it('a runner that lost its task to another instance stops writing and leaves its successor alone', async () => {
    const user = await loadUser(t, 'admin');
    const source = await exportSource({ db: t.db, registry: t.registry.get, routes: () => t.routes() }, user, 'base/vehicle-list', { vehicleNo: 'EXP0000' });
    const id = await t.db.insert(`INSERT INTO export_tasks (corp_id, user_id, page_id, search, file_name, status, created_at, started_at, runner, heartbeat_at, attempts)
      VALUES (1, ?, 'base/vehicle-list', '{}', 'l.xlsx', 3, ?, ?, 'slow', ?, 1)`, [user.userId, Date.now(), Date.now(), Date.now()]);
    const dir = join(t.filesDir, 'exports');
    let reads = 0;
    await runExport({
      conn: t.db, taskId: id, runner: 'slow', attempt: 1, fileName: 'l.xlsx', dir, columns: exportColumns(t.registry.get(), source.page, source.columns), pageSize: 30,
      fetch: async (page, size) => {
        // After its first page, the task is taken over (as if this runner had looked dead).
        if (++reads === 2) await t.db.run("UPDATE export_tasks SET runner = 'successor', attempts = 2 WHERE id = ?", [id]);
        return source.fetch(page, size);
      },
    });
    await source.close();
    expect(reads).toBe(2);
    expect(await findTask(t.db, id)).toMatchObject({ status: 3, runner: 'successor', filePath: null });
    expect(existsSync(join(dir, `${id}.1.xlsx`))).toBe(false);
  });

  it('an app whose database was closed stops looking for dead runners instead of failing every few seconds', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const db = await openTestDatabase();
      await createApp({ db, registry: t.registry, filesDir: t.filesDir, exportTiming: { heartbeatMs: 20, staleMs: 1_000 } });
      await new Promise((res) => setTimeout(res, 100));
      await db.close();
      await new Promise((res) => setTimeout(res, 200));
      expect(errors.mock.calls.filter(([first]) => String(first).startsWith('export queue'))).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });

  it("refuses another user's task, and only lists the user's own", async () => {
    const created = await admin.post('/exportCenter/create', { pageId: 'base/vehicle-list', vehicleNo: 'EXP00000' });
    await finished(admin, created.result.id);
    const dispatcher = await t.as('dispatcher');
    const r = await dispatcher.get(`/exportCenter/download/${created.result.id}`);
    expect(r.code).toBe(0);
    expect(r.message).toBe('导出任务不存在或无权访问');
    const list = await dispatcher.post('/exportCenter/list', {});
    expect(list.result.data.map((x: any) => x.id)).not.toContain(created.result.id);
    // A file that is not an attachment never comes back for a refused download.
    const raw = await download(dispatcher.token, created.result.id);
    expect(raw.headers.get('content-disposition')).toBeNull();
  });

  it('exports what the list would show the user: its corporation only, and refuses lists the user may not open', async () => {
    const other = await t.as('admin2');
    const created = await other.post('/exportCenter/create', { pageId: 'base/vehicle-list', vehicleNo: 'EXP' });
    expect(created.code).toBe(1);
    const task = await finished(other, created.result.id);
    expect(task).toMatchObject({ status: 1, rowsDone: 0 });
    const customer = await t.as('customer');
    expect((await customer.post('/exportCenter/create', { pageId: 'base/vehicle-list' })).code).toBe(104);
    // The list's own input rules: an unknown search field is refused, naming it.
    const bad = await admin.post('/exportCenter/create', { pageId: 'base/vehicle-list', noSuchField: 1 });
    expect(bad.code).toBe(100);
    expect(bad.message).toContain('noSuchField');
    expect((await admin.post('/exportCenter/create', { pageId: 'base/no-such-page' })).code).toBe(100);
    // The list toolbar names the page in the query string and posts the list body as it is.
    const viaQuery = await t.call('POST', '/exportCenter/create?pageId=base%2Fvehicle-list', { token: admin.token, body: { vehicleNo: 'EXP00001', curPage: 1, pageSize: 100000 } });
    expect(viaQuery.code).toBe(1);
    expect((await finished(admin, viaQuery.result.id)).rowsDone).toBe(10);
  });

  it('a report is exported through the report compiler', async () => {
    const reportId = [...t.registry.get().reports.keys()][0];
    const created = await admin.post('/exportCenter/create', { pageId: reportId });
    expect(created.code).toBe(1);
    const task = await finished(admin, created.result.id);
    expect(task.status).toBe(1);
    const res = await download(admin.token, task.id);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const report = t.registry.get().reports.get(reportId)!;
    const firstTitle = report.dimensions.find((d) => !d.hidden)?.title;
    expect((wb.worksheets[0].getRow(1).values as unknown[])[1]).toBe(firstTitle);
  });
});
