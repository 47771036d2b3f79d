// The settlement journey of issue 16, as finance, a dispatcher and a carrier meet it: a carrier contract
// with a rule tiered by distance; the dispatcher dispatches a waybill of that carrier and reads its
// estimated payable (the rule, its tier lines) on the waybill's 费用; the waybill runs to sign-off with a
// shortfall and finance allocates the loss to the carrier; finance makes the carrier's bill, whose line
// carries the deduction, audits and distributes it; the carrier confirms it on its own page; finance
// receives the invoice and pays, and the bill reads 已完成.
import { expect, test, type Page } from '@playwright/test';
import { api, getResult, login, logout, mainArea, toast } from './support.ts';

type Row = Record<string, any>;
const DAY = 86_400_000;
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const yuan = (fen: number) => `¥${(fen / 100).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function billRow(page: Page, billNo: string) {
  const main = mainArea(page);
  await main.getByRole('search').getByRole('textbox', { name: '账单号' }).fill(billNo);
  await main.getByRole('button', { name: '查询', exact: true }).click();
  await expect(main.getByRole('navigation', { name: '分页' })).toContainText('共 1 条');
  return main.getByRole('row').filter({ hasText: billNo });
}

async function rowAction(page: Page, billNo: string, label: string) {
  await (await billRow(page, billNo)).getByRole('button', { name: label, exact: true }).click();
  const ask = page.getByRole('alertdialog', { name: '提示' });
  await ask.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '操作成功').first()).toBeVisible();
}

/** Drives a dispatched waybill through the driver's steps to sign-off, signing `short` fewer than delivered. */
async function driveToSignOff(page: Page, id: number, short: number) {
  for (let i = 0; i < 20; i++) {
    const w = await getResult<Row>(page.request, `/waybill/getWaybillDetailById?id=${id}`);
    const nodes = await getResult<Row[]>(page.request, `/waybill/getNodeListByIdVO?id=${id}`);
    const start = nodes.find((n) => n.nodeType === 'start')!;
    const end = nodes.find((n) => n.nodeType === 'end')!;
    const at = { id, version: w.version };
    const goods = async () => (await api<Row>(page.request, '/waybillAction/getGoodsInfoBeforeLoad', { id })).goods.map((g: Row) => ({ goodsId: g.goodsId, quantity: g.quantity }));
    const next: Record<number, () => Promise<[string, Row]>> = {
      3: async () => ['receive', at],
      4: async () => ['arriveWaybillNode', { ...at, nodeId: start.id }],
      5: async () => ['arriveWaybillNode', { ...at, nodeId: start.id }],
      6: async () => ['startLoad', at],
      7: async () => ['confirmLoad', { ...at, goods: await goods() }],
      8: async () => ['leaveWaybillNode', { ...at, nodeId: start.id }],
      9: async () => ['arriveWaybillNode', { ...at, nodeId: end.id }],
      10: async () => ['confirmDelivery', { ...at, goods: await goods() }],
      11: async () => ['leaveWaybillNode', { ...at, nodeId: end.id }],
      12: async () => {
        const total = (await goods()).reduce((s: number, g: Row) => s + g.quantity, 0);
        return ['signOrder', { ...at, signedQuantity: total - short, deliveredQuantity: total }];
      },
    };
    if (w.status === 500) return;
    const [action, body] = await next[w.step]();
    await api(page.request, `/waybillAction/${action}`, body);
  }
  throw new Error('the waybill did not reach sign-off');
}

test('a tiered carrier contract prices a dispatched waybill; a loss is deducted; the carrier confirms the bill; it is invoiced and paid', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  // Detail pages stand alone (no top bar): back to the console to log out.
  const leave = async () => {
    await page.goto('/home');
    await logout(page);
  };
  await login(page, 'carrier');
  const carrierId = (await getResult<Row>(page.request, '/user/getCurrentUser')).partnerId as number;
  await logout(page);

  // Finance: the carrier's contract in force, one rule priced by the km in three distance tiers. The carrier's
  // other contracts are terminated so that this rule is the one that prices.
  await login(page, 'finance');
  const others = (await api<{ data: Row[] }>(page.request, '/res/contract/list', { curPage: 1, pageSize: 100, carrierId })).data;
  for (const c of others.filter((x) => x.status !== 99)) await api(page.request, '/contract/terminate', { id: c.id, version: c.version, reason: '改签新合同' });
  const now = Date.now();
  const contract = await api<Row>(page.request, '/res/contract/save', {
    contractNo: `HT-JOURNEY-${now}`, contractName: '干线运输合同（阶梯）', contractType: 2, carrierId, validFrom: Date.UTC(2020, 0, 1), validUntil: now + 365 * DAY,
  });
  const rule = await api<Row>(page.request, '/res/contractRateRule/save', {
    contractId: contract.id, ruleName: '按公里三段阶梯', pricingMethod: 5, tierBasis: 3,
    tiers: [{ scopeType: 1, high: 100, unitPrice: 600 }, { scopeType: 2, low: 100, high: 300, unitPrice: 500 }, { scopeType: 3, low: 300, unitPrice: 400 }],
  });
  await page.goto(`/contract/ruleDetail?id=${rule.id}`);
  await expect(page.getByText('按公里三段阶梯').first()).toBeVisible();
  await shot('rule-detail');
  await leave();

  // The dispatcher dispatches a waybill awaiting a vehicle to one of the carrier's vehicles, in the 派车 dialog.
  await login(page, 'dispatcher');
  // A fresh copy of a demo waybill (its route and goods, created now, awaiting a vehicle).
  const demo = (await api<{ data: Row[] }>(page.request, '/waybill/pageQueryByCondition', { curPage: 1, pageSize: 1, status: [500] })).data[0];
  const waybill = await api<Row>(page.request, '/waybill/copyWaybill', { id: demo.id });
  const vehicles = (await api<{ data: Row[] }>(page.request, '/waybill/pageQueryVehicleInfo', { curPage: 1, pageSize: 50, carrierId })).data;
  const vehicle = vehicles.find((v) => v.loadState === 0) ?? vehicles[0];
  await page.goto('/waybill');
  const main = mainArea(page);
  await main.getByRole('search').getByRole('textbox', { name: '运单号' }).fill(waybill.waybillNo);
  await main.getByRole('button', { name: '查询', exact: true }).click();
  const row = main.getByRole('row').filter({ hasText: waybill.waybillNo });
  await row.getByRole('button', { name: '派车', exact: true }).click();
  const assign = page.getByRole('dialog', { name: '派车' });
  await assign.getByRole('combobox', { name: '车辆' }).click();
  await assign.getByRole('combobox', { name: '车辆' }).pressSequentially(vehicle.vehicleNo);
  await page.getByRole('listbox').getByRole('option', { name: vehicle.vehicleNo }).first().click();
  await expect(assign.getByText(/预估运费：.*应付 ¥[\d,]+\.\d\d（按公里三段阶梯）/)).toBeVisible();
  await shot('dispatch-estimate');
  await assign.getByRole('button', { name: '保 存' }).click();
  await expect(assign).toBeHidden();

  // The estimate on the waybill's 费用: the payable by the tiered rule, its tier lines.
  const fees = await getResult<Row>(page.request, `/financialFee/getWaybillFees?id=${waybill.id}`);
  const payable = fees.fees.find((f: Row) => f.side === 2);
  expect(payable).toMatchObject({ partyId: carrierId, ruleId: rule.id, state: 1 });
  expect(payable.lines.every((l: Row) => l.ruleId === rule.id)).toBe(true);
  await page.goto(`/waybillDetails?id=${waybill.id}`);
  await expect(page.getByText('计价规则：按公里三段阶梯（干线运输合同（阶梯））')).toBeVisible();
  await expect(page.getByText(yuan(payable.amount)).first()).toBeVisible();
  await shot('waybill-fees');

  // The trip, signed with 2 short.
  await driveToSignOff(page, waybill.id, 2);
  await leave();

  // Finance allocates the loss: the carrier bears 150.00 元 of it.
  await login(page, 'finance');
  await api(page.request, '/carrierLossShare/saveOrUpdate', { waybillId: waybill.id, unitValue: 10_000, carrierAmount: 15_000, reason: '签收短少2件' });
  // The carrier's bill for today, made in the 生成账单 dialog.
  await page.goto('/bill');
  await mainArea(page).getByRole('button', { name: '生成账单' }).click();
  const dialog = page.getByRole('dialog', { name: '生成账单' });
  await dialog.getByRole('combobox', { name: '结算方向' }).click();
  await page.getByRole('listbox').getByRole('option', { name: '应付（承运商）' }).click();
  await dialog.getByRole('combobox', { name: '结算对象' }).click();
  await page.getByRole('listbox').getByRole('option', { name: vehicle.carrierName, exact: true }).click();
  for (const name of ['账期开始日期', '账期结束日期']) {
    const day = dialog.getByRole('combobox', { name });
    await day.fill(today());
    await day.press('Tab');
  }
  await dialog.getByRole('button', { name: '保 存' }).click();
  await expect(dialog).toBeHidden();
  const bill = (await api<{ data: Row[] }>(page.request, '/bill/getBillList', { side: 2, partyId: carrierId, status: 2 })).data[0];
  const detail = await getResult<Row>(page.request, `/bill/getBillDetail?id=${bill.id}`);
  const line = detail.lines.find((l: Row) => l.waybillId === waybill.id);
  expect(line).toMatchObject({ feeAmount: payable.amount, deductions: 15_000, total: payable.amount - 15_000, ruleName: '按公里三段阶梯' });
  await page.goto(`/bill/details?id=${bill.id}`);
  await expect(page.getByText(yuan(15_000)).first()).toBeVisible();
  await shot('bill-detail');
  await page.goto('/bill');
  await rowAction(page, bill.billNo, '审核');
  await rowAction(page, bill.billNo, '分发');
  await leave();

  // The carrier confirms its bill on its own page.
  await login(page, 'carrier');
  await page.goto('/carrierBill');
  await expect(await billRow(page, bill.billNo)).toContainText('待承运商确认');
  await rowAction(page, bill.billNo, '确认');
  await expect(await billRow(page, bill.billNo)).toContainText('待收票');
  await leave();

  // Finance receives the invoice and pays: 已完成.
  await login(page, 'finance');
  await page.goto('/bill');
  await (await billRow(page, bill.billNo)).getByRole('button', { name: '收票', exact: true }).click();
  const invoice = page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: '发票号' }) });
  await invoice.getByRole('textbox', { name: '发票号' }).fill('FP20261127001');
  await invoice.getByRole('button', { name: /保 存|确 定|确定/ }).click();
  await expect(await billRow(page, bill.billNo)).toContainText('待付款');
  await rowAction(page, bill.billNo, '付款');
  await expect(await billRow(page, bill.billNo)).toContainText('已完成');
  await shot('bill-completed');
});
