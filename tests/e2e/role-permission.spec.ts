// An admin grants a role one more operation in 权限设置; the role's users get the button it names.
import { expect, test, type Page } from '@playwright/test';
import { login, mainArea, toast } from './support.ts';

async function openPermissions(page: Page, role: string) {
  await page.goto('/role');
  const main = mainArea(page);
  await expect(main.getByRole('heading', { name: '角色管理' })).toBeVisible();
  await main.getByRole('row', { name: new RegExp(`^选择 ${role} `) }).getByRole('button', { name: '权限设置' }).click();
  await expect(page).toHaveURL(/\/role\/permission\?id=\d+$/);
  const operations = main.getByRole('group', { name: '客户管理的操作' });
  await expect(operations).toBeVisible();
  return { main, record: operations.getByRole('checkbox', { name: '客户修改记录' }) };
}

test('an admin ticks an operation for the 客户 role and saves it', async ({ page, browser }) => {
  await login(page, 'admin');
  let { main, record } = await openPermissions(page, '客户');
  await expect(record).not.toBeChecked();
  const count = main.getByText(/^已选 \d+ \/ \d+ 项$/);
  const before = Number((await count.textContent())!.match(/已选 (\d+)/)![1]);

  await record.check();
  await expect(record).toBeChecked();
  await expect(count).toContainText(`已选 ${before + 1} /`);
  await main.getByRole('button', { name: '保 存' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();

  // Saved on the server: a fresh load shows the tick.
  ({ main, record } = await openPermissions(page, '客户'));
  await expect(record).toBeChecked();

  // A customer user now has 修改记录 on the rows of 客户管理.
  const other = await browser.newContext();
  try {
    const customer = await other.newPage();
    await login(customer, 'customer');
    await customer.goto('/customer');
    // Its one row (its own customer record) now offers 修改记录 beside 详情.
    const row = mainArea(customer).getByRole('row').filter({ has: customer.getByRole('button', { name: '详情' }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('button', { name: '修改记录' })).toBeVisible();
  } finally {
    await other.close();
  }

  // Back as seeded, so the journey can run again on the same database.
  await record.uncheck();
  await main.getByRole('button', { name: '保 存' }).click();
  await expect(toast(page, '保存成功').last()).toBeVisible();
});
