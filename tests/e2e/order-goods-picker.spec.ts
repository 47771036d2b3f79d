// An order whose goods come from the catalogue (货品): the dispatcher narrows the picker to 冷冻食品,
// searches 白条, picks 冷冻白条鸡, types 30; the line shows the catalogue's unit and the weight and
// volume the server will store (20 kg and 0.05 m³ a box: 0.6 吨, 1.5 立方米). Saved, the order's line
// names the catalogue goods; dispatched, its waybill carries the goods' cold-chain band.
import { expect, test, type Page } from '@playwright/test';
import { CONSOLE_ORIGIN, login, mainArea, toast, uniqueSuffix } from './support.ts';

test.setTimeout(180_000);

async function pick(page: Page, combobox: ReturnType<Page['getByRole']>, name?: string | RegExp) {
  await combobox.click();
  const option = page.getByRole('listbox').getByRole('option', { name: name ?? /\S/ }).first();
  await expect(option).toBeVisible();
  const text = (await option.textContent())!.trim();
  await option.click();
  return text;
}

async function apiResult<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = method === 'GET' ? await page.request.get(`/api${path}`) : await page.request.post(`/api${path}`, { data: body, headers: { origin: CONSOLE_ORIGIN } });
  const json = (await res.json()) as { code: number; message: string; result: T };
  expect(json.code, `${path}: ${json.message}`).toBe(1);
  return json.result;
}

test('an order line picked from the goods catalogue shows and stores the catalogue figures', async ({ page }) => {
  await login(page, 'dispatcher');
  await page.goto('/order');
  const main = mainArea(page);
  await main.getByRole('button', { name: '新增', exact: true }).click();
  await expect(page).toHaveURL(/\/order\/add$/);
  await expect(main.getByRole('heading', { name: '新增订单' })).toBeVisible();
  const orderNo = `GP${uniqueSuffix(8)}`;
  await main.getByRole('textbox', { name: '订单号' }).fill(orderNo);
  await pick(page, main.getByRole('combobox', { name: '客户' }));
  await pick(page, main.getByRole('combobox', { name: '业务类型' }), '成品销售');
  const shipper = await pick(page, main.getByRole('combobox', { name: '发货地' }));
  await main.getByRole('combobox', { name: '收货地' }).click();
  await page.getByRole('listbox').getByRole('option', { name: /\S/ }).filter({ hasNotText: shipper }).first().click();

  // The picker: category first, then a search by name; each option says unit, weight and cold chain.
  await pick(page, main.getByRole('combobox', { name: '货品类别' }), '冷冻食品');
  const goods = main.getByRole('combobox', { name: '货品', exact: true });
  await goods.click();
  await goods.fill('白条');
  const option = page.getByRole('listbox').getByRole('option', { name: /HP005 冷冻白条鸡/ });
  await expect(option).toContainText('20千克/箱');
  await expect(option).toContainText('冷链 -22~-18℃');
  await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(1);
  await option.click();
  await expect(goods).toHaveValue('HP005 冷冻白条鸡');
  await main.getByRole('textbox', { name: '数量' }).fill('30');
  await expect(main.getByText('箱', { exact: true })).toBeVisible();
  await expect(main.getByText('0.6', { exact: true })).toBeVisible();
  await expect(main.getByText('1.5', { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/h-goods-shots/order-add-picker.png', fullPage: true });

  await main.getByRole('button', { name: '保 存' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/order$/);
  const list = await apiResult<{ data: { id: number; orderNo: string; version: number }[] }>(page, 'POST', '/orderInfo/list', { orderNo });
  const order = list.data.find((o) => o.orderNo === orderNo)!;
  const details = await apiResult<{ goods: Record<string, unknown>[] }>(page, 'GET', `/orderInfo/details?id=${order.id}`);
  expect(details.goods).toEqual([expect.objectContaining({ goodsName: '冷冻白条鸡', goodsCode: 'HP005', unit: '箱', quantity: 30, weight: 0.6, volume: 1.5 })]);
  expect(details.goods[0].goodsInfoId).toEqual(expect.any(Number));

  // The update form opens on the picked goods with its figures.
  await page.goto(`/order/update?id=${order.id}`);
  await expect(main.getByRole('combobox', { name: '货品', exact: true })).toHaveValue('HP005 冷冻白条鸡');
  await expect(main.getByRole('textbox', { name: '数量' })).toHaveValue('30');
  await expect(main.getByText('0.6', { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/h-goods-shots/order-update-picker.png', fullPage: true });
});
