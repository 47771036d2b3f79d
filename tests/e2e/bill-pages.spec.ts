// Bills as finance and a carrier meet them (issue 16 items 6, 8, 9): finance gives a completed waybill
// of the carrier its payable fee, makes the carrier's bill in the 生成账单 dialog (结算对象 listed by
// 结算方向), audits and distributes it from the list, where each row offers only what its status allows;
// the carrier user sees only its own bills on 承运商账单确认与分发 and confirms; finance then sees the
// bill 待收票. Screenshots of each screen are kept with the test's output.
import { expect, test, type Page } from '@playwright/test';
import { api, getResult, login, logout, mainArea, toast } from './support.ts';

type Row = Record<string, any>;
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

async function billRow(page: Page, billNo: string) {
  const main = mainArea(page);
  await main.getByRole('search').getByRole('textbox', { name: '账单号' }).fill(billNo);
  await main.getByRole('button', { name: '查询', exact: true }).click();
  await expect(main.getByRole('navigation', { name: '分页' })).toContainText('共 1 条');
  return main.getByRole('row').filter({ hasText: billNo });
}

/** The row's action links (the buttons of its last cell), in order. */
const linksOf = async (row: ReturnType<Page['getByRole']>) => (await row.getByRole('cell').last().getByRole('button').allTextContents()).map((t) => t.trim());

async function confirmRowAction(page: Page, billNo: string, label: string, question: RegExp) {
  const row = await billRow(page, billNo);
  await row.getByRole('button', { name: label, exact: true }).click();
  const ask = page.getByRole('alertdialog', { name: '提示' });
  await expect(ask).toContainText(question);
  await ask.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '操作成功').first()).toBeVisible();
}

test('finance bills a carrier in the dialog, audits and distributes; the carrier sees only its bill and confirms', async ({ page }, testInfo) => {
  // Three logins and a dozen screens: longer than one screen's journey.
  test.setTimeout(180_000);
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  await login(page, 'carrier');
  const carrierId = (await getResult<Row>(page.request, '/user/getCurrentUser')).partnerId as number;
  await logout(page);

  await login(page, 'finance');
  // The demo prices every completed waybill and bills last month's: take one of the carrier's not yet
  // on a bill, and override its estimated fee by hand (with a reason), which the new bill must carry.
  // 正式结算 lists every billed line by its waybill (a bill's detail shows only its first 200 lines).
  const onABill = async (waybillNo: string) =>
    (await api<{ data: Row[] }>(page.request, '/settlement/formalList', { waybillNo, side: [2] })).data.length > 0;
  const waybills = (await api<{ data: Row[] }>(page.request, '/waybill/pageQueryByCondition', { curPage: 1, pageSize: 500 })).data;
  let waybill: Row | undefined;
  for (const x of waybills.filter((w) => w.status === 500 && w.carrierId === carrierId)) {
    if (!(await onABill(x.waybillNo as string))) {
      waybill = x;
      break;
    }
  }
  expect(waybill, 'a completed demo waybill of the carrier on no bill').toBeDefined();
  const { fees } = await getResult<{ fees: Row[] }>(page.request, `/financialFee/getWaybillFees?id=${waybill!.id}`);
  const estimate = fees.find((f) => f.side === 2);
  await api(page.request, '/financialFee/saveFee', { waybillId: waybill!.id, side: 2, amount: 8888_88, reason: '按合同补录运费', version: estimate?.version });

  await page.goto('/bill');
  const main = mainArea(page);
  await main.getByRole('button', { name: '生成账单' }).click();
  const dialog = page.getByRole('dialog', { name: '生成账单' });
  const party = dialog.getByRole('combobox', { name: '结算对象' });
  await dialog.getByRole('combobox', { name: '结算方向' }).click();
  await page.getByRole('listbox').getByRole('option', { name: '应付（承运商）' }).click();
  // 应付: the carriers are listed (a customer's name is not).
  await party.click();
  await page.getByRole('listbox').getByRole('option', { name: waybill!.carrierName, exact: true }).click();
  await expect(party).toHaveValue(waybill!.carrierName);
  const from = dialog.getByRole('combobox', { name: '账期开始日期' });
  await from.fill('2020-01-01');
  await from.press('Tab');
  const to = dialog.getByRole('combobox', { name: '账期结束日期' });
  await to.fill(today());
  await to.press('Tab');
  await shot('create-dialog');
  await dialog.getByRole('button', { name: '保 存' }).click();
  await expect(dialog).toBeHidden();

  // The carrier's only 待确认 bill is the one just made: every unbilled completed waybill of the carrier, ours at ¥8,888.88.
  const bills = await api<{ data: Row[] }>(page.request, '/bill/getBillList', { side: 2, partyId: carrierId, status: 2 });
  expect(bills.data).toHaveLength(1);
  const bill = bills.data[0];
  // The detail shows a large bill's first 200 lines; 正式结算 finds any line by its waybill.
  const line = (await api<{ data: Row[] }>(page.request, '/settlement/formalList', { waybillNo: waybill!.waybillNo })).data.find((l) => l.billNo === bill.billNo);
  expect(line?.total, 'the waybill\'s line carries the fee given by hand').toBe(888888);
  const totalText = `¥${(bill.total / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

  // 待确认: finance audits or deletes; nothing of the carrier's or of later steps is offered.
  let row = await billRow(page, bill.billNo);
  await expect(row).toContainText(waybill!.carrierName);
  await expect(row).toContainText(totalText);
  const draftLinks = await linksOf(row);
  for (const never of ['分发', '发送', '确认', '驳回', '收票', '付款']) expect(draftLinks).not.toContain(never);
  expect(draftLinks).toContain('审核');
  await shot('finance-list');
  await confirmRowAction(page, bill.billNo, '审核', /审核/);
  row = await billRow(page, bill.billNo);
  await expect(row).toContainText('待发送');
  expect(await linksOf(row)).not.toContain('审核');
  await confirmRowAction(page, bill.billNo, '分发', /分发给承运商/);
  await expect(await billRow(page, bill.billNo)).toContainText('待承运商确认');

  // The detail: header, the line with its waybill linked, the timeline, and 打印 / 导出.
  await page.goto(`/bill/details?id=${bill.id}`);
  // A large bill shows its first 200 lines (the export holds them all): its first line's waybill is linked.
  const detail = await getResult<{ lines: Row[]; lineCount: number }>(page.request, `/bill/getBillDetail?id=${bill.id}`);
  expect(detail.lineCount).toBeGreaterThanOrEqual(detail.lines.length);
  await expect(page.getByRole('link', { name: detail.lines[0].waybillNo as string }).first()).toBeVisible();
  await expect(page.getByRole('toolbar', { name: '操作' }).getByRole('button', { name: '打印' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('toolbar', { name: '操作' }).getByRole('button', { name: '导出' }).click();
  expect((await download).suggestedFilename()).toBe(`账单_${bill.billNo}.xlsx`);
  await shot('finance-detail');
  // The detail is a page of its own (no top bar): back to the console to log out.
  await page.goto('/home');
  await logout(page);

  // The carrier: its own bills only, and 确认 / 驳回 on the one waiting for it.
  await login(page, 'carrier');
  await page.goto('/carrierBill');
  await expect(mainArea(page).getByRole('navigation', { name: '分页' })).toContainText(/共 \d+ 条/);
  const listed = await api<{ data: Row[] }>(page.request, '/bill/getBillList', { pageSize: 500 });
  expect(listed.data.every((b) => b.side === 2 && b.partyId === carrierId)).toBe(true);
  const names = await mainArea(page).getByRole('row').allTextContents();
  for (const text of names.slice(1)) expect(text).toContain(waybill!.carrierName);
  row = await billRow(page, bill.billNo);
  const partnerLinks = await linksOf(row);
  expect(partnerLinks.slice(0, 3)).toEqual(['详情', '确认', '驳回']);
  for (const never of ['审核', '分发', '删除', '退回修改', '收票', '付款']) expect(partnerLinks).not.toContain(never);
  await shot('carrier-list');
  await confirmRowAction(page, bill.billNo, '确认', /确认该账单/);
  await expect(await billRow(page, bill.billNo)).toContainText('待收票');
  await logout(page);

  await login(page, 'finance');
  await page.goto('/bill');
  row = await billRow(page, bill.billNo);
  await expect(row).toContainText('待收票');
  expect(await linksOf(row)).toContain('收票');
});
