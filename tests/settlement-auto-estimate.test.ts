// Estimates on dispatch, delegation and change (docs/settlement.md "Estimates (预估)"): dispatching a
// waybill prices both sides from the contracts in force; delegating it to another carrier replaces the
// payable; a dispatcher's override survives a re-estimate for the same carrier; without a contract the
// dispatch still succeeds and getWaybillFees says why; the freight-estimation calls price without
// writing; material waybills are priced by 材料合同; partner users see only their own side.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { insertWaybill, rowOf, vehicleOf } from './support/waybill-fixture.ts';
import { billAt, completedWaybill } from './support/bill-fixtures.ts';

const DAY = 86_400_000;
type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;
let t: TestApp;
let finance: Caller;
let dispatcher: Caller;
/** Carriers with a vehicle in service: A and B priced by contracts, C with none. */
let A: number, B: number, C: number;
let customerId: number;

async function ok(caller: Caller, path: string, body?: unknown) {
  const r = body === undefined ? await caller.get(path) : await caller.post(path, body);
  expect(r.code, `${path}: ${r.message}`).toBe(1);
  return r.result;
}

/** A contract of the kind for the party with one per-trip rule of `fen`. */
async function perTrip(contractType: number, party: { carrierId?: number; customerId?: number }, fen: number, ruleName: string) {
  const now = Date.now();
  const contract = await ok(finance, '/res/contract/save', {
    contractNo: `HT-AUTO-${contractType}-${fen}-${now}`, contractName: `${ruleName}合同`, contractType, ...party, validFrom: now - 10 * DAY, validUntil: now + 10 * DAY,
  });
  return ok(finance, '/res/contractRateRule/save', { contractId: contract.id, ruleName, pricingMethod: 4, unitPrice: fen });
}

const version = async (waybillId: number) => (await rowOf(t.db, 'SELECT version FROM waybills WHERE id = ?', waybillId)).version as number;
const fees = (caller: Caller, waybillId: number) => ok(caller, `/financialFee/getWaybillFees?id=${waybillId}`);
const side = (r: Row, s: number) => r.fees.find((f: Row) => f.side === s);

beforeAll(async () => {
  t = await createTestApp();
  [finance, dispatcher] = await Promise.all([t.as('finance'), t.as('dispatcher')]);
  // The demo contracts would price these waybills too: the test's own contracts are the only ones in force.
  await t.db.run('UPDATE contracts SET terminated_at = ? WHERE corp_id = 1', [Date.now()]);
  const carriers = await t.db.all<{ id: number }>(`SELECT DISTINCT v.carrier_id AS id FROM vehicles v JOIN drivers d ON d.id = v.driver_id
    WHERE v.corp_id = 1 AND v.is_deleted = 0 AND v.status = 0 AND d.is_deleted = 0 AND d.status = 0 AND v.carrier_id IS NOT NULL ORDER BY v.carrier_id`, []);
  expect(carriers.length).toBeGreaterThanOrEqual(3);
  [A, B, C] = carriers.map((c) => c.id);
  customerId = (await rowOf(t.db, "SELECT partner_id AS p FROM users WHERE user_name = 'customer'")).p as number;
  await perTrip(2, { carrierId: A }, 150_000, 'A整车按趟');
  await perTrip(2, { carrierId: B }, 120_000, 'B整车按趟');
  await perTrip(3, { carrierId: A }, 90_000, 'A原料按趟');
  await perTrip(1, { customerId }, 200_000, '客户整车按趟');
});

describe('estimates after dispatch, delegation and change', () => {
  it('dispatching prices both sides by the contracts, as the system, with the rule named', async () => {
    const f = await insertWaybill(t.db, { customerId });
    const v = await vehicleOf(t.db, A);
    await ok(dispatcher, '/waybill/assignVehicle', { id: f.waybillId, version: await version(f.waybillId), vehicleId: v.id });
    const r = await fees(dispatcher, f.waybillId);
    expect(side(r, 2)).toMatchObject({ partyId: A, amount: 150_000, state: 1, stateStr: '预估', ruleName: 'A整车按趟' });
    expect(side(r, 2).lines.map((l: Row) => [l.kindStr, l.amount])).toEqual([['运费', 150_000]]);
    expect(side(r, 2).history[0]).toMatchObject({ action: 'create', userName: '系统预估' });
    expect(side(r, 1)).toMatchObject({ partyId: customerId, amount: 200_000, ruleName: '客户整车按趟' });
    expect(r.estimates).toEqual([
      expect.objectContaining({ side: 1, priced: true, message: null, triggerStr: '派车' }),
      expect.objectContaining({ side: 2, priced: true, message: null, triggerStr: '派车' }),
    ]);
    // The order's detail sums the fees of its waybills.
    const order = await ok(dispatcher, `/financialFee/getOrderFees?id=${f.orderId}`);
    expect(order.totals).toEqual([{ side: 1, sideStr: '应收', amount: 200_000, count: 1 }, { side: 2, sideStr: '应付', amount: 150_000, count: 1 }]);
  });

  it('an override survives a re-estimate for the same carrier; delegation to another carrier replaces the payable', async () => {
    const f = await insertWaybill(t.db, { customerId });
    await ok(dispatcher, '/waybillAction/delegateWaybill', { id: f.waybillId, version: await version(f.waybillId), carrierId: A });
    const first = side(await fees(dispatcher, f.waybillId), 2);
    expect(first).toMatchObject({ partyId: A, amount: 150_000, state: 1 });
    await ok(dispatcher, '/financialFee/saveFee', { waybillId: f.waybillId, side: 2, amount: 165_000, reason: '多一个卸货点', version: first.version });
    // A's own vehicle: the same carrier, so the person's decision stands.
    await ok(dispatcher, '/waybill/assignVehicle', { id: f.waybillId, version: await version(f.waybillId), vehicleId: (await vehicleOf(t.db, A)).id });
    expect(side(await fees(dispatcher, f.waybillId), 2)).toMatchObject({ partyId: A, amount: 165_000, state: 2, overrideReason: '多一个卸货点' });
    // The vehicle is taken back: the waybill has no carrier, nobody to pay, and the estimate says so.
    await ok(dispatcher, '/waybill/cancelVehicle', { id: f.waybillId, version: await version(f.waybillId) });
    const cancelled = await fees(dispatcher, f.waybillId);
    expect(side(cancelled, 2)).toBeUndefined();
    expect(cancelled.estimates.find((e: Row) => e.side === 2)).toMatchObject({ priced: false, message: '运单未指定承运商，无法计算应付运费', triggerStr: '取消派车' });
    expect(side(cancelled, 1)).toMatchObject({ amount: 200_000 });
    // Delegated to B: B's price, an estimate again, no reason carried over from A.
    await ok(dispatcher, '/waybillAction/delegateWaybill', { id: f.waybillId, version: await version(f.waybillId), carrierId: B });
    expect(side(await fees(dispatcher, f.waybillId), 2)).toMatchObject({ partyId: B, amount: 120_000, state: 1, overrideReason: null, ruleName: 'B整车按趟' });
  });

  it('a carrier without a contract: the dispatch succeeds, no payable, and the reason reads', async () => {
    const f = await insertWaybill(t.db, { customerId });
    const r = await dispatcher.post('/waybill/assignVehicle', { id: f.waybillId, version: await version(f.waybillId), vehicleId: (await vehicleOf(t.db, C)).id });
    expect(r.code, r.message).toBe(1);
    expect((await rowOf(t.db, 'SELECT carrier_id AS c FROM waybills WHERE id = ?', f.waybillId)).c).toBe(C);
    const shown = await fees(dispatcher, f.waybillId);
    expect(side(shown, 2)).toBeUndefined();
    expect(shown.estimates.find((e: Row) => e.side === 2)).toMatchObject({ priced: false, message: '承运商在运单日期没有生效的合同' });
  });

  it('a material waybill is paid by the carrier’s 材料合同, not its carrier contract; without one it says so', async () => {
    const f = await insertWaybill(t.db, { customerId });
    await t.db.run('UPDATE waybills SET business_type = 5 WHERE id = ?', [f.waybillId]);
    await ok(dispatcher, '/waybill/assignVehicle', { id: f.waybillId, version: await version(f.waybillId), vehicleId: (await vehicleOf(t.db, A)).id });
    expect(side(await fees(dispatcher, f.waybillId), 2)).toMatchObject({ partyId: A, amount: 90_000, ruleName: 'A原料按趟', contractName: 'A原料按趟合同' });
    const g = await insertWaybill(t.db, { customerId });
    await t.db.run('UPDATE waybills SET business_type = 5 WHERE id = ?', [g.waybillId]);
    await ok(dispatcher, '/waybill/assignVehicle', { id: g.waybillId, version: await version(g.waybillId), vehicleId: (await vehicleOf(t.db, B)).id });
    const shown = await fees(dispatcher, g.waybillId);
    expect(side(shown, 2)).toBeUndefined();
    expect(shown.estimates.find((e: Row) => e.side === 2)).toMatchObject({ priced: false, message: '承运商在运单日期没有生效的材料合同' });
  });
});

describe('the freight-estimation calls price what might be and write nothing', () => {
  const counts = () => t.db.one<Row>(`SELECT (SELECT COUNT(*) FROM waybill_fees) AS fees, (SELECT COALESCE(SUM(version), 0) FROM waybill_fees) AS versions,
    (SELECT COUNT(*) FROM waybill_fee_estimates) AS estimates, (SELECT COALESCE(SUM(estimated_at), 0) FROM waybill_fee_estimates) AS at`, []);
  const payable = (r: Row) => r.estimates.find((e: Row) => e.side === 2);

  it('prices a prospective vehicle, carrier, change and a waybill not saved yet', async () => {
    const f = await insertWaybill(t.db, { customerId });
    const before = await counts();
    expect(payable(await ok(dispatcher, '/financialFee/assignVehicleFee', { waybillId: f.waybillId, vehicleId: (await vehicleOf(t.db, B)).id })))
      .toMatchObject({ priced: true, partyId: B, amount: 120_000, ruleName: 'B整车按趟' });
    // The 派车 dialog shows the answer's message as its advisory.
    expect((await dispatcher.post('/financialFee/assignVehicleFee', { waybillId: f.waybillId, vehicleId: (await vehicleOf(t.db, C)).id })).message)
      .toBe('预估运费：应收 ¥2,000.00（客户整车按趟）；应付 未能估算，承运商在运单日期没有生效的合同');
    expect(payable(await ok(dispatcher, '/financialFee/delegateFee', { waybillId: f.waybillId, carrierId: A }))).toMatchObject({ amount: 150_000 });
    expect(payable(await ok(dispatcher, '/financialFee/changeFee', { waybillId: f.waybillId, carrierId: A, businessType: 6 }))).toMatchObject({ amount: 90_000 });
    const areas = await t.db.all<{ id: number }>('SELECT id FROM areas WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 2', []);
    const form = { originAreaId: areas[0].id, destAreaId: areas[1].id, businessType: 1, customerId, goods: [{ quantity: 10, weight: 10 }] };
    const fresh = await ok(dispatcher, '/financialFee/changeFeeForNew', { ...form, vehicleId: (await vehicleOf(t.db, A)).id });
    expect(fresh.estimates.map((e: Row) => [e.side, e.amount, e.ruleName])).toEqual([[1, 200_000, '客户整车按趟'], [2, 150_000, 'A整车按趟']]);
    expect(payable(await ok(dispatcher, '/financialFee/delegateFeeForNew', { ...form, carrierId: C })))
      .toMatchObject({ priced: false, amount: null, message: '承运商在运单日期没有生效的合同' });
    expect(payable(await ok(dispatcher, '/financialFee/changeFeeForNew', form))).toMatchObject({ priced: false, message: '运单未指定承运商，无法计算应付运费' });
    expect(await counts()).toEqual(before);
  });

  it('names the field of an unknown area, vehicle or carrier, and refuses partners', async () => {
    const f = await insertWaybill(t.db, { customerId });
    const r = await t.refused(() => dispatcher.post('/financialFee/changeFeeForNew', { originAreaId: 999_999, destAreaId: 999_998, businessType: 1 }));
    expect([r.code, r.message]).toEqual([100, '起点：地点不存在或无权访问']);
    expect((await t.refused(() => dispatcher.post('/financialFee/assignVehicleFee', { waybillId: f.waybillId, vehicleId: 999_999 }))).message).toBe('车辆：车辆不存在或无权访问');
    expect((await t.refused(() => dispatcher.post('/financialFee/delegateFee', { waybillId: f.waybillId, carrierId: 999_999 }))).message).toBe('承运商：承运商不存在或无权访问');
    const carrier = await t.as('carrier');
    expect((await carrier.post('/financialFee/changeFeeForNew', { originAreaId: 1, destAreaId: 2, businessType: 1 })).code).not.toBe(1);
  });
});

describe('partners see their own side only', () => {
  it('a carrier user reads only the payable, a customer user only the receivable', async () => {
    const own = (await rowOf(t.db, "SELECT partner_id AS p FROM users WHERE user_name = 'carrier'")).p as number;
    await perTrip(2, { carrierId: own }, 111_100, '自家整车按趟');
    const f = await insertWaybill(t.db, { customerId });
    await ok(dispatcher, '/waybill/assignVehicle', { id: f.waybillId, version: await version(f.waybillId), vehicleId: (await vehicleOf(t.db, own)).id });
    const asCarrier = await fees(await t.as('carrier'), f.waybillId);
    expect(asCarrier.fees.map((x: Row) => [x.side, x.amount])).toEqual([[2, 111_100]]);
    expect(asCarrier.estimates.map((e: Row) => e.side)).toEqual([2]);
    const asCustomer = await fees(await t.as('customer'), f.waybillId);
    expect(asCustomer.fees.map((x: Row) => [x.side, x.amount])).toEqual([[1, 200_000]]);
    const order = await ok(await t.as('customer'), `/financialFee/getOrderFees?id=${f.orderId}`);
    expect(order.totals.map((x: Row) => [x.side, x.amount])).toEqual([[1, 200_000]]);
  });
});

describe('预估结算 and 正式结算', () => {
  it('lists material waybills with their estimates, and billed lines with their bill, by order kind', async () => {
    const f = await insertWaybill(t.db, { customerId });
    await t.db.run('UPDATE waybills SET business_type = 7 WHERE id = ?', [f.waybillId]);
    await ok(dispatcher, '/waybill/assignVehicle', { id: f.waybillId, version: await version(f.waybillId), vehicleId: (await vehicleOf(t.db, A)).id });
    const material = await ok(finance, '/settlement/estimatedList', { orderKind: [2], waybillNo: f.waybillNo });
    expect(material.data).toEqual([expect.objectContaining({ waybillNo: f.waybillNo, orderKindStr: '材料订单', payable: 900_00, payableStateStr: '预估', receivable: 2_000_00 })]);
    expect((await ok(finance, '/settlement/estimatedList', { orderKind: [1], waybillNo: f.waybillNo })).data).toEqual([]);

    const done = await completedWaybill(t.db, { carrierId: B, day: '2025-03-05', payable: 1_000_00 });
    const bill = await billAt(finance, { side: 2, partyId: B, from: '2025-03-05', to: '2025-03-05' });
    const formal = await ok(finance, '/settlement/formalList', { billNo: bill.billNo, orderKind: [1] });
    expect(formal.data).toEqual([expect.objectContaining({ billNo: bill.billNo, billStatusStr: '待确认', waybillNo: done.waybillNo, total: 1_000_00, sideStr: '应付' })]);
    expect((await ok(finance, '/settlement/formalList', { billNo: bill.billNo, period: [Date.UTC(2025, 3, 1), null] })).data).toEqual([]);
    // Partners are not given these finance lists.
    expect((await (await t.as('carrier')).post('/settlement/estimatedList', {})).code).toBe(104);
  });
});
