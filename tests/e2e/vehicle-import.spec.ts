// 导入 as a dispatcher meets it: 1,000 vehicles of which 5 rows are wrong. 全部成功才导入 writes
// nothing and the error report names the 5 rows; 仅导入正确的行 then imports the 995 others, which
// the vehicle list finds.
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { api, login, mainArea, searchList, uniqueSuffix } from './support.ts';

const N = 1000;
const BAD = new Set([10, 200, 455, 700, 999]);

async function vehicleFile(prefix: string, carrier: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('导入数据');
  ws.addRow(['*车牌号', '*承运商', '状态', '载重(吨)', '冷机']);
  for (let i = 0; i < N; i++) {
    const plate = `${prefix}${String(i).padStart(3, '0')}`;
    if (i === 10) ws.addRow([plate, '没有这个承运商', '启用', 10, '否']);
    else if (i === 200) ws.addRow(['浙A1', carrier, '启用', 10, '否']);
    else if (i === 455) ws.addRow([plate, carrier, '报废', 10, '否']);
    else if (i === 700) ws.addRow([plate, carrier, '启用', -5, '否']);
    else if (i === 999) ws.addRow([plate, '', '启用', 10, '否']);
    else ws.addRow([plate, carrier, '启用', 10, i % 2 ? '是' : '否']);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function importOnce(page: Page, file: Buffer, name: string, mode: '全部成功才导入' | '仅导入正确的行') {
  await page.goto('/vehicle');
  await mainArea(page).getByRole('toolbar', { name: '操作' }).getByRole('button', { name: '导入' }).click();
  const dialog = page.getByRole('dialog', { name: '导入车辆' });
  await expect(dialog.getByRole('button', { name: '下载导入模板' })).toBeVisible();
  await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
  await expect(dialog.getByText(name)).toBeVisible();
  await dialog.getByRole('radio', { name: mode }).check();
  await dialog.getByRole('radio', { name: '拒绝' }).check();
  await dialog.getByRole('button', { name: '开始导入' }).click();
  await expect(dialog.getByText('导入任务已创建')).toBeVisible();
  await dialog.getByRole('button', { name: '前往导入中心' }).click();
  await expect(page).toHaveURL(/\/importCenter$/);
  return mainArea(page).getByRole('row', { name: new RegExp(name) }).first();
}

test('import 1,000 vehicles with 5 bad rows: the report names them, the valid rows are imported', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'admin');
  const carriers = await api<{ data: { carrierName: string }[] }>(page.request, '/res/carrier/list', { pageSize: 1 });
  const prefix = `浙J${uniqueSuffix(2, 'ABCDEFGHJKLMNPQRSTUVWXYZ')}`;
  const file = await vehicleFile(prefix, carriers.data[0].carrierName);

  // All or nothing: refused whole, with the 5 rows in the report.
  const first = await importOnce(page, file, `车辆全部_${prefix}.xlsx`, '全部成功才导入');
  await expect(first).toContainText('导入失败', { timeout: 90_000 });
  await expect(first).toContainText('5行数据有误');
  const download = page.waitForEvent('download');
  await first.getByRole('button', { name: '下载错误报告' }).click();
  const report = new ExcelJS.Workbook();
  await report.xlsx.load(readFileSync((await (await download).path())!) as never);
  const rows: unknown[][] = [];
  report.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  expect(rows[0]).toEqual(['行号', '列名', '错误信息']);
  expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([[12, '承运商'], [202, '车牌号'], [457, '状态'], [702, '载重(吨)'], [1001, '承运商']]);
  await page.goto('/vehicle');
  await searchList(page, '车牌号', prefix);
  await expect(mainArea(page).getByText('共 0 条')).toBeVisible();

  // The valid rows only: 995 imported, 5 refused.
  const second = await importOnce(page, file, `车辆部分_${prefix}.xlsx`, '仅导入正确的行');
  await expect(second).toContainText('部分导入', { timeout: 90_000 });
  await expect(second.getByRole('cell', { name: '995', exact: true })).toBeVisible();
  await expect(second.getByRole('cell', { name: '5', exact: true })).toBeVisible();
  await page.goto('/vehicle');
  await searchList(page, '车牌号', prefix);
  await expect(mainArea(page).getByText(`共 ${N - BAD.size} 条`)).toBeVisible();
  await searchList(page, '车牌号', `${prefix}998`);
  await expect(mainArea(page).getByRole('cell', { name: `${prefix}998` })).toBeVisible();
});
