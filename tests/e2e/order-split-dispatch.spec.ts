// Orders show what happened to them (issue 13, items 3–5): a dispatcher splits an order and
// dispatches one part from the order detail. The split form starts with no quantity and names
// goods, never ids; the dispatch form's vehicle picker tells model, capacity and whether the
// vehicle is free, and its driver list holds only the vehicle's carrier's drivers, starting at the
// vehicle's own. The detail then shows the part, the waybill with its link, plate and carrier, the
// status the waybill gives the order, and the history lists the split and the dispatch. A driver
// of another carrier, sent straight to the API, is refused naming the driver field.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { CONSOLE_ORIGIN, login, mainArea } from './support.ts';

test.setTimeout(300_000);
// Dialogs load their page schema and before call lazily: on a busy machine that takes seconds.
const expect = baseExpect.configure({ timeout: 30_000 });
test.use({ viewport: { width: 1600, height: 900 } });

type Row = Record<string, any>;

async function call<T = Row>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ code: number; message: string; result: T }> {
  const res = method === 'GET'
    ? await page.request.get(`/api${path}`)
    : await page.request.post(`/api${path}`, { data: body, headers: { origin: CONSOLE_ORIGIN } });
  return res.json();
}

async function ok<T = Row>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const r = await call<T>(page, method, path, body);
  expect(r.code, `${path}: ${r.message}`).toBe(1);
  return r.result;
}

const section = (page: Page, title: string) => mainArea(page).locator('div', { has: page.getByText(title, { exact: true }) }).filter({ has: page.getByRole('table') }).last();

test('split an order, dispatch a part with a driver of the vehicle\'s carrier, and see it on the order', async ({ page }, testInfo) => {
  await login(page, 'dispatcher');
  const created = await ok<{ id: number; orderNo: string }>(page, 'POST', '/orderInfo/save', {
    customerId: 1, businessType: 1, shipperAreaId: 1, receiverAreaId: 3,
    goods: [{ goodsName: '冷冻鸡腿', quantity: 10, unit: '箱' }, { goodsName: '鲜牛奶', quantity: 4, unit: '桶' }],
  });
  // A free vehicle of one carrier, and a driver in service of another carrier.
  const vehicles = await ok<{ data: Row[] }>(page, 'POST', '/waybill/pageQueryVehicleInfo', { pageSize: 50 });
  const vehicle = vehicles.data.find((v) => v.loadState === 0 && v.driverId && v.carrierId)!;
  const foreign = (await ok<{ data: Row[] }>(page, 'POST', '/drivers/findAllDriverByPage', { status: [0], pageSize: 50 })).data.find((d) => d.carrierId !== vehicle.carrierId)!;
  const own = (await ok<{ data: Row[] }>(page, 'POST', '/drivers/findAllDriverByPage', { status: [0], carrierId: vehicle.carrierId, pageSize: 50 })).data;

  await page.goto(`/orderDetail?orderId=${created.id}`);
  const main = mainArea(page);
  await expect(main.getByText('订单未拆分')).toBeVisible();
  await expect(main.getByText('尚未派车', { exact: true })).toBeVisible();

  // Split: the quantity starts empty and the goods are named with what is left, never by id.
  await main.getByRole('button', { name: '拆分', exact: true }).click();
  const split = page.getByRole('dialog', { name: '拆分' });
  const quantities = split.getByRole('textbox', { name: '拆分数量' });
  await expect(quantities).toHaveCount(2);
  await expect(quantities.nth(0)).toHaveValue('');
  await expect(quantities.nth(1)).toHaveValue('');
  const goods = split.getByRole('combobox', { name: '货物' });
  await expect(goods.nth(0).locator('option:checked')).toHaveText('冷冻鸡腿（剩余10箱）');
  await expect(goods.nth(1).locator('option:checked')).toHaveText('鲜牛奶（剩余4桶）');
  await expect(split).not.toContainText('ID');
  await quantities.nth(0).fill('4');
  // Only the chicken goes into this part: the milk line is taken out.
  await split.getByRole('button', { name: '删除' }).nth(1).click();
  await expect(quantities).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('split-form.png') });
  await split.getByRole('button', { name: '保 存' }).click();
  await expect(split).toBeHidden();
  const parts = section(page, '拆分单');
  await expect(parts.getByRole('row', { name: /第1单/ })).toContainText('冷冻鸡腿 4箱');
  await expect(parts.getByRole('row', { name: /第1单/ })).toContainText('待派车');

  // Dispatch: no driver before a vehicle; the vehicle picker tells model, capacity and state.
  await main.getByRole('button', { name: '派车', exact: true }).click();
  const assign = page.getByRole('dialog', { name: '派车' });
  await expect(assign.getByRole('combobox', { name: '拆分单' }).locator('option:checked')).toHaveText('第1单：冷冻鸡腿 4箱');
  const driver = assign.getByRole('combobox', { name: '司机' });
  await driver.click();
  await expect(page.getByRole('listbox').getByRole('option', { name: '请先选择车辆' })).toBeVisible();
  await page.keyboard.press('Escape');
  const vehiclePicker = assign.getByRole('combobox', { name: '车辆' });
  await vehiclePicker.click();
  await vehiclePicker.pressSequentially(vehicle.vehicleNo);
  const option = page.getByRole('listbox').getByRole('option', { name: new RegExp(vehicle.vehicleNo) });
  await expect(option).toContainText('空闲');
  await expect(option).toContainText(vehicle.carModelName);
  await expect(option).toContainText(`载重${vehicle.loadWeight}吨`);
  await page.screenshot({ path: testInfo.outputPath('vehicle-picker.png') });
  await option.click();
  // The vehicle's own driver is chosen at once; the list holds only its carrier's drivers.
  await expect(driver).toHaveValue(vehicle.driverName);
  await driver.click();
  const driverOptions = page.getByRole('listbox').getByRole('option');
  await expect(driverOptions.first()).toBeVisible();
  const offered = (await driverOptions.allTextContents()).map((t) => t.trim());
  expect(offered.length).toBe(Math.min(own.length, 50));
  expect(offered).toContain(vehicle.driverName);
  expect(offered).not.toContain(foreign.driverName);
  await page.keyboard.press('Escape');
  await page.screenshot({ path: testInfo.outputPath('dispatch-form.png') });
  await assign.getByRole('button', { name: '保 存' }).click();
  await expect(assign).toBeHidden();

  // The order detail: status from the waybill, its carrier, the waybill with its link, plate and carrier.
  await expect(main.getByText('订单状态：')).toBeVisible();
  await expect(main.locator('dd').filter({ hasText: '待司机接单' }).first()).toBeVisible();
  await expect(main.locator('dd').filter({ hasText: vehicle.carrierName }).first()).toBeVisible();
  const waybills = section(page, '运单');
  const waybillRow = waybills.getByRole('row', { name: new RegExp(vehicle.vehicleNo) });
  await expect(waybillRow).toContainText(vehicle.carrierName);
  await expect(waybillRow).toContainText(vehicle.driverName);
  await expect(waybillRow).toContainText('第1单');
  const waybillLink = waybillRow.getByRole('link', { name: /^YD\d+$/ });
  const waybillNo = (await waybillLink.textContent())!.trim();
  await expect(parts.getByRole('row', { name: /第1单/ })).toContainText(waybillNo);
  // The history says who split and dispatched what.
  const history = section(page, '订单记录');
  await expect(history.getByRole('row', { name: /拆分/ })).toContainText('拆分出 第1单：冷冻鸡腿 4箱');
  await expect(history.getByRole('row', { name: /拆分/ })).toContainText('张调度');
  await expect(history.getByRole('row', { name: /派车/ })).toContainText(`派车 ${vehicle.vehicleNo} / ${vehicle.driverName}（${vehicle.carrierName}）`);
  await page.screenshot({ path: testInfo.outputPath('order-detail.png'), fullPage: true });

  // The server refuses a driver of another carrier for the next part, and nothing is dispatched.
  const next = await ok<{ partId: number; version: number }>(page, 'POST', '/orderInfo/splitOrder', {
    orderId: created.id, version: (await ok(page, 'GET', `/orderInfo/details?id=${created.id}`)).version,
    lines: [{ goodsId: (await ok<Row>(page, 'GET', `/orderInfo/details?id=${created.id}`)).goods[1].id, quantity: 4 }],
  });
  const refused = await call(page, 'POST', '/orderInfo/assignVehicle', { orderId: created.id, version: next.version, partId: next.partId, vehicleId: vehicle.id, driverId: foreign.id });
  expect(refused.code).toBe(100);
  expect(refused.message).toMatch(/^司机：不属于该车辆的承运商/);
  expect(refused.result).toEqual({ field: 'driverId' });
  expect((await ok<Row>(page, 'GET', `/orderInfo/details?id=${created.id}`)).waybills).toHaveLength(1);

  // The waybill link opens that waybill's detail.
  await waybillLink.click();
  await expect(page).toHaveURL(/waybillId=\d+/);
  await expect(mainArea(page).getByText(waybillNo).first()).toBeVisible();
});
