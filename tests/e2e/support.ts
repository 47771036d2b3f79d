import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Huoyun@2026';

/** Logs in through the form; on a first visit the online-service guide is acknowledged with 知道了. */
export async function login(page: Page, userName: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('用户名').fill(userName);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/home$/);
  const guide = page.getByRole('alertdialog', { name: '在线服务指引' });
  // The guide appears once the current user has loaded, and only while haveBrowsed is 0.
  const shown = await guide.waitFor({ state: 'visible', timeout: 3000 }).then(() => true, () => false);
  if (shown) {
    await guide.getByRole('button', { name: '知道了' }).click();
    await expect(guide).toBeHidden();
  }
}
