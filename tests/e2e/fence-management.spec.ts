// 电子围栏管理 (issue 15 item 5): a dispatcher creates a circle fence from the fence list on the
// map (the shared edit layer: radius field, save), finds it in the list by its code with its type
// and radius, opens its where-used view, and picks it as a node of a new waybill.
import { expect, test, type Page } from '@playwright/test';
import { login, mainArea, searchList, toast, uniqueSuffix } from './support.ts';

async function openMenu(page: Page, group: string, item: string) {
  const menu = page.getByRole('navigation', { name: '主菜单' });
  const button = menu.getByRole('button', { name: group });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await menu.getByRole('link', { name: item, exact: true }).click();
}

test('a circle fence made in the fence list is offered by the waybill node picker', async ({ page }) => {
  await login(page, 'dispatcher');
  await openMenu(page, '基础数据', '电子围栏管理');
  await expect(page).toHaveURL(/\/area$/);
  const main = mainArea(page);
  await expect(main.getByRole('heading', { name: '电子围栏管理' })).toBeVisible();

  // New fence: the editor opens on a 200 m circle; the radius becomes 500 m.
  const suffix = uniqueSuffix();
  const name = `测试门店${suffix}`;
  const code = `E2E-${suffix}`;
  await main.getByRole('button', { name: '新增', exact: true }).click();
  await expect(page).toHaveURL(/\/area\/add$/);
  const editor = page.getByRole('dialog', { name: '新增围栏：在地图上绘制' });
  await expect(editor.getByRole('button', { name: '重新绘制' })).toBeEnabled({ timeout: 30_000 });
  await expect(editor.getByRole('radio', { name: '标点(圆形)' })).toBeChecked();
  // Saving without a name is refused in place, nothing sent.
  await editor.getByRole('button', { name: '保存' }).click();
  await expect(main.getByRole('textbox', { name: '围栏名称' })).toHaveAttribute('aria-invalid', 'true');
  await main.getByRole('textbox', { name: '围栏名称' }).fill(name);
  await main.getByRole('textbox', { name: '围栏编码' }).fill(code);
  await main.getByRole('textbox', { name: '围栏标签' }).fill('门店');
  await editor.getByRole('textbox', { name: '半径(米)' }).fill('500');
  await expect(editor.getByLabel('围栏大小')).toHaveText('圆形，半径 500 米，面积 0.785 平方公里');
  await editor.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(page).toHaveURL(/\/area$/);

  // In the list: found by its code, shown with its type's label, its size and no waybill yet.
  await searchList(page, '围栏编码', code);
  const row = main.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: '圆形', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '半径500米，0.785平方公里' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '门店', exact: true })).toBeVisible();

  // Its where-used view: no waybill uses it yet.
  await row.getByRole('button', { name: '使用情况', exact: true }).click();
  await expect(main.getByText('暂无运单使用此围栏')).toBeVisible();

  // A new waybill's node picker offers it by name.
  await page.goto('/waybill/add');
  await expect(main.getByRole('heading', { name: '新增运单' })).toBeVisible();
  const place = main.getByRole('combobox', { name: '地点' }).first();
  await place.click();
  await place.pressSequentially(name.slice(0, 6));
  const option = page.getByRole('listbox').getByRole('option', { name });
  await expect(option).toBeVisible();
  await option.click();
  await expect(place).toHaveValue(name);
});
