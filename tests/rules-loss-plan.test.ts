// Loss plans (货损分摊方案) change what a short sign-off does: under an automatic plan the carrier's part is
// shared and deducted at once (the bill draft carries it) by finance's own loss-share code, the history
// naming the plan; a proposal-only plan fills finance's dialog; no plan, nothing; the plan's version at
// the sign-off judges it; the preview says what the plan then does; bad input and partners refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { rowOf } from './support/waybill-fixture.ts';
import { billAt, partnerOf } from './support/bill-fixtures.ts';
import { signedShort } from './support/deduction-fixtures.ts';
import { planShareOf } from '../server/domain/rules/loss-plan-amounts.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;
const HOUR = 3_600_000;

let t: TestApp;
let finance: Caller, dispatcher: Caller, carrier: Caller, customer: Caller, admin: Caller;
/** C1 is the demo carrier user's carrier; C2 and C3 others. */
let C1: number, C2: number, C3: number;

beforeAll(async () => {
  t = await createTestApp();
  [finance, dispatcher, carrier, customer, admin] = await Promise.all(['finance', 'dispatcher', 'carrier', 'customer', 'admin'].map((u) => t.as(u)));
  C1 = await partnerOf(t.db, 'carrier');
  const others = await t.db.all<Row>('SELECT DISTINCT carrier_id AS id FROM vehicles WHERE corp_id = 1 AND carrier_id <> ? AND status = 0 AND driver_id IS NOT NULL ORDER BY carrier_id LIMIT 2', [C1]);
  [C2, C3] = others.map((c) => c.id);
});

async function ok(caller: Caller, path: string, body?: Row) {
  const r = body === undefined ? await caller.get(path) : await caller.post(path, body);
  expect(r.code, `${path}: ${r.message}`).toBe(1);
  return r.result;
}
const plan = (fields: Row) => ({ ruleName: '冻品货损方案', unitValue: 150_00, allowancePermille: 10, carrierPercent: 60, shareMode: 1, ...fields });
async function savePlan(fields: Row) {
  return (await ok(dispatcher, '/lossPlan/save', plan(fields))).id as number;
}
async function changePlan(id: number, fields: Row) {
  const { version } = await ok(dispatcher, `/lossPlan/detail?id=${id}`);
  await ok(dispatcher, '/lossPlan/update', { id, version, ...fields });
}
/** As if the plan's versions had been written `ago` ms earlier (a sign-off cannot be moved forward). */
const backdate = (id: number, ago: number) =>
  t.db.run('UPDATE rule_versions SET valid_since = valid_since - ?, valid_until = valid_until - ? WHERE rule_id = ? AND rule_type = ?', [ago, ago, id, 'lossPlan']);
const sharesOf = (waybillId: number) => t.db.all<Row>(
  'SELECT carrier_id AS "carrierId", lost_quantity AS "lost", unit_value AS "unitValue", loss_amount AS "lossAmount", carrier_amount AS "carrierAmount", company_amount AS "companyAmount", reason FROM carrier_loss_shares WHERE waybill_id = ? AND is_deleted = 0', [waybillId]);
const deductionsOf = (waybillId: number) => t.db.all<Row>('SELECT side, party_id AS "partyId", kind, amount FROM waybill_deductions WHERE waybill_id = ? AND is_deleted = 0', [waybillId]);

describe('the plan\'s arithmetic', () => {
  it('leaves the reasonable loss to the company, charges the carrier its percentage of the rest to the fen, at most the cap', () => {
    const effect = { unitValue: 150_00, allowancePermille: 10, carrierPercent: 60, capAmount: null, automatic: true };
    // 42 delivered, 2 lost: 0.42 within the allowance; 1.58 × ¥150 = ¥237, 60% = ¥142.20.
    expect(planShareOf(effect, { deliveredMilli: 42_000, lostMilli: 2_000, signStatus: 1213 }))
      .toEqual({ lostQuantity: 2, unitValue: 150_00, lossAmount: 300_00, allowedQuantity: 0.42, carrierAmount: 142_20, companyAmount: 157_80 });
    // Halves round up once each: 1 unit at 3 fen, 50% = 1.5 fen → 2.
    expect(planShareOf({ ...effect, unitValue: 3, allowancePermille: 0, carrierPercent: 50 }, { deliveredMilli: 10_000, lostMilli: 1_000, signStatus: 1213 }).carrierAmount).toBe(2);
    expect(planShareOf({ ...effect, capAmount: 100_00 }, { deliveredMilli: 42_000, lostMilli: 2_000, signStatus: 1213 }).carrierAmount).toBe(100_00);
    // All within the allowance: the carrier bears nothing.
    expect(planShareOf(effect, { deliveredMilli: 42_000, lostMilli: 400, signStatus: 1213 }).carrierAmount).toBe(0);
  });
});

describe('at sign-off', () => {
  it('under no plan a short sign-off shares nothing, and the dialog has no proposal', async () => {
    const w = await signedShort(t.db, admin, { carrierId: C1, day: '2024-02-01', payable: 1000_00 });
    expect(await sharesOf(w.waybillId)).toEqual([]);
    expect(await deductionsOf(w.waybillId)).toEqual([]);
    const detail = await ok(finance, `/carrierLossShare/detail?waybillId=${w.waybillId}`);
    expect([detail.lostQuantity, detail.share, detail.proposal]).toEqual([2, null, null]);
  });

  it('under an automatic plan shares the loss and deducts the carrier\'s part, the bill draft carries it, the history names the plan', async () => {
    const id = await savePlan({ ruleName: '承运商一自动分摊', carrierId: C1 });
    const w = await signedShort(t.db, admin, { carrierId: C1, day: '2024-02-02', payable: 1000_00, signed: 40, delivered: 42 });
    expect(await sharesOf(w.waybillId)).toEqual([{
      carrierId: C1, lost: 2000, unitValue: 150_00, lossAmount: 300_00, carrierAmount: 142_20, companyAmount: 157_80, reason: '按货损分摊方案「承运商一自动分摊」分摊',
    }]);
    expect(await deductionsOf(w.waybillId)).toEqual([{ side: 2, partyId: C1, kind: 1, amount: 142_20 }]);
    const bill = await billAt(finance, { side: 2, partyId: C1, from: '2024-02-02', to: '2024-02-02' });
    const line = await rowOf(t.db, 'SELECT fee_amount AS "fee", deductions, total FROM bill_lines WHERE bill_id = ? AND waybill_id = ?', bill.id, w.waybillId);
    expect(line).toEqual({ fee: 1000_00, deductions: 142_20, total: 857_80 });
    const share = (await ok(finance, '/carrierLossShare/page', { waybillNo: w.waybillNo })).data[0];
    const history = await ok(finance, '/carrierLossShare/pageHistory', { id: share.id });
    expect(history.data.map((h: Row) => [h.action, h.userName])).toEqual([['create', '货损分摊方案「承运商一自动分摊」']]);
    // A change of the plan afterwards leaves the share made as it is.
    await changePlan(id, { carrierPercent: 100 });
    expect((await sharesOf(w.waybillId))[0].carrierAmount).toBe(142_20);
    // A sign-off within the reasonable loss only: a share the company bears whole, no deduction.
    const small = await signedShort(t.db, admin, { carrierId: C1, day: '2024-02-03', payable: 1000_00, signed: 999.5, delivered: 1000 });
    expect((await sharesOf(small.waybillId)).map((s) => [s.lossAmount, s.carrierAmount])).toEqual([[75_00, 0]]);
    expect(await deductionsOf(small.waybillId)).toEqual([]);
    // Stopped: the next short sign-off is left to finance.
    await changePlan(id, { status: 1 });
    const later = await signedShort(t.db, admin, { carrierId: C1, day: '2024-02-04', payable: 1000_00 });
    expect(await sharesOf(later.waybillId)).toEqual([]);
  });

  it('a proposal-only plan fills the dialog with the figures of the version in force at the sign-off, and shares nothing itself', async () => {
    const id = await savePlan({ ruleName: '承运商二建议方案', carrierId: C2, shareMode: 2, allowancePermille: 0, carrierPercent: 50, capAmount: 120_00 });
    await backdate(id, HOUR);
    const w = await signedShort(t.db, admin, { carrierId: C2, day: '2024-02-05', payable: 500_00, signed: 40, delivered: 42 });
    expect(await sharesOf(w.waybillId)).toEqual([]);
    // The sign-off a minute ago; the plan changed since: the dialog still proposes by the version of the sign-off.
    await t.db.run("UPDATE waybill_events SET at = at - 60000 WHERE waybill_id = ? AND action = 'signOrder'", [w.waybillId]);
    await changePlan(id, { carrierPercent: 100, capAmount: null });
    const detail = await ok(finance, `/carrierLossShare/detail?waybillId=${w.waybillId}`);
    expect(detail.proposal).toMatchObject({ planName: '承运商二建议方案', automatic: false, lostQuantity: 2, unitValue: 150_00, lossAmount: 300_00, carrierAmount: 120_00, companyAmount: 180_00 });
    expect(detail.proposal.summary).toBe(`「承运商二建议方案」：货损2（合理损耗${detail.proposal.allowedQuantity}），货损金额¥300.00，承运商承担¥120.00，公司承担¥180.00`);
    // Finance saves what the dialog was filled with: the share is finance's, and the proposal gives way to it.
    const p = detail.proposal;
    await ok(finance, '/carrierLossShare/saveOrUpdate', { waybillId: w.waybillId, lostQuantity: p.lostQuantity, unitValue: p.unitValue, carrierAmount: p.carrierAmount, reason: p.reason });
    const after = await ok(finance, `/carrierLossShare/detail?waybillId=${w.waybillId}`);
    expect([after.share.carrierAmount, after.proposal]).toEqual([120_00, null]);
    expect(await deductionsOf(w.waybillId)).toEqual([{ side: 2, partyId: C2, kind: 1, amount: 120_00 }]);
  });
});

describe('preview over the last 30 days', () => {
  it('says what the plan would charge each short sign-off, beside the shares made, writes nothing, and the saved plan then proposes the same', async () => {
    const w = await signedShort(t.db, admin, { carrierId: C3, day: '2024-02-06', payable: 500_00, signed: 30, delivered: 33 });
    const candidate = plan({ ruleName: '承运商三预览', carrierId: C3, shareMode: 2, allowancePermille: 0, carrierPercent: 40 });
    const before = await t.db.one<Row>('SELECT count(*) AS n FROM loss_plan_rules', []);
    const preview = await ok(dispatcher, '/lossPlan/preview', { rule: candidate });
    const item = preview.items.find((i: Row) => i.waybillId === w.waybillId);
    // 3 lost at ¥150 = ¥450; 40% = ¥180.
    expect(item).toMatchObject({ lostQuantity: 3, lossAmount: 450_00, carrierAmount: 180_00, actualCarrierAmount: null });
    expect(preview.rows.find((r: Row) => r.waybillNo === w.waybillNo)).toMatchObject({ carrierAmount: '¥180.00', actualCarrierAmount: '未分摊' });
    // The short sign-offs of C1 and C2 are not the candidate's (its scope is C3).
    expect(preview.items.map((i: Row) => i.waybillId)).toEqual([w.waybillId]);
    expect(preview.signOffs).toBeGreaterThan(1);
    expect(await t.db.one<Row>('SELECT count(*) AS n FROM loss_plan_rules', [])).toEqual(before);
    const id = await savePlan(candidate);
    await backdate(id, 2 * HOUR);
    const detail = await ok(finance, `/carrierLossShare/detail?waybillId=${w.waybillId}`);
    expect(detail.proposal).toMatchObject({ carrierAmount: item.carrierAmount, lossAmount: item.lossAmount });
  });
});

describe('calls, bad input and scoping', () => {
  it('offers the plan\'s condition fields', async () => {
    const defs = await ok(dispatcher, '/delegate/listConditionDefine?ruleType=lossPlan');
    expect(defs.map((d: Row) => d.title)).toEqual(['货品类别', '签收状态', '货损数量', '货损率', '货损金额']);
  });

  it('refuses what it cannot keep, naming the field in Chinese, and changes nothing', async () => {
    const count = async () => (await t.db.one<Row>('SELECT count(*) AS n FROM loss_plan_rules', []))!.n;
    const n = await count();
    const bad: [Row, string][] = [
      [plan({ ruleName: '坏1', carrierPercent: 101 }), 'carrierPercent'],
      [plan({ ruleName: '坏2', carrierPercent: -1 }), 'carrierPercent'],
      [plan({ ruleName: '坏3', unitValue: '150' }), 'unitValue'],
      [plan({ ruleName: '坏4', unitValue: 0 }), 'unitValue'],
      [plan({ ruleName: '坏5', allowancePermille: 1001 }), 'allowancePermille'],
      [plan({ ruleName: '坏6', capAmount: -5 }), 'capAmount'],
      [plan({ ruleName: '坏7', shareMode: 3 }), 'shareMode'],
      [plan({ ruleName: 'x'.repeat(51) }), 'ruleName'],
      [plan({ ruleName: '坏8', unknownField: 1 }), 'unknownField'],
      [plan({ ruleName: '坏9', conditions: [{ field: 'lossRate', operator: 'contains', value: 5 }] }), 'conditions'],
      [plan({ ruleName: '坏10', conditions: [{ field: "1' OR '1'='1", operator: 'eq', value: 1 }] }), 'conditions'],
      [{ ruleName: '坏11', carrierPercent: 60, shareMode: 1 }, 'unitValue'],
    ];
    for (const [body, field] of bad) {
      const r = await dispatcher.post('/lossPlan/save', body);
      expect([r.code, r.result?.field], JSON.stringify(body).slice(0, 80)).toEqual([100, field]);
      expect(r.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    const preview = await dispatcher.post('/lossPlan/preview', { rule: plan({ carrierPercent: 'all' }) });
    expect(preview.code).toBe(100);
    expect(await count()).toBe(n);
  });

  it('is the staff\'s: partners neither read nor write plans; a carrier user reads only its own carrier\'s shares', async () => {
    for (const partner of [carrier, customer]) {
      expect((await partner.post('/lossPlan/page', {})).code).not.toBe(1);
      expect((await partner.post('/lossPlan/save', plan({ ruleName: '伙伴方案' }))).code).not.toBe(1);
      expect((await partner.post('/lossPlan/preview', { rule: plan({}) })).code).not.toBe(1);
    }
    const seen = (await ok(carrier, '/carrierLossShare/page', { pageSize: 500 })).data as Row[];
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((s) => s.carrierId === C1)).toBe(true);
    // Finance sees C2's share too.
    const all = (await ok(finance, '/carrierLossShare/page', { pageSize: 500 })).data as Row[];
    expect(all.some((s) => s.carrierId === C2)).toBe(true);
    // A carrier user's detail of its own waybill carries no proposal.
    const own = seen[0];
    expect((await ok(carrier, `/carrierLossShare/detail?id=${own.id}`)).proposal).toBeNull();
  });
});
