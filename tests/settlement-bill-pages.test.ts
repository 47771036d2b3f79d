// What the bill screens call, as finance and the partners meet them: the export (.xlsx with the header
// block, the lines and the totals in 元 with 0.00, exact to the fen; the partner only its own bill; a
// bad id refused with code 100), the list's filters by name and period and the actions each row offers,
// the lines' pricing rule, the 生成账单 dialog's 结算对象 by side, and the pages' row-action gates.
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { rowOf } from './support/waybill-fixture.ts';
import { billAt, completedWaybill, partnerOf } from './support/bill-fixtures.ts';
import { yuanNumber } from '../server/domain/settlement/bills/export.ts';
import { DETAIL_LINES } from '../server/domain/settlement/bills/reads.ts';
import { recomputeTotals } from '../server/domain/settlement/bills/lines.ts';
import { shanghaiDateStart } from '../server/resources/time.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;

let t: TestApp;
let finance: Caller;
let carrier: Caller;
let customer: Caller;
let carrierId: number;
let otherCarrierId: number;

beforeAll(async () => {
  t = await createTestApp();
  [finance, carrier, customer] = await Promise.all(['finance', 'carrier', 'customer'].map((u) => t.as(u)));
  carrierId = await partnerOf(t.db, 'carrier');
  otherCarrierId = (await rowOf(t.db, 'SELECT id FROM carriers WHERE corp_id = 1 AND id <> ? AND is_deleted = 0 ORDER BY id LIMIT 1', carrierId)).id;
});

async function ok(caller: Caller, path: string, body?: Row) {
  const r = body === undefined ? await caller.get(path) : await caller.post(path, body);
  expect(r.code, `${path}: ${r.message}`).toBe(1);
  return r.result;
}

const download = (caller: Caller, id: unknown) => t.app.request(`/api/bill/exportBill?id=${id}`, { headers: { token: caller.token } });

async function sheetOf(res: Response) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  return book.worksheets[0]!;
}

describe('exportBill', () => {
  it('answers the bill as 账单_<no>.xlsx: header block, each line, and a totals row in 元 with 0.00, exact to the fen', async () => {
    // Amounts whose yuan sum in floating point is not exact (0.1 + 0.2 style): 1000.01 + 2345.67 + 0.29.
    for (const [d, fen] of [[3, 1000_01], [4, 2345_67], [5, 29]] as const) await completedWaybill(t.db, { carrierId, day: `2023-04-0${d}`, payable: fen });
    const bill = await billAt(finance, { side: 2, partyId: carrierId, from: '2023-04-01', to: '2023-04-30', remark: '四月运费' }, ['/bill/audit']);
    const res = await download(finance, bill.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const disposition = res.headers.get('content-disposition')!;
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1])).toBe(`账单_${bill.billNo}.xlsx`);
    const sheet = await sheetOf(res);
    const rows = sheet.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    const carrierName = (await rowOf(t.db, 'SELECT carrier_name AS n FROM carriers WHERE id = ?', carrierId)).n;
    expect(rows).toContainEqual(['账单号', bill.billNo]);
    expect(rows).toContainEqual(['承运商', carrierName]);
    expect(rows).toContainEqual(['账期', '2023-04-01 至 2023-04-30']);
    expect(rows).toContainEqual(['账单状态', '待发送']);
    const head = rows.findIndex((r) => r[0] === '序号');
    expect(rows[head]).toEqual(['序号', '运单号', '类型', '费用(元)', '扣款(元)', '调整(元)', '小计(元)', '计价规则', '原因']);
    const lines = rows.slice(head + 1, -1);
    expect(lines.map((l) => l[6]).sort()).toEqual([0.29, 1000.01, 2345.67]);
    const totals = rows.at(-1)!;
    expect([totals[0], totals[3], totals[6]]).toEqual(['合计', 3345.97, 3345.97]);
    // Money cells are numbers with two decimals shown, so a spreadsheet sums them.
    const last = sheet.lastRow!;
    expect(last.getCell(7).numFmt).toBe('0.00');
    expect(typeof last.getCell(7).value).toBe('number');
  });

  it('lets a partner export only its own bill; an unknown or malformed id is refused', async () => {
    await completedWaybill(t.db, { carrierId: otherCarrierId, day: '2023-05-02', payable: 70_00 });
    const other = await billAt(finance, { side: 2, partyId: otherCarrierId, from: '2023-05-01', to: '2023-05-31' }, ['/bill/audit', '/bill/distribute']);
    await completedWaybill(t.db, { carrierId, day: '2023-05-03', payable: 80_00 });
    const own = await billAt(finance, { side: 2, partyId: carrierId, from: '2023-05-01', to: '2023-05-31' }, ['/bill/audit', '/bill/distribute']);
    expect((await download(carrier, own.id)).status).toBe(200);
    for (const [caller, id] of [[carrier, other.id], [customer, own.id]] as const) {
      const res = await download(caller, id);
      expect(res.headers.get('content-disposition')).toBeNull();
      expect(((await res.json()) as Row).message).toBe('记录不存在或无权访问');
    }
    for (const bad of ['abc', '-1', "1' OR 1=1 --", '9'.repeat(30), '']) {
      const res = await download(finance, encodeURIComponent(bad));
      expect(res.status).toBeLessThan(500);
      const json = (await res.json()) as Row;
      expect([json.code, json.message.includes('账单ID')], json.message).toEqual([100, true]);
    }
  });

  it('turns fen into yuan through the decimal text, never by float arithmetic', () => {
    expect([yuanNumber(29), yuanNumber(1), yuanNumber(-5), yuanNumber(123456789012)]).toEqual([0.29, 0.01, -0.05, 1234567890.12]);
  });
});

describe('the bill list the pages show', () => {
  it('filters by the party\'s name and by period overlap, and offers each row only the machine\'s actions for this user', async () => {
    await completedWaybill(t.db, { carrierId: otherCarrierId, day: '2023-06-10', payable: 10_00 });
    const draft = await billAt(finance, { side: 2, partyId: otherCarrierId, from: '2023-06-01', to: '2023-06-30' });
    const name = (await rowOf(t.db, 'SELECT carrier_name AS n FROM carriers WHERE id = ?', otherCarrierId)).n as string;
    const june = [shanghaiDateStart('2023-06-15'), shanghaiDateStart('2023-06-20')];
    const found = await ok(finance, '/bill/getBillList', { partyName: name.slice(0, 2), period: june, pageSize: 500 });
    expect(found.data.map((b: Row) => b.id)).toContain(draft.id);
    expect(found.data.every((b: Row) => b.partyName.includes(name.slice(0, 2)) && b.periodFrom <= '2023-06-20' && b.periodTo >= '2023-06-15')).toBe(true);
    const july = await ok(finance, '/bill/getBillList', { partyName: name, period: [shanghaiDateStart('2023-07-01'), null], pageSize: 500 });
    expect(july.data.map((b: Row) => b.id)).not.toContain(draft.id);
    const row = found.data.find((b: Row) => b.id === draft.id);
    expect(row.availableActions).toEqual(['audit', 'audit:2', 'remove', 'remove:2']);
  });

  it('names the rate rule that priced each line', async () => {
    const w = await completedWaybill(t.db, { carrierId, day: '2023-07-04', payable: 55_00 });
    const rule = await rowOf(t.db, 'SELECT id, rule_name AS n FROM contract_rate_rules WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 1');
    await t.db.run('UPDATE waybill_fees SET rule_id = ? WHERE waybill_id = ? AND side = 2', [rule.id, w.waybillId]);
    const bill = await billAt(finance, { side: 2, partyId: carrierId, from: '2023-07-01', to: '2023-07-31' });
    const detail = await ok(finance, `/bill/getBillDetail?id=${bill.id}`);
    expect(detail.lines.map((l: Row) => [l.waybillId, l.ruleName])).toEqual([[w.waybillId, rule.n]]);
    expect(detail.timeline.map((h: Row) => h.actionStr)).toEqual(['生成账单']);
  });
});

describe('a bill of more lines than the detail shows', () => {
  it('shows the first 200 lines with the count of all and totals over all; the export holds every line', async () => {
    const w = await completedWaybill(t.db, { carrierId: otherCarrierId, day: '2023-08-04', payable: 100_00 });
    const bill = await billAt(finance, { side: 2, partyId: otherCarrierId, from: '2023-08-01', to: '2023-08-31' });
    // 205 adjustment lines of 1 fen each on the bill being prepared, as a bill of a busy carrier has thousands of lines.
    for (let i = 0; i < 205; i++) {
      await t.db.run(`INSERT INTO bill_lines (corp_id, bill_id, side, party_id, kind, waybill_id, fee_id, fee_amount, deductions, adjustments, total, reason)
        VALUES (1, ?, 2, ?, 2, ?, NULL, 0, 0, 1, 1, '费用调整：测试')`, [bill.id, otherCarrierId, w.waybillId]);
    }
    await recomputeTotals(t.db, bill.id);
    const detail = await ok(finance, `/bill/getBillDetail?id=${bill.id}`);
    expect(detail.lines.length).toBe(DETAIL_LINES);
    expect([detail.lineCount, detail.linesNote]).toEqual([206, '共206条明细，此处显示前200条；全部明细请导出账单']);
    // The waybill line first, then the adjustments in the order they were made; the totals are over all 206 lines.
    expect([detail.lines[0].kindStr, detail.lines[1].kindStr]).toEqual(['运单', '调整']);
    expect([detail.total, detail.adjustmentTotal]).toEqual([100_00 + 205, 205]);
    const rows = (await sheetOf(await download(finance, bill.id))).getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    const head = rows.findIndex((r) => r[0] === '序号');
    expect(rows.slice(head + 1, -1).length).toBe(206);
    expect(rows.at(-1)![6]).toBe(102.05);
  });
});

describe('生成账单 dialog', () => {
  it('lists the carriers or the customers by 结算方向, by name, for finance only', async () => {
    const carriers = await ok(finance, '/bill/partyDropBox', { side: 2, pageSize: 500 });
    const customers = await ok(finance, '/bill/partyDropBox', { side: 1, pageSize: 500 });
    const count = async (table: string) => Number((await rowOf(t.db, `SELECT count(*) AS n FROM ${table} WHERE corp_id = 1 AND is_deleted = 0`)).n);
    expect(carriers.data.length).toBe(await count('carriers'));
    expect(customers.data.length).toBe(await count('customers'));
    expect(carriers.data.map((c: Row) => c.id)).toContain(carrierId);
    const one = carriers.data[0];
    expect((await ok(finance, '/bill/partyDropBox', { side: 2, id: one.id })).data).toEqual([one]);
    expect((await ok(finance, '/bill/partyDropBox', { side: 2, partyName: one.partyName })).data.map((c: Row) => c.id)).toContain(one.id);
    expect((await carrier.post('/bill/partyDropBox', { side: 2 })).code).toBe(104);
    for (const bad of [{}, { side: 3 }, { side: 2, partyName: 'x'.repeat(65) }, { side: 2, extra: 1 }]) {
      expect((await finance.post('/bill/partyDropBox', bad)).code).toBe(100);
    }
  });
});

describe('the bill pages', () => {
  it('offer partners the confirmation page of their own side only, and hide finance\'s actions there', async () => {
    const pageOf = async (caller: Caller, id: string) => ok(caller, `/ui/pages/${id}`);
    const carrierPage = await pageOf(carrier, 'settlement/bill-carrier-list');
    expect(carrierPage.filter).toEqual({ side: 2 });
    expect(carrierPage.actions.map((a: Row) => a.label)).toEqual(['详情', '确认', '驳回', '导出']);
    const financePage = await pageOf(finance, 'settlement/bill-list');
    const audit = financePage.actions.find((a: Row) => a.id === 'audit');
    expect(audit.availableWhen).toEqual([{ side: [1], status: [2] }, { side: [2], status: [2] }]);
    expect(financePage.actions.find((a: Row) => a.id === 'distributeCarrier').availableWhen).toEqual([{ side: [2], status: [4] }]);
    const menus = async (caller: Caller) => JSON.stringify(await ok(caller, '/menu/menuTree', {}));
    expect(await menus(carrier)).toContain('承运商账单确认与分发');
    expect(await menus(carrier)).not.toContain('客户账单确认');
    expect(await menus(customer)).toContain('客户账单确认');
  });
});
