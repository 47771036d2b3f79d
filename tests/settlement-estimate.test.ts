// 运费估算 (financialFee/countRate): a waybill priced from its carrier's contract in force, through the
// contract tables, and stored as its payable fee; the same again changes nothing; a dispatcher's
// override stands against a later estimate; a side no contract prices says why.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { insertWaybill, placeAt } from './support/waybill-fixture.ts';

const DAY = 86_400_000;
let t: TestApp;
let finance: Awaited<ReturnType<TestApp['as']>>;
let dispatcher: Awaited<ReturnType<TestApp['as']>>;

async function ok(caller: typeof finance, path: string, body: unknown) {
  const r = await caller.post(path, body);
  expect(r.code, `${path}: ${r.message}`).toBe(1);
  return r.result;
}

beforeAll(async () => {
  t = await createTestApp();
  [finance, dispatcher] = await Promise.all([t.as('finance'), t.as('dispatcher')]);
});

describe('estimating a waybill from the contracts in force', () => {
  it('prices the carrier side by the contract rule and stores it; again the same; an override stands', async () => {
    const carrierId = (await t.db.one<{ id: number }>('SELECT id FROM carriers WHERE corp_id = 1 ORDER BY id DESC LIMIT 1'))!.id;
    const f = await insertWaybill(t.db, {});
    await placeAt(t.db, f, { status: 300, step: 3 }, carrierId);
    const now = Date.now();
    const contract = await ok(finance, '/res/contract/save', { contractNo: `HT-EST-${now}`, contractName: '估算测试合同', contractType: 2, carrierId, validFrom: now - 10 * DAY, validUntil: now + 10 * DAY });
    // A whole-trip price with a fee item: 1,500.00 元 a trip plus 80.00 元 装卸费.
    const feeItemId = (await t.db.one<{ id: number }>("SELECT id FROM fee_items WHERE corp_id = 1 AND fee_name = '装卸费'"))!.id;
    const rule = await ok(finance, '/res/contractRateRule/save', { contractId: contract.id, ruleName: '整车按趟', pricingMethod: 4, unitPrice: 150_000, feeItems: [{ feeItemId, amount: 8_000 }] });

    const first = await ok(dispatcher, '/financialFee/countRate', { waybillId: f.waybillId });
    const payable = first.fees.find((fee: any) => fee.side === 2);
    expect(payable).toMatchObject({ partyId: carrierId, amount: 158_000, state: 1, ruleId: rule.id });
    expect(payable.lines.map((l: any) => [l.kind, l.amount])).toEqual([['freight', 150_000], ['fee', 8_000]]);
    for (const note of first.notes) expect(note.message).toMatch(/^[^A-Za-z]+$/);

    const again = await ok(dispatcher, '/financialFee/countRate', { waybillId: f.waybillId });
    expect(again.fees.find((fee: any) => fee.side === 2)).toMatchObject({ amount: 158_000, version: payable.version });

    await ok(dispatcher, '/financialFee/saveFee', { waybillId: f.waybillId, side: 2, amount: 160_000, reason: '司机多跑一个点', version: payable.version });
    const after = await ok(dispatcher, '/financialFee/countRate', { waybillId: f.waybillId });
    expect(after.fees.find((fee: any) => fee.side === 2)).toMatchObject({ amount: 160_000, state: 2, overrideReason: '司机多跑一个点' });
  });

  it('a carrier whose contracts are terminated gets no fee, and the answer says why', async () => {
    const carrierId = (await t.db.one<{ id: number }>('SELECT id FROM carriers WHERE corp_id = 1 ORDER BY id DESC LIMIT 1 OFFSET 1'))!.id;
    await t.db.run('UPDATE contracts SET terminated_at = ? WHERE carrier_id = ?', [Date.now(), carrierId]);
    const f = await insertWaybill(t.db, {});
    await placeAt(t.db, f, { status: 300, step: 3 }, carrierId);
    const r = await ok(dispatcher, '/financialFee/countRate', { waybillId: f.waybillId });
    expect(r.fees.filter((fee: any) => fee.side === 2)).toEqual([]);
    expect(r.notes).toContainEqual({ side: 2, message: '承运商在运单日期没有生效的合同' });
  });

  it('is refused to a carrier user, even one granted the operation, and a waybill of another corporation is not found', async () => {
    const carrier = await t.as('carrier');
    expect((await carrier.post('/financialFee/countRate', { waybillId: 1 })).code).toBe(104);
    await t.db.run(`INSERT INTO role_operations (corp_id, role_id, operation_id) SELECT 1, ur.role_id, 'financialFeeSave3' FROM user_roles ur
      JOIN users u ON u.id = ur.user_id WHERE u.user_name = 'carrier' ON CONFLICT DO NOTHING`);
    const granted = await t.as('carrier');
    const waybillId = (await t.db.one<{ id: number }>('SELECT id FROM waybills WHERE corp_id = 1 ORDER BY id LIMIT 1'))!.id;
    const fees = () => t.db.one<{ n: number; v: number }>('SELECT count(*) AS n, COALESCE(SUM(version), 0) AS v FROM waybill_fees');
    const before = await fees();
    expect(await granted.post('/financialFee/countRate', { waybillId })).toMatchObject({ code: 0, message: '只有本公司人员可以估算费用' });
    expect(await fees()).toEqual(before);
    const other = (await t.db.one<{ id: number }>('SELECT id FROM waybills WHERE corp_id = 2 LIMIT 1'))?.id;
    if (other) expect((await dispatcher.post('/financialFee/countRate', { waybillId: other })).code).not.toBe(1);
  });
});
