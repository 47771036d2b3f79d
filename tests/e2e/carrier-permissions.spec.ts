// A carrier's user sees and may do only what the carrier role grants; other addresses lead to 403
// or 404 pages rather than to a broken screen.
import { expect, test } from '@playwright/test';
import { login, mainArea } from './support.ts';

test('a carrier sees only the menus and buttons of its role', async ({ page }) => {
  await login(page, 'carrier');
  const menu = page.getByRole('navigation', { name: '主菜单' });
  const group = menu.getByRole('button', { name: '基础数据' });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await expect(menu.getByRole('link')).toHaveText(['车辆管理', '司机管理', '承运商管理', '车型管理']);
  for (const name of ['客户管理', '用户管理', '角色管理', '系统管理']) await expect(menu.getByText(name)).toHaveCount(0);

  // 承运商管理: read only, and only its own carrier.
  await menu.getByRole('link', { name: '承运商管理' }).click();
  const main = mainArea(page);
  await expect(main.getByRole('heading', { name: '承运商管理' })).toBeVisible();
  await expect(main.getByRole('navigation', { name: '分页' })).toContainText('共 1 条');
  const toolbar = main.getByRole('toolbar', { name: '操作' });
  await expect(toolbar.getByRole('button', { name: '表格列和查询条件设置' })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: '新增' })).toHaveCount(0);
  await expect(toolbar.getByRole('button', { name: '删除' })).toHaveCount(0);
  // No batch action, so no row checkboxes; its one row (its own carrier) offers only 详情.
  await expect(main.getByRole('checkbox')).toHaveCount(0);
  const row = main.getByRole('row').filter({ has: page.getByRole('button', { name: '详情' }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('button')).toHaveText(['详情']);

  // 车辆管理: this role may add vehicles.
  await menu.getByRole('link', { name: '车辆管理' }).click();
  await expect(main.getByRole('heading', { name: '车辆管理' })).toBeVisible();
  await expect(main.getByRole('toolbar', { name: '操作' }).getByRole('button', { name: '新增' })).toBeVisible();

  // A page the role lacks, typed in the address bar.
  await page.goto('/user');
  await expect(page).toHaveURL(/\/403$/);
  await expect(page.getByText('抱歉，您没有权限访问该页面')).toBeVisible();

  await page.goto('/nothing');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
