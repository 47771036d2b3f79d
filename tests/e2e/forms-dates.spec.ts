// Forms and dates as a dispatcher meets them: Chinese date pickers with the range shortcuts in a list
// search, a date-time field on the 24-hour clock, one Chinese message per wrong field naming it,
// yes/no questions answered by 是/否 with a default, and changing one's own password asks for the
// current one.
import { expect, test, type Page } from '@playwright/test';
import { CONSOLE_ORIGIN, login, mainArea, PASSWORD } from './support.ts';

const DAY_MS = 86_400_000;
/** A Shanghai calendar day of an instant, as the pickers write it. */
const shanghaiDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
/** Midnight in Shanghai of the day an instant falls on. */
const shanghaiMidnight = (ms: number) => Math.floor((ms + 8 * 3600_000) / DAY_MS) * DAY_MS - 8 * 3600_000;

async function openOrderList(page: Page) {
  await page.goto('/order');
  await expect(mainArea(page).getByRole('table')).toBeVisible();
}

test('a list search range: Chinese calendar, YYYY-MM-DD, and the 最近7天 shortcut sends whole Shanghai days', async ({ page }) => {
  await login(page, 'dispatcher');
  await openOrderList(page);
  const search = mainArea(page).getByRole('search');
  const start = search.getByRole('combobox', { name: '创建时间开始' });
  const end = search.getByRole('combobox', { name: '创建时间结束' });

  // The calendar speaks Chinese and its weeks start on Monday; no mm/dd/yyyy anywhere.
  await start.click();
  const calendar = page.getByRole('dialog', { name: '日历' });
  await expect(calendar).toBeVisible();
  await expect(calendar.getByText(/^\d{4}年\d{1,2}月$/).first()).toBeVisible();
  await expect(calendar.getByRole('columnheader').first()).toHaveText('一');
  await expect(calendar.getByRole('button', { name: '今天' })).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(start).toHaveAttribute('placeholder', '开始日期');

  await search.getByRole('button', { name: '创建时间快捷选择' }).click();
  for (const group of ['按日', '按月', '按年']) await expect(page.getByRole('menu').getByText(group, { exact: true })).toBeVisible();
  await page.getByRole('menuitem', { name: '最近7天' }).click();
  const now = Date.now();
  await expect(start).toHaveValue(shanghaiDay(now - 6 * DAY_MS));
  await expect(end).toHaveValue(shanghaiDay(now));

  const sent = page.waitForRequest((r) => r.method() === 'POST' && (r.postData() ?? '').includes('"createdAt"'));
  await mainArea(page).getByRole('button', { name: '查询', exact: true }).click();
  const body = JSON.parse((await sent).postData() ?? '{}');
  expect(body.createdAt).toEqual([shanghaiMidnight(now) - 6 * DAY_MS, shanghaiMidnight(now) + DAY_MS - 1]);

  // 上月 in the same menu: the first to the last day of last month.
  await search.getByRole('button', { name: '创建时间快捷选择' }).click();
  await page.getByRole('menuitem', { name: '上月' }).click();
  await expect(start).toHaveValue(/^\d{4}-\d{2}-01$/);
  await page.screenshot({ path: test.info().outputPath('range-shortcut.png') });
});

test('a date-time field takes 2026-11-05 and 17:45 on the 24-hour clock', async ({ page }) => {
  await login(page, 'dispatcher');
  await page.goto('/order/add');
  const day = page.getByRole('combobox', { name: '要求装货时间日期' });
  const time = page.getByRole('combobox', { name: '要求装货时间时间' });
  await day.fill('2026-11-05');
  await day.press('Tab');
  await time.fill('17:45');
  await time.press('Tab');
  await expect(day).toHaveValue('2026-11-05');
  await expect(time).toHaveValue('17:45');

  // The time list counts the hours 00–23, never AM/PM or 上午/下午.
  await page.getByRole('combobox', { name: '要求到达时间时间' }).click();
  const list = page.getByRole('listbox');
  await expect(list.getByRole('option', { name: '13:00' })).toBeAttached();
  await expect(list.getByRole('option', { name: '00:00' })).toBeAttached();
  await expect(list.getByText(/AM|PM|上午|下午/)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('date-time-field.png') });
});

test('a wrong field gets one Chinese message naming it; yes/no questions are 是/否 with 否 chosen', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/vehicle/add');
  await page.getByLabel('载重(吨)').fill('abc');
  await page.getByLabel('终端号').fill('终端-1');
  await page.getByLabel('备注').click();
  const form = page.locator('form');
  await expect(form.getByText('载重：请输入数字', { exact: true })).toBeVisible();
  await expect(form.getByText(/^载重：/)).toHaveCount(1);
  await expect(form.getByText('终端号只能由字母和数字组成', { exact: true })).toBeVisible();
  await expect(form.getByText(/发动机号：|类型错误|空值/)).toHaveCount(0);

  const camera = page.getByRole('radiogroup', { name: '摄像头' });
  await expect(camera.getByRole('radio', { name: '否' })).toBeChecked();
  await camera.getByRole('radio', { name: '是' }).check();
  await expect(camera.getByRole('radio', { name: '是' })).toBeChecked();
  await page.screenshot({ path: test.info().outputPath('form-errors.png'), fullPage: true });
});

test('changing one\'s own password asks for the current one and refuses a wrong one', async ({ page }) => {
  await login(page, 'monitor');
  await page.getByRole('button', { name: /^用户：/ }).click();
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await expect(dialog.getByRole('heading')).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: '关闭' })).toHaveCount(1);
  const old = dialog.getByRole('textbox', { name: '原密码' });
  await dialog.getByRole('textbox', { name: '新密码' }).fill('Monitor#2027');
  await dialog.getByRole('textbox', { name: '确认密码' }).fill('Monitor#2027');
  await dialog.getByRole('button', { name: '保 存' }).click();
  await expect(dialog.getByText('原密码不能为空')).toBeVisible();

  await old.fill('Wrong#2026');
  await dialog.getByRole('button', { name: '保 存' }).click();
  await expect(old).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('原密码不正确')).toBeVisible();
  await expect(dialog).toBeVisible();

  // The demo password still works: nothing was changed.
  const check = await page.request.post('/api/login', { data: { userName: 'monitor', password: PASSWORD }, headers: { origin: CONSOLE_ORIGIN } });
  expect((await check.json()).code).toBe(1);
});
