// 导入 on the order list as a dispatcher meets it: the 订单 template downloaded from the dialog gives
// the customers, places and goods to type; a file of 4 orders with one bad row is imported with
// 仅导入正确的行; the import centre shows 部分导入, and the order list finds the 3 new orders.
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { login, mainArea, searchList, uniqueSuffix } from './support.ts';

test('import orders from the order list and find them there', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'dispatcher');
  await page.goto('/order');
  await mainArea(page).getByRole('toolbar', { name: '操作' }).getByRole('button', { name: '导入' }).click();
  const dialog = page.getByRole('dialog', { name: '导入订单' });
  // Orders are never updated by an import: no choice is offered for duplicates.
  await expect(dialog.getByText('订单号已存在的行不导入')).toBeVisible();
  await expect(dialog.getByRole('radio', { name: '更新已有记录' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '下载导入模板' }).click();
  const template = await download;
  expect(template.suggestedFilename()).toBe('订单导入模板.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync((await template.path())!) as never);
  const header = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1) as string[];
  expect(header).toEqual(expect.arrayContaining(['*客户', '*发货地', '*收货地', '*货品', '*数量']));
  const lists = wb.worksheets[1];
  const listTitles = (lists.getRow(1).values as unknown[]).slice(1) as string[];
  const first = (title: string, k = 0) => lists.getRow(2 + k).getCell(listTitles.indexOf(title) + 1).value as string;

  // The file as a dispatcher fills it: the template's own sheet, one order per row.
  const prefix = `IMP${uniqueSuffix(5)}`;
  const ws = wb.worksheets[0];
  const at = (title: string) => header.findIndex((h) => h.replace(/^\*/, '') === title) + 1;
  const fill = (n: number, values: Record<string, unknown>) => {
    for (const [title, v] of Object.entries(values)) ws.getRow(n).getCell(at(title)).value = v as ExcelJS.CellValue;
  };
  const good = { 客户: first('客户'), 业务类型: '成品销售', 发货地: first('发货地', 0), 收货地: first('收货地', 2), 货品: first('货品'), 要求装货时间: '2026-12-01 08:00' };
  fill(2, { ...good, 订单号: `${prefix}-1`, 数量: 10 });
  fill(3, { ...good, 订单号: `${prefix}-2`, 数量: 2.5 });
  fill(4, { ...good, 订单号: `${prefix}-3`, 客户: '没有这个客户', 数量: 1 });
  fill(5, { ...good, 订单号: `${prefix}-4`, 数量: 7, 备注: '导入' });
  const file = Buffer.from(await wb.xlsx.writeBuffer());
  const name = `订单_${prefix}.xlsx`;

  await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
  await expect(dialog.getByText(name)).toBeVisible();
  await dialog.getByRole('radio', { name: '仅导入正确的行' }).check();
  await dialog.getByRole('button', { name: '开始导入' }).click();
  await expect(dialog.getByText('导入任务已创建')).toBeVisible();
  await dialog.getByRole('button', { name: '前往导入中心' }).click();
  await expect(page).toHaveURL(/\/importCenter$/);
  const task = mainArea(page).getByRole('row', { name: new RegExp(name) }).first();
  await expect(task).toContainText('部分导入', { timeout: 90_000 });
  await expect(task).toContainText('订单');
  await expect(task.getByRole('cell', { name: '3', exact: true })).toBeVisible();

  await page.goto('/order');
  await searchList(page, '订单号', prefix);
  await expect(mainArea(page).getByText('共 3 条')).toBeVisible();
  await expect(mainArea(page).getByRole('cell', { name: `${prefix}-4` })).toBeVisible();
  await expect(mainArea(page).getByRole('cell', { name: `${prefix}-3` })).toHaveCount(0);
});
