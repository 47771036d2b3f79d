// 货损分摊 from the waybill's own row: on a waybill signed short, the dialog opens filled with what the sign-off
// recorded (the lost quantity); the dispatcher values it and splits it, and opening it again shows that share,
// ready to change. Waybills not signed short do not offer it.
import { expect, test } from '@playwright/test';
import { api, getResult, login, mainArea, searchList, toast } from './support.ts';

interface Row { id: number; waybillNo: string; status: number; signStatus: number | null; carrierName: string | null }
interface Detail { lostQuantity: number | null; deliveredQuantity: number | null; share: null | { carrierAmount: number; lossAmount: number; unitValue: number; version: number } }

test('a short sign-off is valued and split from the waybill row, and reopens with its share', async ({ page }) => {
  await login(page, 'dispatcher');
  const done = await api<{ data: Row[] }>(page.request, '/waybill/pageQueryByCondition', { status: [500], businessType: [1], curPage: 1, pageSize: 500 });
  // 运单管理 lists 成品销售 (the business lines have their own lists). The newest short sign-off without a share
  // (other journeys value their own waybills).
  let waybill: Row | undefined;
  let detail: Detail | undefined;
  for (const w of done.data.filter((x) => x.signStatus === 1213 && x.carrierName)) {
    detail = await getResult<Detail>(page.request, `/carrierLossShare/detail?waybillId=${w.id}`);
    if (!detail.share && detail.lostQuantity) { waybill = w; break; }
  }
  expect(waybill, '演示数据中没有部分签收且未分摊的运单').toBeDefined();
  const whole = done.data.find((x) => x.signStatus === 1211)!;

  const main = mainArea(page);
  await page.goto('/waybill');
  await searchList(page, '运单号', whole.waybillNo);
  await expect(main.getByRole('row', { name: new RegExp(whole.waybillNo) })).toContainText('签收');
  await expect(main.getByRole('row', { name: new RegExp(whole.waybillNo) }).getByRole('button', { name: '货损分摊' })).toHaveCount(0);

  await searchList(page, '运单号', waybill!.waybillNo);
  const row = main.getByRole('row', { name: new RegExp(waybill!.waybillNo) });
  await expect(row).toContainText('部分签收');
  await row.getByRole('button', { name: '货损分摊' }).click();
  const dialog = page.getByRole('dialog', { name: '货损分摊' });
  await expect(dialog.getByText(`运单号：${waybill!.waybillNo}`)).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: '货损数量' }).or(dialog.getByRole('spinbutton', { name: '货损数量' }))).toHaveValue(String(detail!.lostQuantity));
  await dialog.getByRole('textbox', { name: /货物单价/ }).fill('150');
  await dialog.getByRole('textbox', { name: /承运商承担/ }).fill('120');
  await dialog.getByRole('textbox', { name: '分摊原因' }).fill('签收短少，按合同单价计');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, '操作成功').first()).toBeVisible();

  const saved = await getResult<Detail>(page.request, `/carrierLossShare/detail?waybillId=${waybill!.id}`);
  expect(saved.share).toMatchObject({ unitValue: 150_00, carrierAmount: 120_00, lossAmount: Math.round(detail!.lostQuantity! * 150_00), version: 1 });

  // Opened again: the share fills it, and a change is saved as the share's next version.
  await row.getByRole('button', { name: '货损分摊' }).click();
  await expect(dialog.getByText('已分摊（承运商承担）：¥120.00')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /货物单价/ })).toHaveValue('150.00');
  await dialog.getByRole('textbox', { name: /承运商承担/ }).fill('100');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  const changed = await getResult<Detail>(page.request, `/carrierLossShare/detail?waybillId=${waybill!.id}`);
  expect(changed.share).toMatchObject({ carrierAmount: 100_00, version: 2 });
});
