// The shell as a dispatcher and an admin meet it: the home card names the corporation, 首页 cannot be
// closed, the side menu follows the tag on screen, groups carry icons, the role permission page names
// its role, and a department cannot be put under its own sub-department.
import { expect, test, type Page } from '@playwright/test';
import { api, login, mainArea } from './support.ts';

const menu = (page: Page) => page.getByRole('navigation', { name: '主菜单' });
const tags = (page: Page) => page.getByRole('tablist', { name: '标签页' });

test('home card, the 首页 tag and the menu following the tags', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await login(page, 'admin');
  await expect(page.getByText('所属企业：华运供应链管理有限公司')).toBeVisible();
  await expect(page.getByText(/企业编号/)).toHaveCount(0);

  // 首页 has no close button, and its menu offers no 关闭.
  await expect(tags(page).getByRole('tab', { name: /首页/ })).toBeVisible();
  await expect(page.getByRole('button', { name: '关闭 首页' })).toHaveCount(0);
  await tags(page).getByRole('tab', { name: /首页/ }).click({ button: 'right' });
  await expect(page.getByRole('menuitem', { name: '关闭其他' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '关闭', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Every menu group draws its icon.
  for (const group of ['基础数据', '系统管理', '订单运单']) {
    await expect(menu(page).getByRole('button', { name: group }).locator('svg').first()).toBeVisible();
  }

  // Open two pages from two groups through the menu.
  await menu(page).getByRole('button', { name: '基础数据' }).click();
  await menu(page).getByRole('link', { name: '车辆管理' }).click();
  await expect(mainArea(page).getByRole('heading', { name: '车辆管理' })).toBeVisible();
  await menu(page).getByRole('button', { name: '基础数据' }).click(); // the user closes that group
  await expect(menu(page).getByRole('button', { name: '基础数据' })).toHaveAttribute('aria-expanded', 'false');
  await menu(page).getByRole('button', { name: '订单运单' }).click();
  await menu(page).getByRole('link', { name: '订单管理', exact: true }).click();
  await expect(menu(page).getByRole('link', { name: '订单管理', exact: true })).toHaveAttribute('aria-current', 'page');
  await page.screenshot({ path: test.info().outputPath('shell-order.png') });

  // Back to 车辆管理 by its tag: its group opens again and its entry is the highlighted one.
  await tags(page).getByRole('button', { name: '车辆管理', exact: true }).click();
  await expect(page).toHaveURL(/\/vehicle$/);
  await expect(menu(page).getByRole('button', { name: '基础数据' })).toHaveAttribute('aria-expanded', 'true');
  await expect(menu(page).getByRole('link', { name: '车辆管理' })).toHaveAttribute('aria-current', 'page');
  await expect(menu(page).getByRole('link', { name: '订单管理', exact: true })).not.toHaveAttribute('aria-current', 'page');
  await page.screenshot({ path: test.info().outputPath('shell-tab-switch.png') });

  // Closing every other tag keeps 首页.
  await tags(page).getByRole('tab', { name: /车辆管理/ }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: '关闭其他' }).click();
  await expect(tags(page).getByRole('tab')).toHaveText([/首页/, /车辆管理/]);
});

test('the role permission page names the role it edits', async ({ page }) => {
  await login(page, 'admin');
  // Straight to the page the list's 权限设置 opens (the row actions are another journey's subject).
  const roles = await api<{ data: { id: number; roleName: string }[] }>(page.request, '/res/role/list', { roleName: '调度员' });
  const dispatcher = roles.data.find((r) => r.roleName === '调度员')!;
  await page.goto(`/role/permission?id=${dispatcher.id}`);
  await expect(page.getByRole('heading', { name: '角色权限：调度员' })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('role-permission.png') });
});

test('a department cannot be moved under its own sub-department; the tree shows the hierarchy', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/department');
  const main = mainArea(page);
  // The list names each department and its parent.
  // 华北分公司's own row: its name beside its parent's (its sub-departments name it as their parent).
  const north = main.getByRole('row')
    .filter({ has: page.getByRole('cell', { name: '华北分公司', exact: true }) })
    .filter({ has: page.getByRole('cell', { name: '华运供应链管理有限公司', exact: true }) });
  await expect(north).toHaveCount(1, { timeout: 30_000 });
  // The list itself is a tree: each department right under its parent, indented by its depth.
  const names = main.locator('[data-depth]');
  await expect(main.locator('[data-depth="2"]', { hasText: '北京调度中心' })).toBeVisible();
  const order = await main.getByRole('row').allInnerTexts();
  const at = (name: string) => order.findIndex((t) => t.includes(name));
  expect(at('华北分公司')).toBeLessThan(at('北京调度中心'));
  expect(at('北京调度中心')).toBeLessThan(at('华东分公司'));
  expect(await names.count()).toBeGreaterThan(10);

  // 组织架构 shows the tree: 北京调度中心 two levels below the company.
  await main.getByRole('button', { name: '组织架构' }).click();
  const tree = page.getByRole('tree', { name: '部门树' });
  await expect(tree.getByRole('treeitem', { name: '北京调度中心' })).toHaveAttribute('aria-level', '3', { timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('department-tree.png') });
  await expect(tree.getByRole('treeitem', { name: '华北分公司' })).toHaveAttribute('aria-level', '2');
  await page.getByRole('button', { name: '关闭' }).click();

  // 华北分公司 under 北京调度中心 (its own child) is refused, naming 上级部门.
  await north.getByRole('button', { name: '修改', exact: true }).click();
  await expect(page).toHaveURL(/\/department\/update\?id=\d+$/);
  const parent = page.getByRole('combobox', { name: '上级部门' });
  await parent.click();
  await parent.pressSequentially('北京');
  await page.getByRole('option', { name: /北京调度中心/ }).click({ timeout: 30_000 });
  await page.getByRole('button', { name: '保 存' }).click();
  await expect(page.getByText(/上级部门：不能选择本部门的下级部门/).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('department-cycle.png') });
});
