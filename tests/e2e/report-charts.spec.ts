// Charts that read right (issue 13, section 7): the category axis of 承运商月度运输统计 names the
// carriers (not the month on every bar), a group without carrier reads 未指定承运商, the months are the
// series; the daily chart runs from the oldest day to the newest; durations read as days, hours, minutes.
// The chart is SVG: its labels are read as the user sees them.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, login, mainArea } from './support.ts';

type Row = Record<string, unknown>;
interface ReportPage { totalRecords: number; data: Row[] }

/** Every text the chart draws, in document order (axis labels, legend, axis names). */
async function chartTexts(chart: Locator): Promise<string[]> {
  await expect(chart.locator('svg text').first()).toBeVisible({ timeout: 30_000 });
  return (await chart.locator('svg text').allTextContents()).map((t) => t.trim()).filter(Boolean);
}

const chartOf = (page: Page) => mainArea(page).getByRole('img', { name: '图表' });

test.describe.configure({ timeout: 120_000 });

test('the carrier chart labels its bars with carrier names and its series with months', async ({ page }) => {
  await login(page, 'dispatcher');
  const first = await api<ReportPage>(page.request, '/report/carrier-monthly/query', { curPage: 1, pageSize: 20 });
  await page.goto('/report/carrier-monthly');
  const main = mainArea(page);
  // The first report page loads the report renderer and echarts: allow for a busy machine.
  await expect(main.getByRole('heading', { name: '承运商月度运输统计' })).toBeVisible({ timeout: 30_000 });
  const chart = chartOf(page);
  const carriers = [...new Set(first.data.map((r) => String(r.carrierName)))];
  const months = [...new Set(first.data.map((r) => String(r.month)))].sort();
  await expect.poll(async () => (await chartTexts(chart)).filter((t) => carriers.includes(t)).length).toBe(carriers.length);
  const texts = await chartTexts(chart);
  // No bar is labelled with the month: the months name the series (legend), oldest first.
  expect(texts).not.toContain(months[0]);
  const legend = texts.filter((t) => /^\d{4}-\d{2} /.test(t));
  expect(legend.length).toBeGreaterThan(0);
  expect(legend.map((t) => t.slice(0, 7))).toEqual([...legend.map((t) => t.slice(0, 7))].sort());
  // The group of waybills with no carrier yet is named, never blank.
  expect(carriers).toContain('未指定承运商');
  expect(texts).toContain('未指定承运商');
  await expect(main.getByRole('cell', { name: '未指定承运商' }).first()).toBeVisible();
  // The on-time rate has its own axis, named on the right.
  expect(texts).toContain('准时率(%)');
  // Durations: days, hours and minutes, in the table and the totals.
  await expect(main.getByRole('columnheader', { name: '晚点总时长' })).toBeVisible();
  await expect(main.getByRole('cell', { name: /^\d+天\d+小时\d+分$/ }).first()).toBeVisible();
  await expect(main.getByRole('status', { name: '合计' })).toContainText(/晚点总时长: \d+天/);
  await page.screenshot({ path: test.info().outputPath('carrier-monthly.png') });
});

test('the daily chart runs from the oldest day to the newest while the table shows the newest first', async ({ page }) => {
  await login(page, 'dispatcher');
  await page.goto('/report/daily-waybills');
  const main = mainArea(page);
  await expect(main.getByRole('heading', { name: '每日运单量' })).toBeVisible({ timeout: 30_000 });
  const days = (await chartTexts(chartOf(page))).filter((t) => /^\d{4}-\d{2}-\d{2}$/.test(t));
  expect(days.length).toBeGreaterThan(2);
  expect(days).toEqual([...days].sort());
  // The table keeps its own order: newest first.
  const firstCell = (await main.getByRole('row').nth(1).getByRole('cell').first().textContent())!.trim();
  expect(firstCell >= days[days.length - 1]).toBe(true);
  await page.screenshot({ path: test.info().outputPath('daily-waybills.png') });
});
