// The transport journey: a dispatcher creates an order, splits it and assigns a vehicle of the
// demo carrier's fleet to one part; the carrier accepts; the dispatcher runs the waybill through
// every node to the receipt re-review. Every step is a row button offered only in the waybill's
// current state, most open a dialog filled by the step's before call; the waybill detail's
// timeline then shows every node with its times.
import { expect, test, type Page } from '@playwright/test';
import { CONSOLE_ORIGIN, login, logout, mainArea, searchList, toast, uniqueSuffix } from './support.ts';

test.setTimeout(240_000);

async function openMenu(page: Page, group: string, item: string) {
  const menu = page.getByRole('navigation', { name: '主菜单' });
  const button = menu.getByRole('button', { name: group });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await menu.getByRole('link', { name: item, exact: true }).click();
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`/api${path}`);
  const json = (await res.json()) as { code: number; message: string; result: T };
  expect(json.code, `${path}: ${json.message}`).toBe(1);
  return json.result;
}

async function postJson<T>(page: Page, path: string, body: unknown): Promise<T> {
  const res = await page.request.post(`/api${path}`, { data: body, headers: { origin: CONSOLE_ORIGIN } });
  const json = (await res.json()) as { code: number; message: string; result: T };
  expect(json.code, `${path}: ${json.message}`).toBe(1);
  return json.result;
}

/** Picks the first named option of an open combobox list, or the one matching `name`. */
async function pick(page: Page, combobox: ReturnType<Page['getByRole']>, name?: string | RegExp) {
  await combobox.click();
  const option = page.getByRole('listbox').getByRole('option', { name: name ?? /\S/ }).first();
  await expect(option).toBeVisible();
  const text = (await option.textContent())!.trim();
  await option.click();
  return text;
}

const rowOf = (page: Page, no: string) => mainArea(page).getByRole('row', { name: new RegExp(no) });

/**
 * Runs one row action: a confirm is accepted, a dialog is saved as its before call filled it
 * (after `fill`). Done when the dialog is gone and the row offers the next step.
 */
async function step(page: Page, no: string, label: string, next: string, kind: 'confirm' | 'dialog', fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await rowOf(page, no).getByRole('button', { name: label, exact: true }).click();
  if (kind === 'confirm') {
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(confirm).toBeHidden();
  } else {
    const dialog = page.getByRole('dialog', { name: label });
    await expect(dialog.getByRole('button', { name: '保 存' })).toBeVisible();
    if (fill) await fill(dialog);
    await dialog.getByRole('button', { name: '保 存' }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(rowOf(page, no).getByRole('button', { name: next, exact: true })).toBeVisible();
}

test('an order goes from creation through split, vehicle, acceptance and every node to receipt re-review', async ({ page }) => {
  await login(page, 'dispatcher');
  await openMenu(page, '订单运单', '订单管理');
  await expect(page).toHaveURL(/\/order$/);
  const main = mainArea(page);
  await expect(main.getByRole('heading', { name: '订单管理' })).toBeVisible();
  // Status tabs with counts from one grouped call.
  await expect(main.getByRole('tab', { name: /^全部\(\d+\)$/ })).toBeVisible();

  // Create the order.
  const orderNo = `E2E${uniqueSuffix(8)}`;
  await main.getByRole('button', { name: '新增', exact: true }).click();
  await expect(page).toHaveURL(/\/order\/add$/);
  await expect(main.getByRole('heading', { name: '新增订单' })).toBeVisible();
  await main.getByRole('textbox', { name: '订单号' }).fill(orderNo);
  await pick(page, main.getByRole('combobox', { name: '客户' }));
  await pick(page, main.getByRole('combobox', { name: '业务类型' }), '成品销售');
  const shipper = await pick(page, main.getByRole('combobox', { name: '发货地' }));
  await main.getByRole('combobox', { name: '收货地' }).click();
  const receiverOption = page.getByRole('listbox').getByRole('option', { name: /\S/ }).filter({ hasNotText: shipper }).first();
  const receiver = (await receiverOption.textContent())!.trim();
  await receiverOption.click();
  // The goods list needs one line at least, so the form starts with one; the demo corporation also
  // allows goods typed by hand (the catalogue picker has its own journey, order-goods-picker.spec.ts).
  await main.getByRole('button', { name: '手工填写' }).click();
  await main.getByRole('textbox', { name: '货物名称' }).fill('冷冻鸡肉');
  await main.getByRole('textbox', { name: '数量' }).fill('10');
  await main.getByRole('textbox', { name: '单位' }).fill('箱');
  await main.getByRole('button', { name: '保 存' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/order$/);

  await searchList(page, '订单号', orderNo);
  await expect(rowOf(page, orderNo)).toBeVisible();
  await expect(rowOf(page, orderNo)).toContainText('待调度');

  // Split off 4 of the 10 boxes.
  await rowOf(page, orderNo).getByRole('button', { name: '拆分', exact: true }).click();
  const split = page.getByRole('dialog', { name: '拆分' });
  const quantity = split.getByRole('textbox', { name: '拆分数量' });
  // The quantity starts empty: the user says how much goes into the part.
  await expect(quantity).toHaveValue('');
  await quantity.fill('4');
  await split.getByRole('button', { name: '保 存' }).click();
  await expect(split).toBeHidden();
  const order = (await postJson<{ data: { id: number }[] }>(page, '/orderInfo/list', { orderNo })).data[0];
  const parts = (await getJson<{ parts: { lines: { quantity: number }[] }[] }>(page, `/orderInfo/details?id=${order.id}`)).parts;
  expect(parts).toHaveLength(1);

  // A vehicle of the demo carrier's fleet (the carrier user's partner) for that part.
  // The carrier user's partner is the corporation's first carrier (scripts/seed-demo.ts).
  const vehicles = await postJson<{ data: { vehicleNo: string; carrierId: number; status: number }[] }>(page, '/vehicleInfo/findAllVehicles', { carrierId: 1, status: [0], curPage: 1, pageSize: 5 });
  const vehicleNo = vehicles.data[0].vehicleNo;
  await rowOf(page, orderNo).getByRole('button', { name: '派车', exact: true }).click();
  const assign = page.getByRole('dialog', { name: '派车' });
  // The only part without a waybill is chosen at once.
  await expect(assign.getByRole('combobox', { name: '拆分单' })).not.toHaveValue('');
  // The vehicle list is searched by the typed plate number.
  await assign.getByRole('combobox', { name: '车辆' }).click();
  await assign.getByRole('combobox', { name: '车辆' }).pressSequentially(vehicleNo);
  await page.getByRole('listbox').getByRole('option', { name: vehicleNo }).click();
  await assign.getByRole('button', { name: '保 存' }).click();
  await expect(assign).toBeHidden();
  const details = await getJson<{ waybills: { waybillNo: string }[] }>(page, `/orderInfo/details?id=${order.id}`);
  const waybillNo = details.waybills[0].waybillNo;
  expect(waybillNo).toMatch(/^YD/);
  await logout(page);

  // The carrier accepts (接单): the only step its state offers.
  await login(page, 'carrier');
  await openMenu(page, '订单运单', '运单管理');
  await searchList(page, '运单号', waybillNo);
  await expect(rowOf(page, waybillNo)).toContainText('待司机接单');
  await expect(rowOf(page, waybillNo).getByRole('button', { name: '确认到达', exact: true })).toHaveCount(0);
  await rowOf(page, waybillNo).getByRole('button', { name: '接单', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '操作成功').first()).toBeVisible();
  await expect(rowOf(page, waybillNo).getByRole('button', { name: '接单', exact: true })).toHaveCount(0);
  await logout(page);

  // The dispatcher runs the waybill through every node.
  await login(page, 'dispatcher');
  await openMenu(page, '订单运单', '运单管理');
  await expect(page).toHaveURL(/\/waybill$/);
  await searchList(page, '运单号', waybillNo);
  await step(page, waybillNo, '确认到达', '开始装货', 'dialog');
  await step(page, waybillNo, '开始装货', '确认装货', 'dialog', async (d) => {
    // The dialog shows the record it acts on, from its before call.
    await expect(d).toContainText(waybillNo);
    await expect(d).toContainText(vehicleNo);
  });
  await step(page, waybillNo, '确认装货', '确认离开', 'dialog', async (d) => {
    await expect(d.getByRole('textbox', { name: '数量' })).toHaveValue('4');
  });
  await step(page, waybillNo, '确认离开', '确认到达', 'dialog');
  await step(page, waybillNo, '确认到达', '确认交货', 'dialog');
  await step(page, waybillNo, '确认交货', '确认离开', 'dialog');
  await step(page, waybillNo, '确认离开', '签收', 'dialog');
  await step(page, waybillNo, '签收', '上传回单', 'dialog', async (d) => {
    await expect(d.getByRole('textbox', { name: '签收数量' })).toHaveValue('4');
  });
  await step(page, waybillNo, '上传回单', '回单审核', 'dialog', async (d) => {
    // Uploaded as a receipt: the upload centre files it under 运单回单 by this key.
    const upload = page.waitForRequest((r) => r.url().includes('fildUploadPublicByInputStream'));
    await d.locator('input[type=file]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    expect(new URL((await upload).url()).searchParams.get('businessTypeKey')).toBe('waybillReceipt');
    await expect(d.getByRole('img').first()).toBeVisible();
  });
  await step(page, waybillNo, '回单审核', '回单复核', 'dialog');
  await step(page, waybillNo, '回单复核', '评价', 'dialog');
  await expect(rowOf(page, waybillNo)).toContainText('已完成');

  // The business jump opens the waybill's detail; its timeline shows both nodes with their times.
  await rowOf(page, waybillNo).getByRole('link', { name: waybillNo }).click();
  await expect(page).toHaveURL(/\/waybillDetails\?waybillId=\d+$/);
  await expect(main.getByText('运单详情')).toBeVisible();
  const timeline = main.getByRole('list', { name: '运单时间轴' }).or(main.getByLabel('运单时间轴')).first();
  await expect(timeline).toBeVisible();
  await expect(timeline).toContainText(shipper);
  await expect(timeline).toContainText(receiver);
  for (const kind of ['实际到达', '实际离开']) await expect(timeline.getByText(kind)).toHaveCount(2);
  const times = await timeline.locator('[title]').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
  expect(times.filter((t) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(t)).length).toBeGreaterThanOrEqual(4);
});

/** A 1×1 PNG: the receipt the upload endpoint checks by its first bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
