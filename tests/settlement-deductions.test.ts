// Deductions and subsidies as finance, dispatch and carriers meet them: a short sign-off's loss valued
// and split (货损分摊), the carrier's part taken off its bill line and the bill total; cancelling before
// billing gives it back; after the bill is frozen a new deduction reaches the next bill as an
// adjustment; lateness and temperature alarms priced by the carrier's rule; allowances made at
// sign-off and confirmed; partners see only their own.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { rowOf } from './support/waybill-fixture.ts';
import { billAt, completedWaybill, partnerOf } from './support/bill-fixtures.ts';
import { signedShort } from './support/deduction-fixtures.ts';
import { alarmDeduction, lateDeduction, perStartedHour } from '../server/domain/settlement/deductions/computed.ts';
import { lossAmountOf } from '../server/domain/settlement/deductions/loss-share.ts';
import { allowanceAmount, chooseRule } from '../server/domain/settlement/allowances/allowances.ts';
import { shanghaiDateStart as dayStart } from '../server/resources/time.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;
const HOUR = 3600_000;

let t: TestApp;
let finance: Caller;
let dispatcher: Caller;
let carrier: Caller;
let customer: Caller;
let admin: Caller;
let carrierId: number;
let otherCarrierId: number;

beforeAll(async () => {
  t = await createTestApp();
  [finance, dispatcher, carrier, customer, admin] = await Promise.all(['finance', 'dispatcher', 'carrier', 'customer', 'admin'].map((u) => t.as(u)));
  carrierId = await partnerOf(t.db, 'carrier');
  otherCarrierId = (await rowOf(t.db, 'SELECT carrier_id AS c FROM vehicles WHERE corp_id = 1 AND carrier_id <> ? AND status = 0 AND driver_id IS NOT NULL ORDER BY id LIMIT 1', carrierId)).c;
});

async function ok(caller: Caller, path: string, body?: Row) {
  const r = body === undefined ? await caller.get(path) : await caller.post(path, body);
  expect(r.code, `${path}: ${r.message}`).toBe(1);
  return r.result;
}

const day = (month: number, d: number) => `2023-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const bill = (id: number) => rowOf(t.db, 'SELECT fee_total AS "feeTotal", deduction_total AS "deductionTotal", adjustment_total AS "adjustmentTotal", total FROM bills WHERE id = ?', id);
const linesOf = (id: number) => t.db.all<Row>('SELECT kind, waybill_id AS "waybillId", fee_amount AS "feeAmount", deductions, adjustments, total, reason FROM bill_lines WHERE bill_id = ? ORDER BY kind, id', [id]);
const carrierBill = (d: string, path: string[] = []) => billAt(finance, { side: 2, partyId: carrierId, from: d, to: d }, path);

/** The property every bill keeps: each line's total is fee − deductions + adjustments, the bill's the sum of its lines. */
async function expectConsistent(billId: number) {
  const lines = await linesOf(billId);
  for (const l of lines) expect(l.total).toBe(l.feeAmount - l.deductions + l.adjustments);
  const b = await bill(billId);
  expect(b.total).toBe(lines.reduce((s, l) => s + l.total, 0));
  expect(b.deductionTotal).toBe(lines.reduce((s, l) => s + l.deductions, 0));
}

describe('货损分摊', () => {
  it('values a short sign-off, takes the carrier\'s part off its bill line and total, and shows the detail and history', async () => {
    const w = await signedShort(t.db, admin, { carrierId, day: day(1, 5), payable: 1000_00, signed: 40, delivered: 42 });
    // The dialog opens with the sign-off's quantities: 2 units lost.
    const before = await ok(dispatcher, `/carrierLossShare/detail?waybillId=${w.waybillId}`);
    expect([before.deliveredQuantity, before.signedQuantity, before.lostQuantity, before.share]).toEqual([42, 40, 2, null]);
    const saved = await ok(dispatcher, '/carrierLossShare/saveOrUpdate', { waybillId: w.waybillId, unitValue: 150_00, carrierAmount: 200_00, reason: '两袋破损' });
    expect([saved.lostQuantity, saved.lossAmount, saved.carrierAmount, saved.companyAmount]).toEqual([2, 300_00, 200_00, 100_00]);
    const b = await carrierBill(day(1, 5));
    expect(await linesOf(b.id)).toEqual([{ kind: 1, waybillId: w.waybillId, feeAmount: 1000_00, deductions: 200_00, adjustments: 0, total: 800_00, reason: null }]);
    expect(await bill(b.id)).toEqual({ feeTotal: 1000_00, deductionTotal: 200_00, adjustmentTotal: 0, total: 800_00 });
    const detail = await ok(finance, `/carrierLossShare/detail?id=${saved.id}`);
    expect([detail.share.carrierAmount, detail.share.reason, detail.share.waybillNo]).toEqual([200_00, '两袋破损', w.waybillNo]);
    const history = await ok(finance, '/carrierLossShare/pageHistory', { id: saved.id });
    expect(history.data.map((h: Row) => h.action)).toEqual(['create']);
    // One share per waybill: a second one is refused, the first stays.
    const again = await dispatcher.post('/carrierLossShare/saveOrUpdate', { waybillId: w.waybillId, unitValue: 1_00, carrierAmount: 1_00 });
    expect([again.code, again.message]).toEqual([0, '该运单已分摊货损，请修改或取消后重新分摊']);
  });

  it('cancelled before billing, the carrier is not charged; changed on a draft bill, the line follows', async () => {
    const w = await signedShort(t.db, admin, { carrierId, day: day(1, 8), payable: 500_00 });
    const s = await ok(finance, '/carrierLossShare/saveOrUpdate', { waybillId: w.waybillId, lostQuantity: 1.5, unitValue: 100_00, carrierAmount: 150_00 });
    await ok(finance, '/carrierLossShare/delete', { id: s.id, version: s.version });
    const b = await carrierBill(day(1, 8));
    expect((await linesOf(b.id))[0]).toMatchObject({ deductions: 0, total: 500_00 });
    // Shared again while the bill is still being prepared (2 待确认): its line and total follow.
    const s2 = await ok(finance, '/carrierLossShare/saveOrUpdate', { waybillId: w.waybillId, unitValue: 100_00, carrierAmount: 120_00 });
    expect((await linesOf(b.id))[0]).toMatchObject({ deductions: 120_00, total: 380_00 });
    await ok(finance, '/carrierLossShare/saveOrUpdate', { id: s2.id, version: s2.version, waybillId: w.waybillId, unitValue: 100_00, carrierAmount: 50_00 });
    expect((await bill(b.id)).total).toBe(450_00);
    await expectConsistent(b.id);
    const history = await ok(finance, '/carrierLossShare/pageHistory', { id: s2.id });
    expect(history.data[0].changes).toContainEqual({ field: 'carrierAmount', title: '承运商承担（分）', before: 120_00, after: 50_00 });
  });

  it('after the bill is frozen, a new share is an adjustment on the next bill and a cancelled one gives it back', async () => {
    const w = await signedShort(t.db, admin, { carrierId, day: day(2, 3), payable: 800_00 });
    const frozen = await carrierBill(day(2, 3), ['/bill/audit']);
    const s = await ok(finance, '/carrierLossShare/saveOrUpdate', { waybillId: w.waybillId, unitValue: 100_00, carrierAmount: 90_00 });
    // The frozen bill never changes.
    expect(await bill(frozen.id)).toEqual({ feeTotal: 800_00, deductionTotal: 0, adjustmentTotal: 0, total: 800_00 });
    await completedWaybill(t.db, { carrierId, day: day(2, 4), payable: 100_00 });
    const next = await carrierBill(day(2, 4), ['/bill/audit']);
    const adj = (await linesOf(next.id)).find((l) => l.kind === 2)!;
    expect(adj).toMatchObject({ waybillId: w.waybillId, feeAmount: 0, deductions: 90_00, adjustments: 0, total: -90_00, reason: '扣款调整：账单确认后扣款有变动' });
    expect(await bill(next.id)).toEqual({ feeTotal: 100_00, deductionTotal: 90_00, adjustmentTotal: 0, total: 10_00 });
    await expectConsistent(next.id);
    // Cancelled afterwards: the bill after gives the 90 back.
    await ok(finance, '/carrierLossShare/delete', { id: s.id, version: s.version });
    await completedWaybill(t.db, { carrierId, day: day(2, 5), payable: 100_00 });
    const third = await carrierBill(day(2, 5));
    expect((await linesOf(third.id)).find((l) => l.kind === 2)).toMatchObject({ waybillId: w.waybillId, deductions: -90_00, total: 90_00 });
    await expectConsistent(third.id);
  });

  it('refuses what cannot be shared, with the field named, and changes nothing', async () => {
    const full = await completedWaybill(t.db, { carrierId, day: day(3, 1), payable: 100_00 });
    const r = await finance.post('/carrierLossShare/saveOrUpdate', { waybillId: full.waybillId, lostQuantity: 1, unitValue: 1_00, carrierAmount: 1_00 });
    expect([r.code, r.message]).toEqual([0, '运单未签收或签收无货损，不能分摊货损']);
    const w = await signedShort(t.db, admin, { carrierId, day: day(3, 2), payable: 100_00 });
    const cases: [Row, string][] = [
      [{ unitValue: 100_00, carrierAmount: 300_00 }, '承运商承担：不能超过货损金额'],
      [{ lostQuantity: 50, unitValue: 100_00, carrierAmount: 1_00 }, '货损数量：不能超过交货数量'],
      [{ lostQuantity: 0, unitValue: 100_00, carrierAmount: 1_00 }, '货损数量：须大于0'],
      [{ unitValue: -1, carrierAmount: 1_00 }, '货物单价'],
      [{ unitValue: 1.5, carrierAmount: 1_00 }, '货物单价'],
      [{ unitValue: 100_00, carrierAmount: 1_00, lostQuantity: 1.0001 }, '货损数量'],
      [{ unitValue: 100_00, carrierAmount: 1_00, reason: 'x'.repeat(201) }, '分摊原因'],
      [{ unitValue: 100_00, carrierAmount: 1_00, extra: 1 }, 'extra'],
    ];
    for (const [body, message] of cases) {
      const res = await finance.post('/carrierLossShare/saveOrUpdate', { waybillId: w.waybillId, ...body });
      expect(res.code, JSON.stringify(body)).toBe(100);
      expect(res.message).toContain(message);
    }
    expect((await rowOf(t.db, 'SELECT count(*) AS n FROM carrier_loss_shares WHERE waybill_id = ?', w.waybillId)).n).toBe(0);
    expect((await rowOf(t.db, 'SELECT count(*) AS n FROM waybill_deductions WHERE waybill_id = ?', w.waybillId)).n).toBe(0);
    // A partner may not share a loss, even its own carrier's.
    expect((await carrier.post('/carrierLossShare/saveOrUpdate', { waybillId: w.waybillId, unitValue: 1_00, carrierAmount: 1_00 })).code).not.toBe(1);
  });

  it('a carrier user reads only its own carrier\'s shares; a customer none', async () => {
    const mine = await signedShort(t.db, admin, { carrierId, day: day(4, 1), payable: 100_00 });
    const theirs = await signedShort(t.db, admin, { carrierId: otherCarrierId, day: day(4, 1), payable: 100_00 });
    const a = await ok(finance, '/carrierLossShare/saveOrUpdate', { waybillId: mine.waybillId, unitValue: 10_00, carrierAmount: 5_00 });
    const b = await ok(finance, '/carrierLossShare/saveOrUpdate', { waybillId: theirs.waybillId, unitValue: 10_00, carrierAmount: 5_00 });
    const seen = (await ok(carrier, '/carrierLossShare/page', { pageSize: 500 })).data.map((r: Row) => r.id);
    expect(seen).toContain(a.id);
    expect(seen).not.toContain(b.id);
    const denied = await carrier.get(`/carrierLossShare/detail?id=${b.id}`);
    expect([denied.code, denied.message]).toEqual([0, '记录不存在或无权访问']);
    expect((await carrier.post('/carrierLossShare/pageHistory', { id: b.id })).code).toBe(0);
    expect((await customer.post('/carrierLossShare/page', {})).code).not.toBe(1);
  });
});

describe('lateness and alarms', () => {
  it('charges every started hour late by the carrier rule, up to its cap, once', async () => {
    expect(lateDeduction({ requiredArriveTime: 0, actualArriveTime: 2 * HOUR + 1 }, { lateFeePerHour: 50_00, lateFeeCap: null })).toBe(150_00);
    expect(lateDeduction({ requiredArriveTime: 0, actualArriveTime: 2 * HOUR + 1 }, { lateFeePerHour: 50_00, lateFeeCap: 120_00 })).toBe(120_00);
    expect(lateDeduction({ requiredArriveTime: 0, actualArriveTime: 0 }, { lateFeePerHour: 50_00, lateFeeCap: null })).toBe(0);
    expect(lateDeduction({ requiredArriveTime: 10, actualArriveTime: 5 }, { lateFeePerHour: 50_00, lateFeeCap: null })).toBe(0);
    const rule = (await rowOf(t.db, 'SELECT id FROM contract_rate_rules WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id DESC LIMIT 1')).id;
    await t.db.run('UPDATE contract_rate_rules SET late_fee_per_hour = ?, late_fee_cap = ? WHERE id = ?', [40_00, 100_00, rule]);
    const w = await completedWaybill(t.db, { carrierId, day: day(5, 1), payable: 600_00 });
    await t.db.run('UPDATE waybill_fees SET rule_id = ? WHERE waybill_id = ? AND side = 2', [rule, w.waybillId]);
    const due = dayStart(day(5, 1)) + 8 * HOUR;
    await t.db.run('UPDATE waybill_nodes SET required_arrive_time = ?, actual_arrive_time = ? WHERE id = ?', [due, due + 2 * HOUR + 30 * 60_000, w.nodes.end]);
    const b = await carrierBill(day(5, 1));
    // 2 h 30 min late: 3 started hours × ¥40 = ¥120, capped at ¥100.
    expect((await linesOf(b.id))[0]).toMatchObject({ feeAmount: 600_00, deductions: 100_00, total: 500_00 });
    const d = await rowOf(t.db, 'SELECT kind, amount, reason FROM waybill_deductions WHERE waybill_id = ? AND is_deleted = 0', w.waybillId);
    expect([d.kind, d.amount, d.reason]).toEqual([3, 100_00, expect.stringContaining('晚到3小时')]);
    // Deleting the draft and billing again does not charge it twice.
    await ok(finance, '/bill/delete', { id: b.id, version: b.version });
    const again = await carrierBill(day(5, 1));
    expect((await linesOf(again.id))[0]).toMatchObject({ deductions: 100_00 });
    await t.db.run('UPDATE contract_rate_rules SET late_fee_per_hour = NULL, late_fee_cap = NULL WHERE id = ?', [rule]);
  });

  it('turns a closed temperature alarm into a deduction per started hour; an open one is not charged yet', () => {
    expect(alarmDeduction({ beginTime: 0, endTime: 90 * 60_000, status: 0 }, 30_00)).toBe(60_00);
    expect(alarmDeduction({ beginTime: 0, endTime: 90 * 60_000, status: 1 }, 30_00)).toBe(0);
    expect(alarmDeduction({ beginTime: 0, endTime: 90 * 60_000, status: 0 }, null)).toBe(0);
    expect(perStartedHour(HOUR, 10_00, 5_00)).toBe(5_00);
    expect(lossAmountOf(1500, 333)).toBe(500); // 1.5 × ¥3.33 = ¥4.995 → ¥5.00
  });
});

describe('司机补贴 / 送货员补贴', () => {
  it('makes the driver\'s allowance at sign-off from the rule in force, and finance confirms it once', async () => {
    await ok(finance, '/res/allowanceRule/save', { ruleName: '干线司机补贴', kind: 1, basis: 1, amount: 80_00, validFrom: Date.UTC(2020, 0, 1), validUntil: Date.UTC(2035, 0, 1) });
    const drop = await ok(finance, '/allowanceInfo/ruleDropBox', { kind: 1 });
    expect(drop).toContainEqual(expect.objectContaining({ label: '干线司机补贴', kind: 1, amount: 80_00 }));
    const w = await signedShort(t.db, admin, { carrierId, day: day(6, 1), payable: 100_00 });
    const a = await rowOf(t.db, 'SELECT id, version, amount, status, rule_id AS "ruleId", person_name AS "personName", carrier_id AS "carrierId" FROM waybill_allowances WHERE waybill_id = ? AND kind = 1', w.waybillId);
    expect([a.amount, a.status, a.carrierId]).toEqual([80_00, 300, carrierId]);
    expect(a.ruleId).toBe((await rowOf(t.db, "SELECT id FROM allowance_rules WHERE rule_name = '干线司机补贴'")).id);
    expect(a.personName).toBeTruthy();
    const list = await ok(carrier, '/res/waybillAllowance/list', { kind: [1], pageSize: 500 });
    const row = list.data.find((r: Row) => r.id === a.id);
    expect([row.waybillCode, row.status, row.carrierName]).toEqual([w.waybillNo, 300, expect.any(String)]);
    expect((await carrier.post('/allowanceInfo/confirm', { id: a.id, version: a.version })).code).not.toBe(1);
    await ok(finance, '/allowanceInfo/confirm', { id: a.id, version: a.version });
    expect((await rowOf(t.db, 'SELECT status FROM waybill_allowances WHERE id = ?', a.id)).status).toBe(1);
    const twice = await finance.post('/allowanceInfo/confirm', { id: a.id, version: a.version + 1 });
    expect([twice.code, twice.message]).toEqual([0, '补贴已确认，不能重复确认']);
    // Confirmed, it no longer changes.
    const upd = await finance.post('/res/waybillAllowance/update', { id: a.id, version: a.version + 1, amount: 1_00 });
    expect([upd.code, upd.message]).toEqual([0, '补贴已确认，不能修改']);
    const gone = await finance.post('/res/allowanceRule/batchDelete', { ids: [(await rowOf(t.db, "SELECT id FROM allowance_rules WHERE rule_name = '干线司机补贴'")).id] });
    expect(gone.message).toBe('共1条记录，删除成功1条');
  });

  it('staff add an allowance for a signed-off waybill\'s person; the other carrier\'s users do not see it', async () => {
    // No rule in force: the allowance is the one staff add.
    await t.db.run("UPDATE allowance_rules SET is_deleted = 1 WHERE corp_id = 1");
    const w = await signedShort(t.db, admin, { carrierId: otherCarrierId, day: day(6, 2), payable: 100_00 });
    const added = await ok(finance, '/res/waybillAllowance/save', { waybillNo: w.waybillNo, kind: 1, amount: 25_00, remark: '夜间出车' });
    const id = added.id ?? added;
    const r = await rowOf(t.db, 'SELECT status, carrier_id AS "carrierId", rule_id AS "ruleId" FROM waybill_allowances WHERE id = ?', id);
    expect([r.status, r.carrierId, r.ruleId]).toEqual([300, otherCarrierId, null]);
    const dup = await finance.post('/res/waybillAllowance/save', { waybillNo: w.waybillNo, kind: 1, amount: 25_00 });
    expect([dup.code, dup.message]).toEqual([100, '补贴对象：该运单已有司机补贴']);
    const notDone = await completedWaybill(t.db, { carrierId, day: day(6, 3), payable: 1_00 });
    await t.db.run('UPDATE waybills SET status = 400 WHERE id = ?', [notDone.waybillId]);
    const early = await finance.post('/res/waybillAllowance/save', { waybillNo: notDone.waybillNo, kind: 1, amount: 25_00 });
    expect([early.code, early.message]).toEqual([100, '运单号：只有已完成的运单可以补贴']);
    const seen = (await ok(carrier, '/res/waybillAllowance/list', { pageSize: 500 })).data.map((x: Row) => x.id);
    expect(seen).not.toContain(id);
    expect((await customer.post('/res/waybillAllowance/list', {})).code).not.toBe(1);
  });

  it('prices per trip, per day spanned and per km; the rule naming the business type wins', () => {
    const trip = { startAt: dayStart('2024-01-01') + 20 * HOUR, endAt: dayStart('2024-01-03') + HOUR, distanceM: 123_456 };
    expect(allowanceAmount({ basis: 1, amount: 50_00 }, trip)).toBe(50_00);
    expect(allowanceAmount({ basis: 2, amount: 50_00 }, trip)).toBe(150_00);
    expect(allowanceAmount({ basis: 3, amount: 1_00 }, trip)).toBe(123_46);
    const at = dayStart('2024-06-01');
    const base = { kind: 1, basis: 1, amount: 1, validFrom: at - 10 * 86_400_000, validUntil: at };
    expect(chooseRule([{ ...base, id: 1, businessType: null }, { ...base, id: 2, businessType: 3 }], 1, 3, at + HOUR)?.id).toBe(2);
    expect(chooseRule([{ ...base, id: 1, businessType: null }, { ...base, id: 2, businessType: 3 }], 1, 4, at + HOUR)?.id).toBe(1);
    expect(chooseRule([{ ...base, id: 1, businessType: null }], 1, 4, at + 86_400_000)).toBeUndefined();
  });
});

describe('费用扣款报表 and 补贴报表', () => {
  it('sum deductions per carrier, waybill and kind, and allowances per person; a carrier sees its own, a customer is refused', async () => {
    const mine = await signedShort(t.db, admin, { carrierId, day: day(7, 1), payable: 100_00 });
    const theirs = await signedShort(t.db, admin, { carrierId: otherCarrierId, day: day(7, 1), payable: 100_00 });
    await ok(finance, '/carrierLossShare/saveOrUpdate', { waybillId: mine.waybillId, unitValue: 10_00, carrierAmount: 12_34 });
    await ok(finance, '/carrierLossShare/saveOrUpdate', { waybillId: theirs.waybillId, unitValue: 10_00, carrierAmount: 5_00 });
    const rowsOf = async (caller: Caller, report: string) => (await ok(caller, `/report/${report}/query`, { curPage: 1, pageSize: 1000 })).data as Row[];
    const staff = await rowsOf(finance, 'fee-deductions');
    expect(staff.find((r) => r.waybillNo === mine.waybillNo)).toMatchObject({ kind: 1, deductionAmount: 12.34, deductionCount: 1 });
    expect(staff.some((r) => r.waybillNo === theirs.waybillNo)).toBe(true);
    const own = await rowsOf(carrier, 'fee-deductions');
    expect(own.some((r) => r.waybillNo === mine.waybillNo)).toBe(true);
    expect(own.some((r) => r.waybillNo === theirs.waybillNo)).toBe(false);
    expect((await customer.post('/report/fee-deductions/query', {})).code).toBe(104);

    const person = (await rowOf(t.db, 'SELECT d.driver_name AS n FROM waybills w JOIN drivers d ON d.id = w.driver_id WHERE w.id = ?', theirs.waybillId)).n;
    await ok(finance, '/res/waybillAllowance/save', { waybillNo: theirs.waybillNo, kind: 1, amount: 66_00 });
    const allowances = await rowsOf(finance, 'allowances');
    expect(allowances.filter((r) => r.personName === person).reduce((s, r) => s + r.awaitingAmount, 0)).toBeGreaterThanOrEqual(66);
    const carrierView = await rowsOf(carrier, 'allowances');
    expect(carrierView.some((r) => r.personName === person && r.carrierName && r.allowanceAmount >= 66)).toBe(false);
    expect((await customer.post('/report/allowances/query', {})).code).toBe(104);
  });
});
