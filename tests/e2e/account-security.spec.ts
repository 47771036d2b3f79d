// Account security as an administrator meets it: the session cookie is out of script's reach while
// the console works, a guessed account shows 登录受限 with 解锁 on its row alone, and 重置密码 makes
// the user choose a new password at the next login.
import { expect, test, type Page } from '@playwright/test';
import { api, login, mainArea, toast, uniqueSuffix } from './support.ts';

const START = 'Start@2026';
const RESET = 'Reset@2026';

async function tryLogin(page: Page, userName: string, password: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: '用户名', exact: true }).fill(userName);
  await page.getByRole('textbox', { name: '密码', exact: true }).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

test('the session cookie is HttpOnly and SameSite=Strict, and the console still works', async ({ page, context }) => {
  await login(page, 'dispatcher');
  const token = (await context.cookies()).find((c) => c.name === 'token');
  expect(token).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('token=');
  await page.goto('/vehicle');
  await expect(mainArea(page).getByRole('row').nth(1)).toBeVisible();
});

test('an administrator unlocks a guessed account and resets its password', async ({ page, browser }) => {
  await login(page, 'admin');
  const userName = `guard_${uniqueSuffix(6).toLowerCase()}`;
  await api(page.request, '/res/user/save', { userName, realName: '安全测试', userType: 0, password: START, roleIds: [] });

  // Someone guesses the password five times: the account is held back from this address.
  const other = await browser.newContext();
  try {
    const guesser = await other.newPage();
    for (let i = 0; i < 5; i++) await tryLogin(guesser, userName, `Wrong@${i}000`);
    await expect(guesser.getByText(/登录失败次数过多，请\d+分钟后再试/)).toBeVisible();

    // The user list marks it, and offers 解锁 on that row only.
    await page.goto('/user');
    const main = mainArea(page);
    const row = main.getByRole('row', { name: new RegExp(`^选择 ${userName} `) });
    await expect(row.getByRole('cell', { name: '是' }).last()).toBeVisible();
    await expect(row.getByRole('button', { name: '解锁' })).toBeVisible();
    await expect(main.getByRole('row', { name: /^选择 admin / }).getByRole('button', { name: '解锁' })).toHaveCount(0);
    await row.getByRole('button', { name: '解锁' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('确定解除该账号的登录限制吗？');
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '操作成功')).toBeVisible();
    await expect(row.getByRole('button', { name: '解锁' })).toHaveCount(0);

    // 重置密码: the user signs in with the new password and must change it first.
    await row.getByRole('button', { name: '重置密码' }).click();
    const dialog = page.getByRole('dialog', { name: '重置密码' });
    await dialog.getByRole('textbox', { name: /新密码/ }).fill(RESET);
    await dialog.getByRole('button', { name: '保 存' }).click();
    await expect(dialog).toBeHidden();
    await tryLogin(guesser, userName, RESET);
    // Forced: an alert dialog with no way round it until the password is changed.
    await expect(guesser.getByRole('alertdialog', { name: '修改密码' })).toBeVisible();
  } finally {
    await other.close();
  }
});
