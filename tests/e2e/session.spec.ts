// Logging in and out in a real browser, against the real server.
import { expect, test } from '@playwright/test';
import { login } from './support.ts';

test('a dispatcher logs in, sees the menus of the role, and logs out', async ({ page }) => {
  await login(page, 'dispatcher');
  await expect(page).toHaveTitle(/货运数字化平台/);
  const menu = page.getByRole('navigation', { name: '主菜单' });
  await menu.getByRole('button', { name: '基础数据' }).click();
  await expect(menu.getByText('车辆管理')).toBeVisible();
  await expect(menu.getByText('系统管理')).toHaveCount(0);
  await page.getByRole('button', { name: /张调度/ }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The session is gone on the server too: going back does not get in.
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login/);
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('用户名').fill('monitor');
  await page.getByLabel('密码').fill('wrong-pass');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText('用户名或密码错误')).toBeVisible();
});
