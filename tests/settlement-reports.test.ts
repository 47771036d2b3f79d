// The settlement reports over fees and bills a test writes by hand, against a hand computation: 应付报表
// (estimated, billed, paid per carrier and month), 应收报表, the bills to carriers and customers, the gross
// margin per waybill, customer and carrier, and the poultry cost export. Amounts are exact fen, shown in
// 元; a carrier sees only its own rows and never a draft bill's; a customer only its receivables.
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { rowOf } from './support/waybill-fixture.ts';
import { billAt, completedWaybill, partnerOf } from './support/bill-fixtures.ts';
import { shanghaiDateStart as dayStart } from '../server/resources/time.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;

let t: TestApp;
let finance: Caller;
let carrier: Caller;
let customer: Caller;
let carrierA: number;
let carrierB: number;
let customerId: number;
const SEPTEMBER = { finishedAt: [dayStart('2024-09-01'), dayStart('2024-10-01') - 1] };
let w1: Row;
let w2: Row;
let w3: Row;

beforeAll(async () => {
  t = await createTestApp();
  [finance, carrier, customer] = await Promise.all(['finance', 'carrier', 'customer'].map((u) => t.as(u)));
  carrierA = await partnerOf(t.db, 'carrier');
  customerId = await partnerOf(t.db, 'customer');
  carrierB = (await rowOf(t.db, 'SELECT carrier_id AS c FROM vehicles WHERE corp_id = 1 AND carrier_id <> ? AND status = 0 AND driver_id IS NOT NULL ORDER BY id LIMIT 1', carrierA)).c;
  // Fees in fen: w1 and w2 carried by A, w3 by B, all for the demo customer.
  w1 = await completedWaybill(t.db, { carrierId: carrierA, customerId, day: '2024-09-03', payable: 1000_01, receivable: 1500_00 });
  w2 = await completedWaybill(t.db, { carrierId: carrierA, customerId, day: '2024-09-05', payable: 2345_67, receivable: 3000_00 });
  w3 = await completedWaybill(t.db, { carrierId: carrierB, customerId, day: '2024-09-04', payable: 700_00, receivable: 800_50 });
  // A's bill for w1 paid (已完成); A's bill for w2 a draft (待确认): billed for finance, not yet for the carrier.
  await billAt(finance, { side: 2, partyId: carrierA, from: '2024-09-03', to: '2024-09-03' }, ['/bill/audit', '/bill/distribute', '/bill/billConfirm', '/bill/invoice', '/bill/pay']);
  await billAt(finance, { side: 2, partyId: carrierA, from: '2024-09-05', to: '2024-09-05' });
  // The customer's bill for w3, sent for confirmation.
  await billAt(finance, { side: 1, partyId: customerId, from: '2024-09-04', to: '2024-09-04' }, ['/bill/audit', '/bill/distribute']);
  await t.db.run('UPDATE waybills SET business_type = 16 WHERE id = ?', [w1.waybillId]);
  await t.db.run('UPDATE waybills SET business_type = 15 WHERE id = ?', [w3.waybillId]);
});

async function report(caller: Caller, name: string, body: Row = SEPTEMBER) {
  const rows = await caller.post(`/report/${name}/query`, { ...body, curPage: 1, pageSize: 100 });
  expect(rows.code, `${name}: ${rows.message}`).toBe(1);
  const totals = await caller.post(`/report/${name}/total`, body);
  expect(totals.code).toBe(1);
  return { rows: rows.result.data as Row[], totals: totals.result as Row };
}

const pick = (r: Row, keys: string[]) => Object.fromEntries(keys.map((k) => [k, r[k]]));

describe('应付报表 and 应收报表', () => {
  it('sum the estimated, billed and paid fees per carrier and month, to the fen', async () => {
    const { rows, totals } = await report(finance, 'payables');
    const keys = ['month', 'waybillCount', 'estimated', 'billed', 'settled', 'networkPaid'];
    const byCarrier = new Map(rows.map((r) => [r.carrierName, pick(r, keys)]));
    expect(rows).toHaveLength(2);
    expect([...byCarrier.values()]).toContainEqual({ month: '2024-09', waybillCount: 2, estimated: 1000_01 + 2345_67, billed: 1000_01 + 2345_67, settled: 1000_01, networkPaid: 0 });
    expect([...byCarrier.values()]).toContainEqual({ month: '2024-09', waybillCount: 1, estimated: 700_00, billed: 0, settled: 0, networkPaid: 0 });
    expect(pick(totals, keys.slice(1))).toEqual({ waybillCount: 3, estimated: 4045_68, billed: 3345_68, settled: 1000_01, networkPaid: 0 });
  });

  it('show a carrier its own payables, not counting a bill finance has not sent', async () => {
    const { rows, totals } = await report(carrier, 'payables');
    expect(rows.map((r) => pick(r, ['waybillCount', 'estimated', 'billed', 'settled']))).toEqual([{ waybillCount: 2, estimated: 3345_68, billed: 1000_01, settled: 1000_01 }]);
    expect(totals.estimated).toBe(3345_68);
    expect((await carrier.post('/report/receivables/query', SEPTEMBER)).code).toBe(104);
  });

  it('sum receivables per customer; the customer sees its own and not the payables', async () => {
    const want = { waybillCount: 3, estimated: 1500_00 + 3000_00 + 800_50, billed: 800_50, settled: 0 };
    const staff = await report(finance, 'receivables');
    expect(staff.rows.map((r) => pick(r, Object.keys(want)))).toEqual([want]);
    const own = await report(customer, 'receivables');
    // Sent but not yet confirmed: the customer sees the bill's line as billed.
    expect(own.rows.map((r) => pick(r, Object.keys(want)))).toEqual([want]);
    expect((await customer.post('/report/payables/query', SEPTEMBER)).code).toBe(104);
  });
});

describe('bills to carriers and customers', () => {
  it('sum bills per party and status; a carrier does not see its draft', async () => {
    const keys = ['billCount', 'waybillCount', 'feeTotal', 'deductionTotal', 'total'];
    const label = (r: Row) => ({ ...pick(r, keys), status: r.status });
    const staff = (await report(finance, 'carrier-bills', {})).rows;
    expect(staff.map(label).sort((a, b) => a.status - b.status)).toEqual([
      { status: 2, billCount: 1, waybillCount: 1, feeTotal: 2345_67, deductionTotal: 0, total: 2345_67 },
      { status: 8, billCount: 1, waybillCount: 1, feeTotal: 1000_01, deductionTotal: 0, total: 1000_01 },
    ]);
    const own = await report(carrier, 'carrier-bills', {});
    expect(own.rows.map(label)).toEqual([{ status: 8, billCount: 1, waybillCount: 1, feeTotal: 1000_01, deductionTotal: 0, total: 1000_01 }]);
    expect(own.totals.total).toBe(1000_01);
    const customers = await report(customer, 'customer-bills', {});
    expect(customers.rows.map(label)).toEqual([{ status: 5, billCount: 1, waybillCount: 1, feeTotal: 800_50, deductionTotal: 0, total: 800_50 }]);
  });
});

describe('毛利报表', () => {
  it('gives receivable − payable per waybill, per customer and per carrier, with the margin rate', async () => {
    const perWaybill = await report(finance, 'gross-margin-waybill');
    expect(new Map(perWaybill.rows.map((r) => [r.waybillNo, [r.receivable, r.payable, r.margin]]))).toEqual(new Map([
      [w1.waybillNo, [1500_00, 1000_01, 499_99]], [w2.waybillNo, [3000_00, 2345_67, 654_33]], [w3.waybillNo, [800_50, 700_00, 100_50]],
    ]));
    expect(pick(perWaybill.totals, ['receivable', 'payable', 'margin'])).toEqual({ receivable: 5300_50, payable: 4045_68, margin: 1254_82 });
    // 125482 / 530050 = 23.673...%
    expect(perWaybill.totals.marginRate).toBeCloseTo(23.67, 2);
    const perCarrier = await report(finance, 'gross-margin-carrier');
    expect(new Map(perCarrier.rows.map((r) => [r.carrierId ?? r.carrierName, [r.waybillCount, r.margin]])).size).toBe(2);
    expect(perCarrier.rows.map((r) => [r.waybillCount, r.receivable, r.payable, r.margin]).sort((a, b) => b[0] - a[0])).toEqual([[2, 4500_00, 3345_68, 1154_32], [1, 800_50, 700_00, 100_50]]);
    const perCustomer = await report(finance, 'gross-margin-customer');
    expect(perCustomer.rows.map((r) => [r.waybillCount, r.margin])).toEqual([[3, 1254_82]]);
    expect((await carrier.post('/report/gross-margin-waybill/query', SEPTEMBER)).code).toBe(104);
  });

  it('declares its money in 元 for the console and the chart', async () => {
    const page = (await finance.get('/ui/pages/report/gross-margin-customer')).result;
    const money = page.columns.filter((c: Row) => c.format === 'money').map((c: Row) => c.title);
    expect(money).toEqual(['应收(元)', '应付(元)', '毛利(元)']);
    expect(page.columns.map((c: Row) => c.title).join('')).not.toMatch(/[A-Za-z]/);
  });
});

describe('禽类运单成本 export (poultryCostReport/exportPoultryWaybillCostReportList)', () => {
  it('downloads the poultry waybills with their fees in 元 and the totals', async () => {
    const res = await t.app.request('/api/poultryCostReport/exportPoultryWaybillCostReportList', {
      method: 'POST', headers: { token: finance.token, 'content-type': 'application/json' }, body: JSON.stringify(SEPTEMBER),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent('禽类运单成本报表'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = wb.worksheets[0];
    const rows = sheet.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['运单号', '业务类型', '客户', '承运商', '完成时间', '应收运费(元)', '应付运费(元)', '承运商扣款(元)']);
    const body = rows.slice(1, -1).map((r) => [r[0], r[1], r[5], r[6], r[7]]).sort();
    expect(body).toEqual([[w1.waybillNo, '鸡苗配送', 1500, 1000.01, 0], [w3.waybillNo, '毛鸡运输', 800.5, 700, 0]].sort());
    expect(rows.at(-1)!.slice(5)).toEqual([2300.5, 1700.01, 0]);
  });

  it('refuses bad input and users without the report', async () => {
    const post = (caller: Caller, body: unknown) => caller.post('/poultryCostReport/exportPoultryWaybillCostReportList', body);
    for (const bad of [{ hacker: 1 }, { finishedAt: 'x' }, { businessType: ["1'; DROP TABLE waybills; --"] }]) {
      const r = await t.refused(() => post(finance, bad));
      expect(r.code, JSON.stringify(bad)).toBe(100);
    }
    expect((await t.refused(() => post(carrier, {}))).code).toBe(104);
  });
});
