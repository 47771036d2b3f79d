// The home dashboard as a dispatcher and a carrier user meet it: every number on the cards equals
// the answer of the call the page made; a line's in-transit number and today's number lead to the
// line's waybill list on that tab and creation day, whose total is the same number; 看板设置 hides
// a card and the choice survives a reload.
import { expect, test, type Page, type Response } from '@playwright/test';
import { login, mainArea } from './support.ts';

type Json = Record<string, any>;
const answerOf = (page: Page, path: string) =>
  page.waitForResponse((r: Response) => new URL(r.url()).pathname === `/api${path}`).then(async (r) => (await r.json()).result as Json);
const figure = (page: Page, label: string) => mainArea(page).locator(`[data-figure="${label}"]`);
const card = (page: Page, title: string) => mainArea(page).getByRole('region', { name: title, exact: true });

async function openHome(page: Page, user: string) {
  const calls = {
    today: answerOf(page, '/statistics/doBusi'),
    feed: answerOf(page, '/statistics/feedDeliveringAmount'),
    map: answerOf(page, '/statistics/dashboardMap'),
  };
  await login(page, user);
  return { today: await calls.today, feed: await calls.feed, map: await calls.map };
}

test('the dashboard\'s numbers equal the API\'s and lead to the lists that count them', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1400 });
  const { today, feed, map } = await openHome(page, 'dispatcher');

  await expect(figure(page, '今日订单总数')).toHaveText(String(today.orders.total));
  await expect(figure(page, '今日运单总数')).toHaveText(String(today.waybills.total));
  await expect(figure(page, '未处理报警数')).toHaveText(String(today.alarms.total));
  await expect(figure(page, '在线车辆数')).toHaveText(String(today.vehicles.online));
  await expect(card(page, '在线车辆').getByRole('link', { name: '车辆总数' })).toHaveText(String(today.vehicles.total));
  const rate = today.onTime.rate === null ? '—' : `${(today.onTime.rate * 100).toFixed(1)}%`;
  await expect(figure(page, '准时率')).toHaveText(rate);
  for (const line of today.waybills.byLine) await expect(card(page, '今日运单')).toContainText(`${line.businessLineName}：${line.total}`);
  await expect(card(page, '在途运单地图')).toContainText(`运输中 ${map.total} 单`);
  // Charts are drawn where people would rather look.
  await expect(card(page, '今日运单').getByRole('img', { name: '今日运单按状态' })).toBeVisible();
  await expect(card(page, '未处理报警').getByRole('img', { name: '未处理报警按类型' })).toBeVisible();

  // 饲料成品's waybills in transit: the number leads to the waybill list on 运输中, which counts the same.
  const inTransit = feed.byStatus.find((s: Json) => s.status === 400)?.count ?? 0;
  expect(inTransit).toBeGreaterThan(0);
  await card(page, '各业务线在途').getByRole('link', { name: '饲料成品运输中' }).click();
  await expect(page).toHaveURL(/\/waybill\?tab=400$/);
  await expect(mainArea(page).getByRole('tab', { name: `运输中(${inTransit})` })).toHaveAttribute('aria-selected', 'true');
  await expect(mainArea(page).getByRole('navigation', { name: '分页' })).toContainText(`共 ${inTransit} 条`);

  // Today's 饲料成品 waybills: the list opens on today's creation day with the same total.
  const feedToday = today.waybills.byLine.find((l: Json) => l.businessLine === 'finishProduct');
  await page.goto('/home');
  await card(page, '今日运单').getByRole('link', { name: String(feedToday.total) }).first().click();
  await expect(page).toHaveURL(/\/waybill\?createdAt=/);
  await expect(mainArea(page).getByRole('navigation', { name: '分页' })).toContainText(`共 ${feedToday.total} 条`);
  const dates = await mainArea(page).getByRole('search').locator('input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  expect(dates.filter((d) => d === today.day)).toHaveLength(2);
});

test('看板设置 hides a card for this user only, and a carrier user sees its own numbers', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openHome(page, 'dispatcher');
  await expect(card(page, '在途运单地图')).toBeVisible();
  await mainArea(page).getByRole('button', { name: '看板设置' }).click();
  const dialog = page.getByRole('dialog', { name: '看板设置' });
  await dialog.getByRole('checkbox', { name: '在途运单地图' }).uncheck();
  await dialog.getByRole('button', { name: '上移 准时率' }).click();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(card(page, '在途运单地图')).toHaveCount(0);
  await page.reload();
  await expect(card(page, '今日运单')).toBeVisible();
  await expect(card(page, '在途运单地图')).toHaveCount(0);
  // 准时率 now comes before 今日运单.
  const titles = await mainArea(page).getByRole('region').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  expect(titles.indexOf('准时率')).toBeLessThan(titles.indexOf('今日运单'));
  // 恢复默认 brings the map back.
  await mainArea(page).getByRole('button', { name: '看板设置' }).click();
  await page.getByRole('dialog', { name: '看板设置' }).getByRole('button', { name: '恢复默认' }).click();
  await expect(card(page, '在途运单地图')).toBeVisible();

  await page.context().clearCookies();
  const { today } = await openHome(page, 'carrier');
  await expect(card(page, '今日订单')).toHaveCount(0);
  await expect(card(page, '未处理报警')).toHaveCount(0);
  await expect(figure(page, '今日运单总数')).toHaveText(String(today.waybills.total));
  await expect(figure(page, '在线车辆数')).toHaveText(String(today.vehicles.online));
});
