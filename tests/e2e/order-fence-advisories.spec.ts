// While a dispatcher fills 新增订单, the form asks the server about the two fences picked: whether
// each has an enabled shipper/receiver, and whether the distance between them is kept. The warnings
// never block the save. The missing distance is kept from the warning itself (维护距离): the
// warning goes, and the distance is the one the 距离 list then shows.
import { expect, test } from '@playwright/test';
import { api, login, mainArea, toast } from './support.ts';

test.setTimeout(180_000);

interface Fence { areaId: number; areaName: string }

test('the order form warns about fences without shippers or distance, and keeps a distance from the warning', async ({ page }) => {
  await login(page, 'dispatcher');
  const fences = (await api<{ data: Fence[] }>(page.request, '/electronic/getAreaLablePositionNew', { pageSize: 200 })).data;
  // Two fences with no distance kept between them, in either direction.
  let pair: [Fence, Fence] | undefined;
  for (const a of fences) {
    for (const b of fences) {
      if (a.areaId === b.areaId) continue;
      const { exists } = await api<{ exists: boolean }>(page.request, '/orderInfo/checkAreaDistance', { shipperAreaId: a.areaId, receiverAreaId: b.areaId });
      if (!exists) pair = [a, b];
      if (pair) break;
    }
    if (pair) break;
  }
  expect(pair, 'a demo fence pair without a distance').toBeTruthy();
  const [from, to] = pair!;
  const shippers = await api<{ passed: boolean }>(page.request, '/orderInfo/checkShipperReceiver', { shipperAreaId: from.areaId, receiverAreaId: to.areaId });

  await page.goto('/order/add');
  const main = mainArea(page);
  await expect(main.getByRole('heading', { name: '新增订单' })).toBeVisible();
  await main.getByRole('combobox', { name: '发货地' }).click();
  await page.getByRole('listbox').getByRole('option', { name: from.areaName, exact: true }).click();
  // One fence alone asks nothing yet.
  await expect(main.getByRole('status')).toHaveCount(0);
  await main.getByRole('combobox', { name: '收货地' }).click();
  await page.getByRole('listbox').getByRole('option', { name: to.areaName, exact: true }).click();

  const distanceWarning = main.getByRole('status').filter({ hasText: '未维护发货地到收货地的距离' });
  await expect(distanceWarning).toBeVisible();
  const shipperWarning = main.getByRole('status').filter({ hasText: '没有启用的' });
  await expect(shipperWarning).toHaveCount(shippers.passed ? 0 : 1);
  await page.screenshot({ path: test.info().outputPath('order-add-advisories.png'), fullPage: true });

  await distanceWarning.getByRole('textbox', { name: '距离(公里)' }).fill('-3');
  await distanceWarning.getByRole('button', { name: '维护距离' }).click();
  await expect(page.getByText(/距离.*不能小于0|不能为负数|不能小于 0/).first()).toBeVisible();
  await distanceWarning.getByRole('textbox', { name: '距离(公里)' }).fill('123.4');
  await distanceWarning.getByRole('button', { name: '维护距离' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(distanceWarning).toHaveCount(0);
  const kept = await api<{ exists: boolean; distance: { distanceKm: number } }>(page.request, '/orderInfo/checkAreaDistance', { shipperAreaId: from.areaId, receiverAreaId: to.areaId });
  expect(kept).toMatchObject({ exists: true, distance: { distanceKm: 123.4 } });
});
