// The reports journey of issue 6: open a report, search, see the totals, export, watch the task finish
// in the export centre, download the file and open it again.
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { api, login, mainArea, toast } from './support.ts';

type Row = Record<string, unknown>;
interface ReportPage { totalRecords: number; data: Row[] }
interface ExportTask { id: number; fileName: string; status: number; statusName: string; progress: number; rowsTotal: number }

const TITLE = '承运商月度运输统计';
const EXPORT_CONFIRM = '确定导出？‘确定’后将生成导出任务，后续需在【导出中心】跟进导出进度！';

/** The file name of an attachment's content-disposition, RFC 5987 filename* first. */
function attachmentName(disposition: string | undefined): string | undefined {
  if (!disposition || !/^\s*attachment/i.test(disposition)) return undefined;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  return star ? decodeURIComponent(star[1].trim()) : /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1];
}

test('a dispatcher searches a report, reads its totals, exports it and downloads the file from the export centre', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'dispatcher');
  // What the report holds before any search, and the latest month in it: the search will keep only that month.
  const all = await api<ReportPage>(page.request, '/report/carrier-monthly/query', { curPage: 1, pageSize: 1000 });
  const months = [...new Set(all.data.map((r) => String(r.month)))].sort();
  expect(months.length, 'the demo data spans several months').toBeGreaterThan(1);
  const latest = months.at(-1)!;

  await page.goto('/report/carrier-monthly');
  const main = mainArea(page);
  await expect(main.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(main.getByText(`共 ${all.totalRecords} 条`)).toBeVisible();

  // Search: created from the first day of the latest month (the date picker sends that day's start, Shanghai time).
  await main.getByRole('search').getByLabel('创建时间开始').fill(`${latest}-01`);
  await main.getByRole('button', { name: '查询', exact: true }).click();
  const search = { createdAt: [Date.parse(`${latest}-01T00:00:00+08:00`), null] };
  const narrowed = await api<ReportPage>(page.request, '/report/carrier-monthly/query', { ...search, curPage: 1, pageSize: 1000 });
  expect(narrowed.totalRecords).toBeGreaterThan(0);
  expect(narrowed.totalRecords).toBeLessThan(all.totalRecords);
  expect(narrowed.data.every((r) => r.month === latest)).toBe(true);
  await expect(main.getByText(`共 ${narrowed.totalRecords} 条`)).toBeVisible();
  const monthCells = main.getByRole('cell', { name: /^\d{4}-\d{2}$/ });
  await expect(monthCells.first()).toHaveText(latest);
  for (const text of await monthCells.allInnerTexts()) expect(text).toBe(latest);

  // The totals row: the /total answer for the same search, which is also the sum of every group (not only this page).
  const totals = await api<Row>(page.request, '/report/carrier-monthly/total', search);
  const sum = (field: string) => narrowed.data.reduce((s, r) => s + Number(r[field] ?? 0), 0);
  expect(totals.waybillCount).toBe(sum('waybillCount'));
  expect(totals.arrivedCount).toBe(sum('arrivedCount'));
  const totalsRow = main.getByRole('status', { name: '合计' });
  await expect(totalsRow).toContainText(`运单数: ${totals.waybillCount}`);
  await expect(totalsRow).toContainText(`已到达数: ${totals.arrivedCount}`);
  await expect(totalsRow).toContainText(`准时到达数: ${totals.onTimeCount}`);
  await expect(totalsRow).toContainText(`准时率(%): ${totals.onTimeRate ?? ''}`);

  // Export: the spec's confirmation, then the task is created.
  await main.getByRole('button', { name: '导出', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: '提示' });
  await expect(confirm).toContainText(EXPORT_CONFIRM);
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '导出任务已生成')).toBeVisible();

  // The top bar's export icon leads to the export centre, where the task reaches 已生成 at 100% (the list refreshes itself).
  await page.getByRole('group', { name: '通知' }).getByRole('button', { name: '导出中心' }).click();
  await expect(page).toHaveURL(/\/exportCenter$/);
  const tasks = await api<{ data: ExportTask[] }>(page.request, '/exportCenter/list', { curPage: 1, pageSize: 10 });
  const task = tasks.data.find((t) => t.fileName.startsWith(TITLE))!;
  expect(task, 'the new task is listed').toBeDefined();
  const row = main.getByRole('row').filter({ hasText: task.fileName });
  await expect(row).toContainText('已生成', { timeout: 60_000 });
  await expect(row).toContainText('100%');
  const done = (await api<{ data: ExportTask[] }>(page.request, '/exportCenter/list', { curPage: 1, pageSize: 10 })).data.find((t) => t.id === task.id)!;
  expect(done).toMatchObject({ status: 1, statusName: '已生成', progress: 100, rowsTotal: narrowed.totalRecords });

  // Download: the browser saves it under the name of the response's content-disposition.
  const [download, response] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForResponse((r) => r.url().includes(`/api/exportCenter/download/${task.id}`)),
    row.getByRole('button', { name: '下载' }).click(),
  ]);
  const fromHeader = attachmentName(response.headers()['content-disposition']);
  expect(fromHeader).toBe(task.fileName);
  expect(download.suggestedFilename()).toBe(fromHeader);
  expect(fromHeader).toMatch(new RegExp(`^${TITLE}_\\d{14}\\.xlsx$`));

  // The file itself: a header row, then one row per group of the searched report, with the same figures.
  const file = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  // The sheet is named after the report; the header, one row per group, then the totals row.
  const sheet = book.worksheets[0];
  expect(sheet.name).toBe(TITLE);
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual(expect.arrayContaining(['承运商', '月份', '运单数', '准时率(%)']));
  expect(sheet.actualRowCount - 2).toBe(narrowed.totalRecords);
  const countColumn = header.indexOf('运单数') + 1;
  let exported = 0;
  for (let r = 2; r < sheet.actualRowCount; r++) exported += Number(sheet.getRow(r).getCell(countColumn).value);
  expect(exported).toBe(totals.waybillCount);
  const last = sheet.getRow(sheet.actualRowCount);
  expect(last.getCell(1).value).toBe('合计');
  expect(last.getCell(countColumn).value).toBe(totals.waybillCount);
});
