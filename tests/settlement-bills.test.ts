// Waybill fees and bills as finance, carriers and customers meet them: estimates stored and overridden
// with history; a bill per party and period from the completed waybills, its total the sum of its lines
// to the fen; no waybill twice on one party's bills (also in the database); two finance users at once
// leave one bill; the bill machine's allowed and refused steps; a frozen bill never changes and the
// next bill carries the difference; partners reach only their own bills; bad input changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { rowOf } from './support/waybill-fixture.ts';
import { billAt, completedWaybill, partnerOf, priced } from './support/bill-fixtures.ts';
import { recordEstimate } from '../server/domain/settlement/fees/estimates.ts';
import { BILL_TRANSITIONS } from '../server/domain/settlement/bills/machine.ts';
import { ConstraintError } from '../server/db/port.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;

const NOT_FOUND = '记录不存在或无权访问';
const STALE = '数据已被他人修改，请刷新后重试';

let t: TestApp;
let finance: Caller;
let dispatcher: Caller;
let carrier: Caller;
let customer: Caller;
let carrierId: number;
let otherCarrierId: number;
let customerId: number;

beforeAll(async () => {
  t = await createTestApp();
  [finance, dispatcher, carrier, customer] = await Promise.all(['finance', 'dispatcher', 'carrier', 'customer'].map((u) => t.as(u)));
  carrierId = await partnerOf(t.db, 'carrier');
  customerId = await partnerOf(t.db, 'customer');
  otherCarrierId = (await rowOf(t.db, 'SELECT carrier_id AS c FROM vehicles WHERE corp_id = 1 AND carrier_id <> ? AND status = 0 AND driver_id IS NOT NULL ORDER BY id LIMIT 1', carrierId)).c;
});

async function ok(caller: Caller, path: string, body?: Row) {
  const r = body === undefined ? await caller.get(path) : await caller.post(path, body);
  expect(r.code, `${path}: ${r.message}`).toBe(1);
  return r.result;
}

const billRow = (id: number) => rowOf(t.db, 'SELECT status, version, total, fee_total AS "feeTotal", adjustment_total AS "adjustmentTotal", waybill_count AS "waybillCount", is_deleted AS "isDeleted" FROM bills WHERE id = ?', id);
const linesOf = (id: number) => t.db.all<Row>('SELECT kind, waybill_id AS "waybillId", fee_amount AS "feeAmount", adjustments, total, reason FROM bill_lines WHERE bill_id = ? ORDER BY kind, id', [id]);
const feeOf = (waybillId: number, side: number) => rowOf(t.db, 'SELECT id, amount, state, party_id AS "partyId", override_reason AS reason, version FROM waybill_fees WHERE waybill_id = ? AND side = ? AND is_deleted = 0', waybillId, side);
const history = (feeId: number) => t.db.all<Row>("SELECT action, changes FROM record_history WHERE resource = 'waybillFee' AND record_id = ? ORDER BY record_version", [feeId]);
/** Days far apart per test, so each test's period holds only its own waybills. */
const day = (month: number, d: number) => `2024-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

describe('waybill fees', () => {
  it('stores an estimate once, keeps an override against a later estimate for the same party, and lets a new party replace it', async () => {
    const w = await completedWaybill(t.db, { carrierId, day: day(1, 1), payable: 1234_56 });
    const first = await feeOf(w.waybillId, 2);
    expect([first.amount, first.state, first.partyId]).toEqual([123456, 1, carrierId]);
    // The same estimate again writes nothing.
    expect((await recordEstimate(t.db, 1, w.waybillId, 2, carrierId, priced(1234_56))).changed).toBe(false);
    await ok(dispatcher, '/financialFee/saveFee', { waybillId: w.waybillId, side: 2, amount: 1300_00, reason: '高速费补贴', version: first.version });
    const overridden = await feeOf(w.waybillId, 2);
    expect([overridden.amount, overridden.state, overridden.reason]).toEqual([130000, 2, '高速费补贴']);
    // A re-estimate (the waybill changed) does not undo a person's decision for the same carrier...
    expect((await recordEstimate(t.db, 1, w.waybillId, 2, carrierId, priced(999_00))).changed).toBe(false);
    expect((await feeOf(w.waybillId, 2)).amount).toBe(130000);
    // ...but another carrier taking the waybill is priced afresh.
    await recordEstimate(t.db, 1, w.waybillId, 2, otherCarrierId, priced(888_00));
    const replaced = await feeOf(w.waybillId, 2);
    expect([replaced.amount, replaced.state, replaced.partyId, replaced.reason]).toEqual([88800, 1, otherCarrierId, null]);
    const h = await history(first.id);
    expect(h.map((r) => r.action)).toEqual(['create', 'override', 'estimate']);
    expect(JSON.parse(h[1].changes)).toContainEqual({ field: 'amount', title: '金额（分）', before: 123456, after: 130000 });
    const shown = await ok(dispatcher, `/financialFee/getWaybillFees?id=${w.waybillId}`);
    expect(shown.fees.find((f: Row) => f.side === 2).history).toHaveLength(3);
  });

  it('refuses an override from a partner, a stale version, and bad input, changing nothing', async () => {
    const w = await completedWaybill(t.db, { carrierId, day: day(1, 2), payable: 500_00 });
    const fee = await feeOf(w.waybillId, 2);
    const body = { waybillId: w.waybillId, side: 2, amount: 600_00, reason: '补差', version: fee.version };
    expect((await t.refused(() => carrier.post('/financialFee/saveFee', body))).code).toBe(104);
    expect((await t.refused(() => dispatcher.post('/financialFee/saveFee', { ...body, version: fee.version + 1 }))).message).toBe(STALE);
    for (const [bad, name] of [[{ amount: 1.5 }, '金额'], [{ amount: -1 }, '金额'], [{ amount: '600' }, '金额'], [{ reason: '  ' }, '调整原因'],
      [{ reason: 'x'.repeat(257) }, '调整原因'], [{ side: 3 }, '结算方向'], [{ waybillId: "1'; DROP TABLE bills; --" }, '运单ID']] as const) {
      const r = await t.refused(() => dispatcher.post('/financialFee/saveFee', { ...body, ...bad }));
      expect([r.code, r.message.includes(name)], r.message).toEqual([100, true]);
    }
    const missing = await t.refused(() => dispatcher.post('/financialFee/saveFee', { waybillId: w.waybillId, side: 2, amount: 1 }));
    expect([missing.code, missing.message.includes('调整原因')]).toEqual([100, true]);
  });
});

describe('creating bills', () => {
  it('bills the completed waybills of the period with a fee of the party, totals equal to the lines to the fen, never one waybill twice', async () => {
    const inPeriod = [await completedWaybill(t.db, { carrierId, day: day(2, 3), payable: 1000_01 }), await completedWaybill(t.db, { carrierId, day: day(2, 5), payable: 2345_67 })];
    await completedWaybill(t.db, { carrierId, day: day(2, 6), payable: 1_00 }); // after the period
    await completedWaybill(t.db, { carrierId: otherCarrierId, day: day(2, 4), payable: 7_00 }); // another carrier
    const running = await completedWaybill(t.db, { carrierId, day: day(2, 4), payable: 9_00 });
    await t.db.run('UPDATE waybills SET status = 400, step = 12 WHERE id = ?', [running.waybillId]); // not completed
    const made = await ok(finance, '/bill/createBills', { side: 2, partyId: carrierId, from: day(2, 1), to: day(2, 5) });
    expect(made.billNo).toMatch(/^ZD\d{8}\d{6}$/);
    const lines = await linesOf(made.id);
    expect(lines.map((l) => l.waybillId).sort()).toEqual(inPeriod.map((w) => w.waybillId).sort());
    const bill = await billRow(made.id);
    expect([bill.total, bill.feeTotal, bill.waybillCount, bill.status]).toEqual([334568, 334568, 2, 2]);
    expect(bill.total).toBe(lines.reduce((s, l) => s + l.total, 0));
    // The same party and period again: nothing left to bill.
    expect((await t.refused(() => finance.post('/bill/createBills', { side: 2, partyId: carrierId, from: day(2, 1), to: day(2, 5) }))).message)
      .toBe('该账期内没有可出账的已完成运单');
    // The database itself refuses a second live line of a waybill for the same party.
    await expect(t.db.run(`INSERT INTO bill_lines (corp_id, bill_id, side, party_id, kind, waybill_id, fee_amount, deductions, adjustments, total)
      VALUES (1, ?, 2, ?, 1, ?, 1, 0, 0, 1)`, [made.id, carrierId, inPeriod[0].waybillId])).rejects.toBeInstanceOf(ConstraintError);
    // Deleting the draft frees its waybills for the next bill.
    await ok(finance, '/bill/delete', { id: made.id, version: 1 });
    const again = await ok(finance, '/bill/createBills', { side: 2, partyId: carrierId, from: day(2, 1), to: day(2, 5) });
    expect((await billRow(again.id)).total).toBe(334568);
  });

  it('leaves one bill when two finance users create the same party and period at once', async () => {
    await completedWaybill(t.db, { carrierId, day: day(3, 10), payable: 300_00 });
    await completedWaybill(t.db, { carrierId, day: day(3, 11), payable: 400_00 });
    const input = { side: 2, partyId: carrierId, from: day(3, 1), to: day(3, 31) };
    const [a, b] = await Promise.all([finance.post('/bill/createBills', input), (await t.as('admin')).post('/bill/createBills', input)]);
    expect([a.code, b.code].sort()).toEqual([0, 1]);
    const bills = await t.db.all<Row>("SELECT id FROM bills WHERE party_id = ? AND side = 2 AND period_from = ? AND is_deleted = 0", [carrierId, day(3, 1)]);
    expect(bills).toHaveLength(1);
    expect((await billRow(bills[0].id)).total).toBe(700_00);
  });

  it('refuses bad input naming the field, changing nothing', async () => {
    const base = { side: 2, partyId: carrierId, from: day(4, 1), to: day(4, 30) };
    for (const [bad, name] of [[{ side: 3 }, '结算方向'], [{ partyId: -1 }, '结算对象'], [{ partyId: 'abc' }, '结算对象'], [{ from: '2024-13-01' }, '账期开始日期'],
      [{ to: '2024-02-30' }, '账期结束日期'], [{ from: "2024-01-01'; --" }, '账期开始日期'], [{ from: day(5, 1) }, '账期开始日期'], [{ partyId: 999999 }, '承运商'],
      [{ remark: 'x'.repeat(257) }, '备注'], [{ hacker: 1 }, 'hacker']] as const) {
      const r = await t.refused(() => finance.post('/bill/createBills', { ...base, ...bad }));
      expect([r.code, r.message.includes(name)], r.message).toEqual([100, true]);
    }
    const { from: _f, ...noFrom } = base;
    expect((await t.refused(() => finance.post('/bill/createBills', noFrom))).code).toBe(100);
    expect((await t.refused(() => carrier.post('/bill/createBills', base))).code).toBe(104);
  });
});

describe('the bill machine', () => {
  it('takes a carrier bill from 待确认 through 分发, the carrier\'s confirmation, 收票 and 付款 to 已完成, telling the carrier', async () => {
    await completedWaybill(t.db, { carrierId, day: day(5, 2), payable: 800_00 });
    const b = await ok(finance, '/bill/createBills', { side: 2, partyId: carrierId, from: day(5, 1), to: day(5, 31) });
    // The carrier does not see finance's draft.
    expect((await carrier.get(`/bill/getBillDetail?id=${b.id}`)).message).toBe(NOT_FOUND);
    const steps: [Caller, string, Row, number, string][] = [
      [finance, '/bill/audit', {}, 4, '待发送'],
      [finance, '/bill/distribute', {}, 9, '待承运商确认'],
      [carrier, '/bill/billConfirm', {}, 10, '待收票'],
      [finance, '/bill/invoice', { invoiceNo: 'FP-2024-05' }, 11, '待付款'],
      [finance, '/bill/pay', {}, 8, '已完成'],
    ];
    let version = b.version;
    for (const [who, path, extra, status, label] of steps) {
      const r = await ok(who, path, { id: b.id, version, ...extra });
      expect([r.status, r.statusStr]).toEqual([status, label]);
      version = r.version;
      if (path === '/bill/distribute') {
        const carrierUser = (await rowOf(t.db, "SELECT id FROM users WHERE user_name = 'carrier'")).id;
        expect((await rowOf(t.db, "SELECT title, content FROM messages WHERE user_id = ? AND kind = 'bill' ORDER BY id DESC LIMIT 1", carrierUser)).content).toContain(b.billNo);
      }
    }
    const detail = await ok(carrier, `/bill/getBillDetail?id=${b.id}`);
    expect(detail.timeline.map((h: Row) => h.actionStr)).toEqual(['生成账单', '审核', '分发', '确认', '收票', '付款']);
    expect(detail.actions).toEqual([]);
  });

  it('takes a customer bill through 发送, the customer\'s confirmation, 开票 and 核销; a rejection returns it to finance with the reason', async () => {
    await completedWaybill(t.db, { carrierId, day: day(6, 2), payable: 1_00, receivable: 950_00, customerId });
    const b = await billAt(finance, { side: 1, partyId: customerId, from: day(6, 1), to: day(6, 30) }, ['/bill/audit', '/bill/distribute']);
    expect((await billRow(b.id)).status).toBe(5);
    const rejected = await ok(customer, '/bill/billReject', { id: b.id, version: b.version, reason: '第3单金额不对' });
    expect(rejected.status).toBe(2);
    expect((await rowOf(t.db, 'SELECT reject_reason AS r FROM bills WHERE id = ?', b.id)).r).toBe('第3单金额不对');
    let version = rejected.version;
    for (const [who, path, extra, status] of [[finance, '/bill/audit', {}, 4], [finance, '/bill/distribute', {}, 5], [customer, '/bill/billConfirm', {}, 6],
      [finance, '/bill/invoice', { invoiceNo: 'FP-6' }, 7], [finance, '/bill/writeOff', {}, 8]] as [Caller, string, Row, number][]) {
      const r = await ok(who, path, { id: b.id, version, ...extra });
      expect(r.status).toBe(status);
      version = r.version;
    }
  });

  it('refuses every action out of its status, from the wrong user, or at a stale version, changing nothing', async () => {
    await completedWaybill(t.db, { carrierId, day: day(7, 2), payable: 10_00 });
    const b = await ok(finance, '/bill/createBills', { side: 2, partyId: carrierId, from: day(7, 1), to: day(7, 31) });
    const at2 = { id: b.id, version: 1 };
    // Every action the machine does not allow at 2 is refused with the machine's message.
    const allowedAt2 = new Set(BILL_TRANSITIONS.filter((r) => r.side === 2 && r.from.includes(2)).map((r) => r.action));
    const paths: Record<string, [string, Row]> = {
      distribute: ['/bill/distribute', {}], confirm: ['/bill/billConfirm', {}], reject: ['/bill/billReject', { reason: '不对' }],
      invoice: ['/bill/invoice', { invoiceNo: 'X' }], pay: ['/bill/pay', {}], reopen: ['/bill/reopen', {}],
    };
    for (const [action, [path, extra]] of Object.entries(paths)) {
      expect(allowedAt2.has(action as never)).toBe(false);
      expect((await t.refused(() => finance.post(path, { ...at2, ...extra }))).message).toMatch(/^账单当前状态不能.+，请刷新后重试$/);
    }
    // 核销 belongs to customer bills only.
    expect((await t.refused(() => finance.post('/bill/writeOff', at2))).message).toBe('无权核销此账单');
    expect((await t.refused(() => finance.post('/bill/audit', { id: b.id, version: 2 }))).message).toBe(STALE);
    // A dispatcher has no bill operations; a carrier cannot reach finance's actions.
    expect((await t.refused(() => dispatcher.post('/bill/audit', at2))).code).toBe(104);
    expect((await t.refused(() => carrier.post('/bill/audit', at2))).code).toBe(104);
    const sent = await billAt(finance, { side: 2, partyId: carrierId, from: day(7, 1), to: day(7, 31) }, []).catch(() => null);
    expect(sent).toBeNull(); // nothing left to bill in July
    const a = await ok(finance, '/bill/audit', at2);
    const d = await ok(finance, '/bill/distribute', { id: b.id, version: a.version });
    // The customer cannot reach a carrier bill; a rejection needs its reason.
    expect((await t.refused(() => customer.post('/bill/billConfirm', { id: b.id, version: d.version }))).message).toBe(NOT_FOUND);
    expect((await t.refused(() => carrier.post('/bill/billReject', { id: b.id, version: d.version, reason: ' ' }))).code).toBe(100);
    expect((await t.refused(() => carrier.post('/bill/billReject', { id: b.id, version: d.version }))).code).toBe(100);
    expect((await t.refused(() => carrier.post('/bill/invoice', { id: b.id, version: d.version, invoiceNo: 'X' }))).code).toBe(104);
    expect((await t.refused(() => carrier.post('/bill/billConfirm', { id: b.id, version: d.version - 1 }))).message).toBe(STALE);
    for (const body of [{ id: b.id }, { id: -1, version: 1 }, { id: b.id, version: 'x' }, { id: b.id, version: d.version, extra: 1 }]) {
      expect((await t.refused(() => carrier.post('/bill/billConfirm', body))).code).toBe(100);
    }
    await ok(carrier, '/bill/billConfirm', { id: b.id, version: d.version });
  });

  it('scopes bills: carrier A neither sees nor confirms carrier B\'s bill; lists and tabs count only its own', async () => {
    await completedWaybill(t.db, { carrierId: otherCarrierId, day: day(8, 2), payable: 70_00 });
    const other = await billAt(finance, { side: 2, partyId: otherCarrierId, from: day(8, 1), to: day(8, 31) }, ['/bill/audit', '/bill/distribute']);
    await completedWaybill(t.db, { carrierId, day: day(8, 3), payable: 80_00 });
    const own = await billAt(finance, { side: 2, partyId: carrierId, from: day(8, 1), to: day(8, 31) }, ['/bill/audit', '/bill/distribute']);
    expect((await carrier.get(`/bill/getBillDetail?id=${other.id}`)).message).toBe(NOT_FOUND);
    expect((await t.refused(() => carrier.post('/bill/billConfirm', { id: other.id, version: other.version }))).message).toBe(NOT_FOUND);
    const listed = await ok(carrier, '/bill/getBillList', { pageSize: 500 });
    expect(listed.data.map((b: Row) => b.id)).toContain(own.id);
    expect(listed.data.every((b: Row) => b.partyId === carrierId && b.side === 2)).toBe(true);
    const tabs = await ok(carrier, '/bill/getBillCount', {});
    expect(tabs[0].count).toBe(listed.totalRecords);
    expect(tabs.find((x: Row) => x.status === 9).label).toBe('待承运商确认');
    expect((await ok(customer, '/bill/getBillList', {})).data.every((b: Row) => b.side === 1 && b.partyId === customerId)).toBe(true);
    const mine = await ok(carrier, `/bill/getBillDetail?id=${own.id}`);
    expect(mine.actions.map((a: Row) => a.name)).toEqual(['确认', '驳回']);
  });
});

describe('a frozen bill', () => {
  it('never changes after it left finance: a later override reaches the next bill as an adjustment line; a draft follows the fee', async () => {
    const w1 = await completedWaybill(t.db, { carrierId: otherCarrierId, day: day(9, 2), payable: 1000_00 });
    const w2 = await completedWaybill(t.db, { carrierId: otherCarrierId, day: day(9, 3), payable: 500_00 });
    const sept = await billAt(finance, { side: 2, partyId: otherCarrierId, from: day(9, 1), to: day(9, 30) }, ['/bill/audit', '/bill/distribute']);
    const frozen = { bill: await billRow(sept.id), lines: await linesOf(sept.id) };
    // Overrides after the bill was sent, then every later action on it.
    const fee1 = await feeOf(w1.waybillId, 2);
    await ok(dispatcher, '/financialFee/saveFee', { waybillId: w1.waybillId, side: 2, amount: 1100_50, reason: '等待费', version: fee1.version });
    await recordEstimate(t.db, 1, w2.waybillId, 2, otherCarrierId, priced(450_00));
    await ok(finance, '/bill/billConfirm', { id: sept.id, version: sept.version });
    expect(await linesOf(sept.id)).toEqual(frozen.lines);
    const after = await billRow(sept.id);
    expect([after.total, after.feeTotal, after.waybillCount]).toEqual([frozen.bill.total, frozen.bill.feeTotal, frozen.bill.waybillCount]);
    // The next bill (October, one waybill) carries both differences with their reasons.
    const w3 = await completedWaybill(t.db, { carrierId: otherCarrierId, day: day(10, 2), payable: 300_00 });
    const oct = await ok(finance, '/bill/createBills', { side: 2, partyId: otherCarrierId, from: day(10, 1), to: day(10, 31) });
    const lines = await linesOf(oct.id);
    expect(lines.map((l) => [l.kind, l.waybillId, l.total])).toEqual([[1, w3.waybillId, 300_00], [2, w1.waybillId, 100_50], [2, w2.waybillId, -50_00]]);
    expect(lines[1].reason).toBe('费用调整：等待费');
    const octBill = await billRow(oct.id);
    expect([octBill.total, octBill.adjustmentTotal]).toEqual([350_50, 50_50]);
    // While October is a draft, an override follows onto its line and total; no third adjustment appears.
    const fee3 = await feeOf(w3.waybillId, 2);
    await ok(dispatcher, '/financialFee/saveFee', { waybillId: w3.waybillId, side: 2, amount: 310_00, reason: '压车费', version: fee3.version });
    const followed = await billRow(oct.id);
    expect([followed.total, followed.version]).toEqual([360_50, 2]);
    expect((await t.refused(() => finance.post('/bill/createBills', { side: 2, partyId: otherCarrierId, from: day(10, 1), to: day(10, 31) }))).code).toBe(0);
    // Once October is frozen, it stays as it was too.
    const audited = await ok(finance, '/bill/audit', { id: oct.id, version: 2 });
    const fee3b = await feeOf(w3.waybillId, 2);
    await ok(dispatcher, '/financialFee/saveFee', { waybillId: w3.waybillId, side: 2, amount: 1, reason: '错单', version: fee3b.version });
    expect([(await billRow(oct.id)).total, (await billRow(oct.id)).version]).toEqual([360_50, audited.version]);
  });
});
