// Transfers as a dispatcher meets them: vehicle A on its way to the unloading place puts its goods
// down at a place (the orders 待转运, A frozen), vehicle B takes them on (A 已转运, B's new waybill at
// 待到达卸货地 from the transfer place, carrying exactly what was unloaded) and finishes the route.
// Refusals change nothing; two allocations at one version: one wins; carriers see only their side.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { insertWaybill, placeAt, rowOf, type WaybillFixture } from './support/waybill-fixture.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;

const NOT_FOUND = '记录不存在或无权访问';
const STALE = '数据已被他人修改，请刷新后重试';

let t: TestApp;
let dispatcher: Caller;
let carrier: Caller;
let customer: Caller;
let carrierId: number;
let otherCarrierId: number;

beforeAll(async () => {
  t = await createTestApp();
  // The demo carrier and customer roles may use the transfer calls in these tests (scoping decides what they reach).
  await t.db.run(`INSERT INTO role_operations (corp_id, role_id, operation_id)
    SELECT 1, ur.role_id, 'waybillTransfer3' FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.user_name IN ('carrier', 'customer')`);
  [dispatcher, carrier, customer] = await Promise.all(['dispatcher', 'carrier', 'customer'].map((u) => t.as(u)));
  carrierId = (await rowOf(t.db, "SELECT partner_id AS p FROM users WHERE user_name = 'carrier'")).p;
  otherCarrierId = (await rowOf(t.db, 'SELECT carrier_id AS c FROM vehicles WHERE corp_id = 1 AND carrier_id <> ? AND status = 0 AND driver_id IS NOT NULL ORDER BY id LIMIT 1', carrierId)).c;
});

async function ok(caller: Caller, path: string, body?: Row) {
  const r = body === undefined ? await caller.get(path) : await caller.post(path, body);
  expect(r.code, `${path}: ${r.message}`).toBe(1);
  return r.result;
}

const waybill = async (id: number) => await rowOf(t.db, 'SELECT status, step, version, vehicle_id AS vehicleId, carrier_id AS carrierId FROM waybills WHERE id = ?', id);
const orderStatus = async (id: number) => (await rowOf(t.db, 'SELECT status FROM orders WHERE id = ?', id)).status as number;
const placeId = async () => (await rowOf(t.db, 'SELECT id FROM areas WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 1 OFFSET 1')).id as number;
/** A vehicle in service, with a driver, of `carrier` and other than `not`. */
const vehicle = async (carrier: number, not: number | null) =>
  await rowOf(t.db, `SELECT v.id, v.vehicle_no AS vehicleNo FROM vehicles v JOIN drivers d ON d.id = v.driver_id
    WHERE v.corp_id = 1 AND v.carrier_id = ? AND v.status = 0 AND v.is_deleted = 0 AND d.status = 0 AND d.is_deleted = 0 AND v.id <> ? ORDER BY v.id LIMIT 1`, carrier, not ?? 0);

/** A waybill on its way to the unloading place (400 / 9), loaded with 28 of the 30 t and all 12.5 t. */
async function onTheRoad(opts: { via?: boolean } = {}): Promise<WaybillFixture> {
  const f = await insertWaybill(t.db, opts);
  await placeAt(t.db, f, { status: 400, step: 7 }, carrierId);
  await ok(carrier, '/waybillAction/confirmLoad', { id: f.waybillId, version: 1, goods: [{ goodsId: f.goodsIds[0], quantity: 28 }, { goodsId: f.goodsIds[1], quantity: 12.5 }] });
  await ok(carrier, '/waybillAction/leaveWaybillNode', { id: f.waybillId, version: 2, nodeId: f.nodes.start });
  return f;
}

describe('unloading for a transfer', () => {
  it('puts exactly what is on the vehicle down at the place; the orders wait (31 待转运) and A takes no other action', async () => {
    const f = await onTheRoad();
    const r = await ok(dispatcher, '/transfer/transferUnload', { id: f.waybillId, version: 3, areaId: await placeId() });
    expect([r.version, r.transferVersion]).toEqual([4, 1]);
    expect(await orderStatus(f.orderId)).toBe(31);
    const [listed] = (await ok(dispatcher, '/transfer/getTransferOrderList', { waybillNo: f.waybillNo })).data;
    expect([listed.statusStr, listed.fromWaybillNo]).toEqual(['待转运', f.waybillNo]);
    expect(listed.goods.map((g: Row) => g.quantity)).toEqual([28, 12.5]);
    const frozen = await t.refused(() => carrier.post('/waybillAction/arriveWaybillNode', { id: f.waybillId, version: 4, nodeId: f.nodes.end }));
    expect(frozen.message).toBe('运单货物已卸车待转运，不能确认到达');
    const twice = await t.refused(async () => dispatcher.post('/transfer/transferUnload', { id: f.waybillId, version: 4, areaId: await placeId() }));
    expect(twice.message).toBe('运单货物已卸车待转运，请刷新后重试');
  });

  it('keeps the order at 31 待转运 while another of its waybills moves, until the goods are allocated', async () => {
    const f = await onTheRoad();
    const u = await ok(dispatcher, '/transfer/transferUnload', { id: f.waybillId, version: 3, areaId: await placeId() });
    // A second waybill carries the same order, awaiting its driver.
    const other = await insertWaybill(t.db);
    await t.db.run('UPDATE waybill_orders SET order_id = ? WHERE waybill_id = ?', [f.orderId, other.waybillId]);
    await placeAt(t.db, other, { status: 200, step: 3 }, carrierId);
    expect(await orderStatus(f.orderId)).toBe(31);
    await ok(carrier, '/waybillAction/receive', { id: other.waybillId, version: 1 });
    expect(await orderStatus(f.orderId)).toBe(31);
    // Once a vehicle takes the goods on, the least advanced waybill decides again (the other one: 待运输).
    await ok(dispatcher, '/transfer/transferAllocate', { id: u.transferId, version: 1, vehicleId: (await vehicle(otherCarrierId, (await waybill(f.waybillId)).vehicleId)).id });
    expect(await orderStatus(f.orderId)).toBe(6);
  });

  it('is refused where the machine allows no transfer, at a stale version, at a place of another corporation, or in the future', async () => {
    const early = await insertWaybill(t.db);
    await placeAt(t.db, early, { status: 400, step: 8 }, carrierId);
    expect((await t.refused(async () => dispatcher.post('/transfer/transferUnload', { id: early.waybillId, version: 1, areaId: await placeId() }))).message)
      .toBe('运单当前状态不能转运，请刷新后重试');
    const f = await onTheRoad();
    expect((await t.refused(async () => dispatcher.post('/transfer/transferUnload', { id: f.waybillId, version: 1, areaId: await placeId() }))).message).toBe(STALE);
    const foreign = (await rowOf(t.db, 'SELECT id FROM areas WHERE corp_id = 2 ORDER BY id LIMIT 1')).id;
    const place = await t.refused(() => dispatcher.post('/transfer/transferUnload', { id: f.waybillId, version: 3, areaId: foreign }));
    expect([place.code, place.message]).toEqual([100, '转运地点：地点不存在或无权访问']);
    const future = await t.refused(async () => dispatcher.post('/transfer/transferUnload', { id: f.waybillId, version: 3, areaId: await placeId(), time: Date.now() + 3600_000 }));
    expect(future.message).toBe('卸货时间：卸货时间不能晚于当前时间');
  });
});

describe('allocating to another vehicle', () => {
  it('ends A as 已转运 and starts B at 待到达卸货地 from the place with what was unloaded; B finishes the route', async () => {
    const f = await onTheRoad({ via: true });
    const place = await placeId();
    const u = await ok(dispatcher, '/transfer/transferUnload', { id: f.waybillId, version: 3, areaId: place });
    const b = await vehicle(otherCarrierId, (await waybill(f.waybillId)).vehicleId);
    const r = await ok(dispatcher, '/transfer/transferAllocate', { id: u.transferId, version: 1, vehicleId: b.id });
    expect([r.from.status, r.from.step, r.from.statusStr]).toEqual([700, 999, '已转运']);
    const bw = await ok(dispatcher, `/waybill/getWaybillDetailById?id=${r.waybillId}`);
    expect([bw.status, bw.step, bw.vehicleId, bw.carrierId]).toEqual([400, 9, b.id, otherCarrierId]);
    expect(bw.nodes.map((n: Row) => [n.nodeType, n.areaId, n.actualArriveTime !== null, n.actualLeaveTime !== null])).toEqual([
      ['start', place, true, true], ['via', (await rowOf(t.db, 'SELECT area_id AS a FROM waybill_nodes WHERE id = ?', f.nodes.via!)).a, false, false],
      ['end', (await rowOf(t.db, 'SELECT area_id AS a FROM waybill_nodes WHERE id = ?', f.nodes.end)).a, false, false],
    ]);
    expect(bw.goods.map((g: Row) => [g.goodsId, g.loadedQuantity])).toEqual([[f.goodsIds[0], 28], [f.goodsIds[1], 12.5]]);
    expect(await orderStatus(f.orderId)).toBe(10);
    expect((await ok(dispatcher, `/waybill/findWaybillExpandById?id=${r.waybillId}`)).transferredFrom).toEqual({ id: f.waybillId, waybillNo: f.waybillNo });
    const info = await ok(dispatcher, `/transfer/transferInfo?id=${f.waybillId}`);
    expect(info.map((i: Row) => [i.statusStr, i.label, i.afterCarList, i.toWaybillId])).toEqual([['已转运', '转运', [b.vehicleNo], r.waybillId]]);
    expect(info[0].transportTimeStr).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // B delivers no more than it took on.
    const endB = bw.nodes.find((n: Row) => n.nodeType === 'end').id;
    await ok(dispatcher, '/waybillAction/arriveWaybillNode', { id: r.waybillId, version: 1, nodeId: endB });
    const over = await t.refused(() => dispatcher.post('/waybillAction/confirmDelivery', { id: r.waybillId, version: 2, goods: [{ goodsId: f.goodsIds[0], quantity: 30 }] }));
    expect(over.message).toBe('货物明细：饲料交货数量不能超过装货数量28');
    const done = await ok(dispatcher, '/waybillAction/confirmDelivery', { id: r.waybillId, version: 2, goods: [{ goodsId: f.goodsIds[0], quantity: 28 }, { goodsId: f.goodsIds[1], quantity: 12.5 }] });
    expect(done.step).toBe(11);
    expect(await orderStatus(f.orderId)).toBe(12);
  });

  it('two allocations of one transfer at one version: one waybill B; the loser is told to refresh', async () => {
    const f = await onTheRoad();
    const u = await ok(dispatcher, '/transfer/transferUnload', { id: f.waybillId, version: 3, areaId: await placeId() });
    const b = await vehicle(otherCarrierId, (await waybill(f.waybillId)).vehicleId);
    const body = { id: u.transferId, version: 1, vehicleId: b.id };
    const replies = await Promise.all([dispatcher.post('/transfer/transferAllocate', body), dispatcher.post('/transfer/transferAllocate', body)]);
    expect(replies.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(replies.find((r) => r.code === 0)!.message).toBe(STALE);
    expect((await rowOf(t.db, 'SELECT count(*) AS n FROM waybills WHERE transferred_from_id = ?', f.waybillId)).n).toBe(1);
  });

  it('refuses the same vehicle, and a carrier user allocating another carrier\'s vehicle (code 100, nothing changes)', async () => {
    const f = await onTheRoad();
    const u = await ok(carrier, '/transfer/transferUnload', { id: f.waybillId, version: 3, areaId: await placeId() });
    const same = await t.refused(async () => dispatcher.post('/transfer/transferAllocate', { id: u.transferId, version: 1, vehicleId: (await waybill(f.waybillId)).vehicleId }));
    expect(same.message).toBe('车辆：转运车辆不能与原车辆相同');
    const foreign = await t.refused(async () => carrier.post('/transfer/transferAllocate', { id: u.transferId, version: 1, vehicleId: (await vehicle(otherCarrierId, null)).id }));
    expect([foreign.code, foreign.message]).toEqual([100, '车辆：车辆不存在或无权访问']);
    const own = await vehicle(carrierId, (await waybill(f.waybillId)).vehicleId);
    const r = await ok(carrier, '/transfer/transferAllocate', { id: u.transferId, version: 1, vehicleId: own.id });
    expect((await waybill(r.waybillId)).carrierId).toBe(carrierId);
  });
});

describe('who sees a transfer', () => {
  it('the carriers of either side and the customer whose order moved; not a carrier of neither', async () => {
    const f = await onTheRoad();
    const u = await ok(dispatcher, '/transfer/transferUnload', { id: f.waybillId, version: 3, areaId: await placeId() });
    const listed = async (c: Caller) => (await ok(c, '/transfer/getTransferOrderList', { waybillNo: f.waybillNo })).data.map((d: Row) => d.transferId);
    expect(await listed(carrier)).toEqual([u.transferId]);
    // The fixture's order is the demo customer's (the first customer of the corporation).
    expect(await listed(customer)).toEqual([u.transferId]);
    const b = await vehicle(otherCarrierId, (await waybill(f.waybillId)).vehicleId);
    const r = await ok(dispatcher, '/transfer/transferAllocate', { id: u.transferId, version: 1, vehicleId: b.id });
    // The first carrier still sees its transfer and its ended waybill, but not the other carrier's waybill B.
    expect(await listed(carrier)).toEqual([u.transferId]);
    expect((await carrier.get(`/transfer/transferInfo?id=${r.waybillId}`)).message).toBe(NOT_FOUND);
  });
});
