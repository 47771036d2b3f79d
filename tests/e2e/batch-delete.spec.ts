// Deleting several carriers at once: the ones still used by vehicles are kept, and the 105 dialog
// says how many went and how many could not.
import { expect, test } from '@playwright/test';
import { api, login, mainArea, uniqueSuffix } from './support.ts';

test('an admin deletes a used and an unused carrier and reads the result', async ({ page }) => {
  await login(page, 'admin');
  // Setup through the API: a carrier nobody uses, and the carrier of some vehicle.
  const suffix = uniqueSuffix(6);
  const unused = { carrierCode: `E2E${suffix}`, carrierName: `测试承运商${suffix}` };
  await api(page.request, '/res/carrier/save', unused);
  const vehicles = await api<{ data: { carrierName: string }[] }>(page.request, '/res/vehicle/list', { curPage: 1, pageSize: 1 });
  const used = vehicles.data[0].carrierName;

  await page.goto('/carrier');
  const main = mainArea(page);
  await expect(main.getByRole('heading', { name: '承运商管理' })).toBeVisible();
  // One page holds every carrier, so both can be ticked together.
  await main.getByRole('combobox', { name: '每页条数' }).selectOption('100条/页');
  const unusedRow = main.getByRole('row', { name: new RegExp(`^选择 ${unused.carrierCode} `) });
  const usedRow = main.getByRole('row').filter({ has: page.getByRole('cell', { name: used, exact: true }) });
  await unusedRow.getByRole('checkbox', { name: '选择' }).check();
  await usedRow.getByRole('checkbox', { name: '选择' }).check();

  const toolbar = main.getByRole('toolbar', { name: '操作' });
  await toolbar.getByRole('button', { name: '删除', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: '提示' });
  await expect(confirm).toContainText('确定删除选中的承运商吗？');
  await confirm.getByRole('button', { name: '确定' }).click();

  const result = page.getByRole('dialog', { name: '提示' });
  await expect(result).toContainText('共 2 条记录');
  await expect(result).toContainText('删除成功：1 条');
  await expect(result).toContainText('删除失败：0 条');
  await expect(result).toContainText('不能删除：1 条');
  await result.getByRole('button', { name: '知道了' }).click();
  await expect(result).toBeHidden();

  await expect(unusedRow).toHaveCount(0);
  await expect(usedRow).toBeVisible();
  await expect(usedRow.getByRole('checkbox', { name: '选择' })).not.toBeChecked();
  await expect(toolbar.getByRole('button', { name: '删除', exact: true })).toBeDisabled();
});
