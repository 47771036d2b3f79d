// A dispatcher adds a vehicle (first with bad input, refused in place), finds it, changes its load
// and reads that change in the vehicle's history.
import { expect, test } from '@playwright/test';
import { login, mainArea, searchList, toast, uniqueSuffix } from './support.ts';

test('a dispatcher adds, finds, changes a vehicle and reads its history', async ({ page }) => {
  await login(page, 'dispatcher');
  const menu = page.getByRole('navigation', { name: '主菜单' });
  const group = menu.getByRole('button', { name: '基础数据' });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await menu.getByRole('link', { name: '车辆管理' }).click();

  await expect(page).toHaveURL(/\/vehicle$/);
  const main = mainArea(page);
  await expect(main.getByRole('heading', { name: '车辆管理' })).toBeVisible();
  const pager = main.getByRole('navigation', { name: '分页' });
  await expect(pager).toContainText(/共 \d+ 条/);
  await expect(main.getByRole('row', { name: /^选择 / }).first()).toBeVisible();

  // Bad input: each message under its own field, and no save request at all.
  const saves: string[] = [];
  page.on('request', (r) => r.url().includes('/api/res/vehicle/save') && saves.push(r.url()));
  await main.getByRole('button', { name: '新增', exact: true }).click();
  await expect(page).toHaveURL(/\/vehicle\/add$/);
  await expect(main.getByRole('heading', { name: '新增车辆' })).toBeVisible();
  const plate = main.getByRole('textbox', { name: '车牌号' });
  const vin = main.getByRole('textbox', { name: '车架号' });
  await plate.fill('ABC');
  await vin.fill('abc123');
  await main.getByRole('button', { name: '保 存' }).click();
  await expect(plate).toHaveAccessibleDescription('车牌号：请输入正确的车牌号');
  await expect(vin).toHaveAccessibleDescription('车架号：请输入17位数字/大写英文字母');
  await expect(main.getByRole('combobox', { name: '承运商' })).toHaveAccessibleDescription('承运商不能为空');
  await expect(plate).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/vehicle\/add$/);
  expect(saves).toHaveLength(0);

  // Good input: saved, back on the list.
  const plateNo = `京A${uniqueSuffix()}`;
  await plate.fill(plateNo);
  await vin.fill('LJ1YCDGA9HW2588' + uniqueSuffix(2, '0123456789'));
  await expect(plate).not.toHaveAttribute('aria-invalid', 'true');
  await main.getByRole('combobox', { name: '承运商' }).click();
  // The first option that has a name (a spinner option shows while the carriers load).
  const carrierOption = page.getByRole('listbox').getByRole('option', { name: /\S/ }).first();
  const carrierName = (await carrierOption.textContent())!.trim();
  await carrierOption.click();
  await expect(main.getByRole('combobox', { name: '承运商' })).toHaveValue(carrierName);
  await main.getByRole('textbox', { name: '载重(吨)' }).fill('12.5');
  await main.getByRole('button', { name: '保 存' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/vehicle$/);
  expect(saves).toHaveLength(1);

  // The search finds exactly the new vehicle.
  await searchList(page, '车牌号', plateNo);
  await expect(pager).toContainText('共 1 条');
  const row = main.getByRole('row', { name: new RegExp(`^选择 ${plateNo} `) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: carrierName, exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '12.5', exact: true })).toBeVisible();

  // Change the load.
  await row.getByRole('button', { name: '修改', exact: true }).click();
  await expect(main.getByRole('heading', { name: '修改车辆' })).toBeVisible();
  const load = main.getByRole('textbox', { name: '载重(吨)' });
  await expect(load).toHaveValue('12.5');
  await load.fill('20');
  await main.getByRole('button', { name: '保 存' }).click();
  await expect(page).toHaveURL(/\/vehicle$/);
  await searchList(page, '车牌号', plateNo);
  await expect(row.getByRole('cell', { name: '20', exact: true })).toBeVisible();

  // The history shows that change, before → after, newest first.
  await row.getByRole('button', { name: '修改记录', exact: true }).click();
  await expect(page).toHaveURL(/\/vehicle\/updateRecord\?id=\d+$/);
  const records = main.getByRole('list', { name: '修改记录' }).getByRole('listitem');
  await expect(records).toHaveCount(2);
  await expect(records.first()).toContainText('修改');
  await expect(records.first()).toContainText('张调度');
  await expect(records.first().getByRole('row', { name: '载重(吨) 12.5 → 20' })).toBeVisible();
  await expect(records.nth(1)).toContainText('新增');
  await expect(records.nth(1).getByRole('row', { name: `车牌号 — → ${plateNo}` })).toBeVisible();
});
