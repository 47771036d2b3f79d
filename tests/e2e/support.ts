import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Huoyun@2026';

export async function login(page: Page, userName: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('用户名').fill(userName);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/home$/);
}
