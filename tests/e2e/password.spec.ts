// A user changes the own password from the user menu: the rules speak on blur, the new password
// works at the next login and the old one no longer does.
import { expect, test } from '@playwright/test';
import { api, login, logout, PASSWORD } from './support.ts';

const NEW_PASSWORD = 'Monitor#2027';
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

test('a monitor changes the password and logs in with the new one', async ({ page }) => {
  await login(page, 'monitor');
  await page.getByRole('button', { name: /^用户：/ }).click();
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  const old = dialog.getByRole('textbox', { name: '原密码' });
  const password = dialog.getByRole('textbox', { name: '新密码' });
  const confirm = dialog.getByRole('textbox', { name: '确认密码' });

  await password.fill('abcdefgh');
  await password.blur();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('alert')).toHaveText('密码强度不符合要求');

  await password.fill(NEW_PASSWORD);
  await password.blur();
  await expect(password).not.toHaveAttribute('aria-invalid', 'true');
  await confirm.fill('Monitor#2028');
  await confirm.blur();
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('alert')).toHaveText('两次输入密码不一致');

  await confirm.fill(NEW_PASSWORD);
  await old.fill(PASSWORD);
  await dialog.getByRole('button', { name: '保 存' }).click();
  await expect(page.getByRole('listitem', { name: '密码修改成功' })).toBeVisible();
  await expect(dialog).toBeHidden();

  await logout(page);
  await page.getByRole('textbox', { name: '用户名', exact: true }).fill('monitor');
  await page.getByRole('textbox', { name: '密码', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText('用户名或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await login(page, 'monitor', NEW_PASSWORD);
  await expect(page.getByRole('button', { name: '用户：李监控' })).toBeVisible();

  // Put the demo password back, so the other journeys and a rerun find the account as seeded.
  await api(page.request, '/user/modifyCurrentPassword', { oldPassword: base64(NEW_PASSWORD), newPassword: base64(PASSWORD), confirmPassword: base64(PASSWORD) });
});
