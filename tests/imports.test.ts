// The import centre: templates from the resource file, a good file imported, bad rows reported by
// row, column title and message, both modes, duplicates updated or refused, scoping, bad uploads.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { yuanToFen } from '../server/imports/money.ts';
import { MAX_IMPORT_ROWS } from '../server/imports/runner.ts';
import { createTestApp } from './support/test-app.ts';
import { finished, sheetOf, upload, xlsxOf } from './support/import-files.ts';

const t = await createTestApp();
const admin = await t.as('admin');
const carrier = await t.as('carrier');
const carriers = (await admin.post('/res/carrier/list', { pageSize: 5 })).result.data as { id: number; carrierName: string }[];
const [c1, c2] = carriers;
const HEADER = ['*车牌号', '*承运商', '状态', '载重(吨)', '冷机'];
const plate = (i: number) => `浙F${String(i).padStart(5, '0')}`;
const VEHICLES = { resourceId: 'vehicle', mode: '2', onDuplicate: '2' };

async function vehicleCount(prefix: string) {
  return (await admin.post('/res/vehicle/count', { vehicleNo: prefix })) .result as number;
}

async function errorReport(token: string, id: number) {
  const res = await t.app.request(`/api/importCenter/errors/${id}`, { headers: { token } });
  return { res, rows: res.status === 200 ? await sheetOf(res) : [] };
}

describe('import centre', { timeout: 300_000 }, () => {
  it('templates: one column per writable field, required marked, lists of allowed labels', async () => {
    const res = await t.app.request('/api/importCenter/template/vehicle', { headers: { token: admin.token } });
    expect(res.status).toBe(200);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(res.headers.get('content-disposition')!)![1])).toBe('车辆导入模板.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['导入数据', '可选值']);
    const header = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['*车牌号', '*承运商', '车型', '司机']);
    expect(header).toContain('状态');
    expect(header).not.toContain('ID');
    const lists = wb.worksheets[1];
    const listTitles = (lists.getRow(1).values as unknown[]).slice(1);
    expect(listTitles).toEqual(expect.arrayContaining(['承运商', '状态', '冷机']));
    const col = listTitles.indexOf('状态') + 1;
    expect([lists.getRow(2).getCell(col).value, lists.getRow(3).getCell(col).value]).toEqual(['启用', '停用']);
    const carrierCol = listTitles.indexOf('承运商') + 1;
    expect(lists.getColumn(carrierCol).values).toContain(c1.carrierName);

    // Money in 元 and times: the contract template names its amount in 元.
    const contract = await t.app.request('/api/importCenter/template/contract', { headers: { token: admin.token } });
    const cwb = new ExcelJS.Workbook();
    await cwb.xlsx.load(Buffer.from(await contract.arrayBuffer()) as never);
    expect((cwb.worksheets[0].getRow(1).values as unknown[])).toContain('合同金额(元)');

    // A resource that cannot be imported, and a user without the right to add it.
    expect((await admin.get('/importCenter/template/role')).code).toBe(100);
    expect((await carrier.get('/importCenter/template/goods')).code).toBe(104);
  });

  it('money: 元 to 分 exactly', () => {
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen('1234567.8')).toBe(123456780);
    expect(yuanToFen('12.345')).toBeUndefined();
    expect(yuanToFen('12元')).toBeUndefined();
  });

  it('imports the valid rows and reports the bad ones by row, column title and message', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => [plate(i), c1.carrierName, '启用', 12.5, '是']);
    rows[3] = [plate(3), '不存在的承运商', '启用', 1, '否'];
    rows[7] = ['京A1', c1.carrierName, '启用', 1, '否'];
    rows[9] = [plate(9), c1.carrierName, '报废', 1, '否'];
    rows[12] = [plate(12), c1.carrierName, '启用', -3, '否'];
    const created = await upload(t, admin.token, VEHICLES, await xlsxOf(HEADER, rows));
    expect(created).toMatchObject({ code: 1, message: '导入任务已创建，请在导入中心查看进度' });
    const task = await finished(admin, created.result.id);
    expect(task).toMatchObject({ status: 4, statusName: '部分导入', rowsTotal: 20, rowsDone: 20, rowsOk: 16, rowsFailed: 4, hasErrorReport: true, resourceName: '车辆' });
    expect(await vehicleCount('浙F000')).toBe(16);
    const { rows: report } = await errorReport(admin.token, task.id);
    expect(report[0]).toEqual(['行号', '列名', '错误信息']);
    expect(report.slice(1)).toEqual([
      [5, '承运商', '承运商：承运商“不存在的承运商”不存在'],
      [9, '车牌号', expect.stringContaining('请输入正确的车牌号')],
      [11, '状态', '状态：只能填写 启用、停用'],
      [14, '载重(吨)', expect.stringContaining('载重')],
    ]);
    // The imported record is a normal record: version 1, history of its creation.
    const list = await admin.post('/res/vehicle/list', { vehicleNo: plate(0) });
    expect(list.result.data[0]).toMatchObject({ vehicleNo: plate(0), carrierName: c1.carrierName, loadWeight: 12.5, status: 0, coldMachine: 1, version: 1 });
  });

  it('all or nothing: one bad row and nothing is written; a clean file is written whole', async () => {
    const rows = Array.from({ length: 450 }, (_, i) => [plate(1000 + i), c1.carrierName, '启用', 1, '否']);
    rows[400] = [plate(1400), '查无此承运商', '启用', 1, '否'];
    const before = await vehicleCount('浙F01');
    const bad = await finished(admin, (await upload(t, admin.token, { ...VEHICLES, mode: '1' }, await xlsxOf(HEADER, rows))).result.id);
    expect(bad).toMatchObject({ status: 2, statusName: '导入失败', rowsOk: 0, rowsFailed: 1, hasErrorReport: true });
    expect(bad.failReason).toContain('没有导入任何数据');
    expect(await vehicleCount('浙F01')).toBe(before);
    expect((await errorReport(admin.token, bad.id)).rows[1]).toEqual([402, '承运商', '承运商：承运商“查无此承运商”不存在']);

    // Two rows of one file with one plate: refused in a dry run too.
    rows[400] = [plate(1000), c1.carrierName, '启用', 1, '否'];
    const dup = await finished(admin, (await upload(t, admin.token, { ...VEHICLES, mode: '1' }, await xlsxOf(HEADER, rows))).result.id);
    expect(dup).toMatchObject({ status: 2, rowsFailed: 1 });
    expect((await errorReport(admin.token, dup.id)).rows[1]).toEqual([402, '车牌号', '车牌号与第2行重复']);

    rows[400] = [plate(1400), c1.carrierName, '启用', 1, '否'];
    const good = await finished(admin, (await upload(t, admin.token, { ...VEHICLES, mode: '1' }, await xlsxOf(HEADER, rows))).result.id);
    expect(good).toMatchObject({ status: 1, statusName: '导入完成', rowsOk: 450, rowsFailed: 0, hasErrorReport: false });
    expect(await vehicleCount('浙F01')).toBe(before + 450);
  });

  it('duplicates by the unique key: refused, or updated as a normal update with version and history', async () => {
    const file = await xlsxOf(HEADER, [[plate(0), c2.carrierName, '停用', 30, '否'], [plate(5000), c2.carrierName, '启用', 2, '否']]);
    const refused = await finished(admin, (await upload(t, admin.token, VEHICLES, file)).result.id);
    expect(refused).toMatchObject({ status: 4, rowsOk: 1, rowsFailed: 1 });
    expect((await errorReport(admin.token, refused.id)).rows[1]).toEqual([2, '车牌号', '车牌号已存在']);

    const updated = await finished(admin, (await upload(t, admin.token, { ...VEHICLES, onDuplicate: '1' }, file)).result.id);
    expect(updated).toMatchObject({ status: 1, rowsOk: 2, rowsFailed: 0 });
    const v = (await admin.post('/res/vehicle/list', { vehicleNo: plate(0) })).result.data[0];
    expect(v).toMatchObject({ carrierName: c2.carrierName, status: 1, loadWeight: 30, version: 2 });
    const history = await admin.post('/res/vehicle/history', { id: v.id });
    expect(history.result.data[0]).toMatchObject({ action: 'update', recordVersion: 2 });
  });

  it('a carrier imports only for itself and sees only its own tasks', async () => {
    const own = (await carrier.post('/res/carrier/list', {})).result.data[0];
    const rows = [[plate(7000), own.carrierName, '启用', 1, '否'], [plate(7001), c2.id === own.id ? c1.carrierName : c2.carrierName, '启用', 1, '否']];
    const created = await upload(t, carrier.token, VEHICLES, await xlsxOf(HEADER, rows));
    expect(created.code).toBe(1);
    const task = await finished(carrier, created.result.id);
    // Another carrier's name is not among the values it may use.
    expect(task).toMatchObject({ rowsOk: 1, rowsFailed: 1 });
    const mine = await carrier.post('/importCenter/list', {});
    expect(mine.result.data.map((x: any) => x.id)).toEqual([task.id]);
    // The admin's tasks are neither listed nor downloadable for it.
    const adminTask = (await admin.post('/importCenter/list', {})).result.data[0];
    expect((await carrier.get(`/importCenter/errors/${adminTask.id}`)).message).toBe('导入任务不存在或无权访问');
    // Updating duplicates needs the right to change: a customer cannot import vehicles at all.
    const customer = await t.as('customer');
    expect((await upload(t, customer.token, VEHICLES, await xlsxOf(HEADER, rows))).code).toBe(104);
  });

  it('refuses a file that is not xlsx, an oversized file, bad query values, a missing file — writing nothing', async () => {
    const text = new TextEncoder().encode('车牌号,承运商\n浙F1,x');
    let r = await t.refused(async () => ({ ...(await upload(t, admin.token, VEHICLES, text, 'a.xlsx')), headers: new Headers() }));
    expect(r.message).toBe('请上传 .xlsx 格式的 Excel 文件（可先下载导入模板）');
    r = await t.refused(async () => ({ ...(await upload(t, admin.token, VEHICLES, await xlsxOf(HEADER, []), 'a.csv')), headers: new Headers() }));
    expect(r.code).toBe(100);
    const big = new Uint8Array(21 * 1024 * 1024);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    r = await t.refused(async () => ({ ...(await upload(t, admin.token, VEHICLES, big)), headers: new Headers() }));
    expect(r).toMatchObject({ code: 100, message: '文件大小不能超过20MB' });
    for (const [query, message] of [
      [{ ...VEHICLES, mode: '3' }, '导入方式'], [{ ...VEHICLES, onDuplicate: 'x' }, '重复数据'], [{ resourceId: 'vehicle', mode: '1' }, '重复数据'],
      [{ ...VEHICLES, resourceId: "x' OR 1=1" }, '导入类型'], [{ ...VEHICLES, resourceId: '<script>' }, '导入类型'], [{ ...VEHICLES, extra: '1' }, 'extra'],
    ] as const) {
      r = await t.refused(async () => ({ ...(await upload(t, admin.token, query, await xlsxOf(HEADER, []))), headers: new Headers() }));
      expect(r.code).toBe(100);
      expect(r.message).toContain(message);
    }
    const empty = await t.app.request(`/api/importCenter/create?${new URLSearchParams(VEHICLES)}`, { method: 'POST', headers: { token: admin.token }, body: new FormData() });
    expect(await empty.json()).toMatchObject({ code: 100, message: '文件：请选择要导入的文件' });
  });

  it('reads Chinese text intact across the stream chunks (a few thousand rows of shared and inline strings)', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => [`浙G${String(i).padStart(5, '0')}`, c1.carrierName, i % 2 ? '启用' : '停用', 1, '否', `备注：冷链运输第${i}车，货物为冷冻食品，请注意温度`]);
    const task = await finished(admin, (await upload(t, admin.token, VEHICLES, await xlsxOf([...HEADER, '备注'], rows))).result.id);
    expect(task).toMatchObject({ status: 1, rowsOk: 3000, rowsFailed: 0 });
    const last = (await admin.post('/res/vehicle/list', { vehicleNo: '浙G02999' })).result.data[0];
    expect(last).toMatchObject({ carrierName: c1.carrierName, remark: '备注：冷链运输第2999车，货物为冷冻食品，请注意温度' });
  }, 300_000);

  it('rows holding only formatting are not counted as rows of the file', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('导入数据');
    ws.addRow(HEADER);
    ws.addRow([plate(7100), c1.carrierName, '启用', 1, '否']);
    ws.addRow([plate(7101), c1.carrierName, '启用', 1, '否']);
    // What a spreadsheet program leaves below the data: rows with a height or a style but no value.
    for (let n = 4; n <= 30; n++) ws.getRow(n).height = 20;
    ws.getRow(31).getCell(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFFF00' } };
    const task = await finished(admin, (await upload(t, admin.token, VEHICLES, new Uint8Array(await wb.xlsx.writeBuffer()))).result.id);
    expect(task).toMatchObject({ status: 1, rowsTotal: 2, rowsDone: 2, rowsOk: 2, rowsFailed: 0 });
  });

  it('a file of more rows than the limit is refused before any row is written', async () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => [`浙K${String(i).padStart(6, '0')}`, c1.carrierName]);
    const task = await finished(admin, (await upload(t, admin.token, VEHICLES, await xlsxOf(HEADER.slice(0, 2), rows))).result.id, 300_000);
    expect(task).toMatchObject({ status: 2, rowsOk: 0, failReason: `文件超过${MAX_IMPORT_ROWS}行，请拆分后分批导入` });
    expect(await vehicleCount('浙K')).toBe(0);
  }, 300_000);

  it('a file without the template header, without a required column, or unreadable, fails the task with a reason', async () => {
    const noHeader = await finished(admin, (await upload(t, admin.token, VEHICLES, await xlsxOf(['甲', '乙'], [['1', '2']]))).result.id);
    expect(noHeader).toMatchObject({ status: 2, failReason: '文件第一行不是模板的表头，请下载模板填写后导入' });
    const missing = await finished(admin, (await upload(t, admin.token, VEHICLES, await xlsxOf(['*车牌号', '状态'], [[plate(9000), '启用']]))).result.id);
    expect(missing).toMatchObject({ status: 2, failReason: '文件缺少必填列：承运商' });
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    const broken = await finished(admin, (await upload(t, admin.token, VEHICLES, zip)).result.id);
    expect(broken).toMatchObject({ status: 2, failReason: '文件无法读取，请上传用模板填写的 .xlsx 文件' });
  });
});
