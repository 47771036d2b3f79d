// Order endpoints past the form: splitting (quantities always conserved), assigning a vehicle
// (creates the waybill at 待司机接单 and moves the order), the order's own actions (delegate,
// reject, cancel, void, distribution, delete) and concurrent writes at one version.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Reply, type TestApp } from './support/test-app.ts';
import { ORDER_BODY, vehicleInService } from './support/order-fixtures.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;
const NOT_FOUND = '记录不存在或无权访问';
const STALE = '数据已被他人修改，请刷新后重试';

const t: TestApp = await createTestApp();
let dispatcher: Caller;
const one = async <T = Row>(sql: string, ...params: unknown[]) => (await t.db.one<T>(sql, params)) as T;
const all = <T = Row>(sql: string, ...params: unknown[]) => t.db.all<T>(sql, params);
const versionOf = async (id: number) => (await one<{ version: number }>('SELECT version FROM orders WHERE id = ?', id)).version;
const statusOf = async (id: number) => await one('SELECT status, task_status AS taskStatus FROM orders WHERE id = ?', id);
const goodsIds = async (orderId: number) => (await all<{ id: number }>('SELECT id FROM order_goods WHERE order_id = ? ORDER BY id', orderId)).map((g) => g.id);

async function newOrder(body: Row = ORDER_BODY) {
  const r = await dispatcher.post('/orderInfo/save', body);
  expect(r.code, r.message).toBe(1);
  return r.result.id as number;
}

/** For every goods line: live parts plus what remains equal the order's quantity, never negative. */
async function expectConserved(orderId: number) {
  const q = (await dispatcher.post('/orderInfo/querySplitOrder', { orderId })).result;
  for (const g of q.goods) {
    const inParts = q.parts.flatMap((p: Row) => p.lines).filter((l: Row) => l.goodsId === g.goodsId).reduce((s: number, l: Row) => s + l.quantity * 1000, 0);
    expect(g.remainingQuantity).toBeGreaterThanOrEqual(0);
    expect(Math.round(inParts + g.remainingQuantity * 1000)).toBe(Math.round(g.quantity * 1000));
  }
  return q;
}

const refused = (write: () => Promise<Reply>) => t.refused(write);

beforeAll(async () => {
  dispatcher = await t.as('dispatcher');
});

describe('splitting', () => {
  it('splits, refuses a split over the remainder, cancels and finishes with quantities conserved', async () => {
    const id = await newOrder();
    const [cargo, medicine] = await goodsIds(id);
    let r = await dispatcher.post('/orderInfo/splitOrder', { orderId: id, version: 1, lines: [{ goodsId: cargo, quantity: 3.5 }] });
    expect([r.code, r.result.partNo, r.result.version]).toEqual([1, 1, 2]);
    const part1 = r.result.partId;
    r = await refused(() => dispatcher.post('/orderInfo/splitOrder', { orderId: id, version: 2, lines: [{ goodsId: cargo, quantity: 6.501 }] }));
    expect([r.code, r.message]).toEqual([0, '测试货物：拆分数量超过剩余数量6.5']);
    r = await refused(() => dispatcher.post('/orderInfo/splitOrder', { orderId: id, version: 2, lines: [{ goodsId: cargo, quantity: 1 }, { goodsId: cargo, quantity: 1 }] }));
    expect([r.code, r.result.field]).toEqual([100, 'lines']);
    r = await dispatcher.post('/orderInfo/splitOrder', { orderId: id, version: 2, lines: [{ goodsId: cargo, quantity: 6.5 }, { goodsId: medicine, quantity: 1.25 }] });
    expect(r.code).toBe(1);
    let q = await expectConserved(id);
    expect(q.goods.map((g: Row) => g.remainingQuantity)).toEqual([0, 1.25]);

    r = await dispatcher.post('/orderInfo/cancelSplitOrder', { orderId: id, version: await versionOf(id), partId: part1 });
    expect(r.code).toBe(1);
    q = await expectConserved(id);
    expect(q.parts).toHaveLength(1);
    expect(q.goods.map((g: Row) => g.remainingQuantity)).toEqual([3.5, 1.25]);

    r = await dispatcher.post('/orderInfo/splitOrderOver', { orderId: id, version: await versionOf(id) });
    expect([r.code, r.result.lastPart.partNo]).toEqual([1, 3]);
    q = await expectConserved(id);
    expect([q.splittable, q.parts.length, q.goods.map((g: Row) => g.remainingQuantity)]).toEqual([0, 2, [0, 0]]);
    r = await refused(async () => dispatcher.post('/orderInfo/splitOrder', { orderId: id, version: await versionOf(id), lines: [{ goodsId: cargo, quantity: 0.001 }] }));
    expect([r.code, r.message]).toEqual([0, '订单已结束拆分，不能再拆分']);
  });

  it('refuses to finish a split that never started, and to edit a split order', async () => {
    const id = await newOrder();
    expect((await refused(() => dispatcher.post('/orderInfo/splitOrderOver', { orderId: id, version: 1 }))).message).toBe('订单尚未拆分，不能结束拆分');
    await dispatcher.post('/orderInfo/splitOrder', { orderId: id, version: 1, lines: [{ goodsId: (await goodsIds(id))[0], quantity: 1 }] });
    const r = await refused(() => dispatcher.post('/orderInfo/save', { ...ORDER_BODY, id, version: 2 }));
    expect([r.code, r.message]).toEqual([0, '订单已拆分，请先取消拆分再修改']);
  });
});

describe('assigning a vehicle', () => {
  it('creates the waybill of one part at 待司机接单 with its link, nodes and event, and moves the order', async () => {
    const load = Date.UTC(2026, 0, 5, 1);
    const id = await newOrder({ ...ORDER_BODY, requiredLoadTime: load, requiredArriveTime: load + 86_400_000 });
    const [cargo] = await goodsIds(id);
    const p1 = (await dispatcher.post('/orderInfo/splitOrder', { orderId: id, version: 1, lines: [{ goodsId: cargo, quantity: 4 }] })).result;
    const vehicle = await vehicleInService(t);
    const info = (await dispatcher.get(`/orderInfo/getOrderInfoForAssignVehicle?id=${id}`)).result;
    expect([info.wholeAssignable, info.parts.map((p: Row) => p.partId)]).toEqual([false, [p1.partId]]);

    const r = await dispatcher.post('/orderInfo/assignVehicle', { orderId: id, version: p1.version, partId: p1.partId, vehicleId: vehicle.id });
    expect(r.code, r.message).toBe(1);
    const w = await one('SELECT * FROM waybills WHERE id = ?', r.result.waybillId);
    expect(w).toMatchObject({ waybill_no: r.result.waybillNo, status: 200, step: 3, sign_status: 1210, vehicle_id: vehicle.id, driver_id: vehicle.driverId, carrier_id: vehicle.carrierId, business_type: 1 });
    expect(r.result.waybillNo).toMatch(/^YD\d{14}$/);
    expect(await all('SELECT order_id AS o, part_id AS p FROM waybill_orders WHERE waybill_id = ?', w.id)).toEqual([{ o: id, p: p1.partId }]);
    expect(await all('SELECT seq, node_type AS t, area_id AS a, required_arrive_time AS r FROM waybill_nodes WHERE waybill_id = ? ORDER BY seq', w.id))
      .toEqual([{ seq: 1, t: 'start', a: 1, r: load }, { seq: 2, t: 'end', a: 3, r: load + 86_400_000 }]);
    expect(await all('SELECT action, from_status AS f, to_status AS s, from_step AS fs, to_step AS ts, user_name AS u FROM waybill_events WHERE waybill_id = ?', w.id))
      .toEqual([{ action: 'assignVehicle', f: 100, s: 200, fs: 2, ts: 3, u: '张调度' }]);
    // Written by the one waybill writer: its first saved version is there, as for any new waybill.
    const history = (await dispatcher.post('/waybillHistory/findByPage', { id: w.id })).result;
    expect(history.data.map((h: Row) => [h.version, h.action, h.statusStr, h.orders.map((o: Row) => o.partId)])).toEqual([[1, 'assignVehicle', '待司机接单', [p1.partId]]]);
    // Dispatched in part: the order shows its waybill (待司机接单), not 待调度 (docs/state-machines.md).
    expect(await statusOf(id)).toEqual({ status: 4, taskStatus: 10 });
    const again = await refused(async () => dispatcher.post('/orderInfo/assignVehicle', { orderId: id, version: await versionOf(id), partId: p1.partId, vehicleId: vehicle.id }));
    expect(again.message).toBe('拆分单已派车，不能重复派车');
    const cancel = await refused(async () => dispatcher.post('/orderInfo/cancelSplitOrder', { orderId: id, version: await versionOf(id), partId: p1.partId }));
    expect(cancel.message).toBe('拆分单已派车，不能取消拆分');

    // Finish splitting and send the rest too: every part is on a waybill awaiting its driver.
    const over = (await dispatcher.post('/orderInfo/splitOrderOver', { orderId: id, version: await versionOf(id) })).result;
    // The rest is now a part of its own, no waybill carries it yet: the order still shows its waybill.
    expect(await statusOf(id)).toEqual({ status: 4, taskStatus: 10 });
    const r2 = await dispatcher.post('/orderInfo/assignVehicle', { orderId: id, version: over.version, partId: over.lastPart.partId, vehicleId: vehicle.id });
    expect(r2.code, r2.message).toBe(1);
    expect(await statusOf(id)).toEqual({ status: 4, taskStatus: 10 });
    const d = (await dispatcher.get(`/orderInfo/details?id=${id}`)).result;
    expect(d.waybills.map((x: Row) => [x.partId, x.statusStr])).toEqual([[p1.partId, '待司机接单'], [over.lastPart.partId, '待司机接单']]);
    expect(d.parts.map((p: Row) => p.waybillNo)).toEqual([r.result.waybillNo, r2.result.waybillNo]);
  });

  it('sends a never-split order whole, then refuses splitting it', async () => {
    const id = await newOrder();
    const vehicle = await vehicleInService(t);
    const r = await dispatcher.post('/orderInfo/assignVehicle', { orderId: id, version: 1, vehicleId: vehicle.id, driverId: vehicle.driverId });
    expect(r.code, r.message).toBe(1);
    expect(await one('SELECT part_id AS p FROM waybill_orders WHERE waybill_id = ?', r.result.waybillId)).toEqual({ p: null });
    expect(await statusOf(id)).toEqual({ status: 4, taskStatus: 10 });
    const split = await refused(async () => dispatcher.post('/orderInfo/splitOrder', { orderId: id, version: await versionOf(id), lines: [{ goodsId: (await goodsIds(id))[0], quantity: 1 }] }));
    expect(split.message).toBe('订单已整单派车，不能拆分');
    const edit = await refused(async () => dispatcher.post('/orderInfo/save', { ...ORDER_BODY, id, version: await versionOf(id) }));
    expect(edit.message).toBe('订单已派车，不能修改');
  });

  it('refuses a split order without a part, and vehicles or drivers of another corporation', async () => {
    const id = await newOrder();
    await dispatcher.post('/orderInfo/splitOrder', { orderId: id, version: 1, lines: [{ goodsId: (await goodsIds(id))[0], quantity: 1 }] });
    const vehicle = await vehicleInService(t);
    let r = await refused(() => dispatcher.post('/orderInfo/assignVehicle', { orderId: id, version: 2, vehicleId: vehicle.id }));
    expect(r.message).toBe('订单已拆分，请选择要派车的拆分单');
    const partId = (await one<{ id: number }>('SELECT id FROM order_parts WHERE order_id = ?', id)).id;
    r = await refused(async () => dispatcher.post('/orderInfo/assignVehicle', { orderId: id, version: 2, partId, vehicleId: (await vehicleInService(t, 2)).id }));
    expect([r.code, r.result.field]).toEqual([100, 'vehicleId']);
    r = await refused(async () => dispatcher.post('/orderInfo/assignVehicle', { orderId: id, version: 2, partId, vehicleId: vehicle.id, driverId: (await vehicleInService(t, 2)).driverId }));
    expect([r.code, r.result.field]).toEqual([100, 'driverId']);
  });
});

describe('order actions', () => {
  it('delegates, lets the carrier reject, cancels the delegation, voids and deletes', async () => {
    const id = await newOrder();
    let r = await dispatcher.post('/orderInfo/delegate', { id, version: 1, carrierId: 1 });
    expect([r.code, r.result.status]).toEqual([1, 3]);
    expect((await dispatcher.get(`/orderInfo/details?id=${id}`)).result).toMatchObject({ status: 3, statusStr: '待派车', taskStatus: 10, carrierId: 1 });
    // The carrier user sees no order list (no order3) but may turn a delegation to it down.
    const carrier = await t.as('carrier');
    r = await carrier.post('/orderInfo/rejectDelegation', { id, version: 2 });
    expect([r.code, r.result.status]).toEqual([1, 20]);
    expect(await one('SELECT carrier_id AS c FROM orders WHERE id = ?', id)).toEqual({ c: null });
    r = await refused(() => carrier.post('/orderInfo/rejectDelegation', { id, version: 3 }));
    expect(r.message).toBe(NOT_FOUND); // no longer delegated to it
    r = await refused(() => dispatcher.post('/orderInfo/rejectDelegation', { id, version: 3 }));
    expect(r.message).toBe('订单当前状态不能拒绝委托，请刷新后重试');
    r = await dispatcher.post('/orderInfo/cancelDelegation', { id, version: 3 });
    expect([r.code, r.result.status]).toEqual([1, 2]);
    r = await dispatcher.post('/orderInfo/cancelOrder', { id: id, version: 4 });
    expect([r.code, r.result.status]).toEqual([1, -3]);
    expect(await statusOf(id)).toEqual({ status: -3, taskStatus: 40 });
    expect((await all("SELECT action FROM record_history WHERE resource = 'order' AND record_id = ? ORDER BY id", id)).map((h) => h.action))
      .toEqual(['delegate', 'rejectDelegation', 'cancelDelegation', 'cancelOrder']);
    r = await dispatcher.post('/orderInfo/delete', { ids: [id] });
    expect([r.code, r.result.successCount]).toEqual([105, 1]);
    expect((await dispatcher.get(`/orderInfo/details?id=${id}`)).message).toBe(NOT_FOUND);
  });

  it('deletes only voided or undispatched orders (105 with reasons)', async () => {
    const free = await newOrder();
    const delegated = await newOrder();
    await dispatcher.post('/orderInfo/delegate', { id: delegated, version: 1, carrierId: 1 });
    const sent = await newOrder();
    await dispatcher.post('/orderInfo/assignVehicle', { orderId: sent, version: 1, vehicleId: (await vehicleInService(t)).id });
    const r = await dispatcher.post('/orderInfo/delete', { ids: [free, delegated, sent, 999999] });
    expect(r.code).toBe(105);
    expect(r.result).toMatchObject({ total: 4, successCount: 1, failCount: 1, cannotDeleteCount: 2 });
    expect(r.result.details.map((d: Row) => [d.id, d.reason])).toEqual([[delegated, '订单已委托，请先取消委托'], [sent, '订单已派车，不能删除'], [999999, NOT_FOUND]]);
  });

  it('delegates a batch with a 107 summary; refuses an unknown carrier', async () => {
    const a = await newOrder();
    const b = await newOrder();
    await dispatcher.post('/orderInfo/cancelOrder', { id: b, version: 1 });
    const r = await dispatcher.post('/orderInfo/delegate', { ids: [a, b], carrierId: 2 });
    expect(r.code).toBe(107);
    // Each line carries the label the console's summary dialog prints.
    expect(r.result.details).toEqual([
      { type: '委托成功', label: '委托成功', count: 1 },
      { type: '委托失败', label: '委托失败', count: 1, items: [{ id: b, reason: '订单当前状态不能委托，请刷新后重试' }] },
    ]);
    expect(r.message).toBe('共2条订单，委托成功1条，委托失败1条');
    const bad = await refused(() => dispatcher.post('/orderInfo/delegate', { id: a, version: 2, carrierId: 999999 }));
    expect([bad.code, bad.result.field]).toEqual([100, 'carrierId']);
  });

  it('distributes to a department and a dispatcher, shown in the details', async () => {
    const id = await newOrder();
    const staff = (await one<{ id: number }>("SELECT id FROM users WHERE user_name = 'monitor'")).id;
    const r = await dispatcher.post('/orderInfo/distribution', { id, version: 1, orgId: 2, userId: staff });
    expect([r.code, r.result.version]).toEqual([1, 2]);
    const d = (await dispatcher.get(`/orderInfo/details?id=${id}`)).result;
    expect(d.distribution).toMatchObject({ orgId: 2, orgIdName: '华北分公司', userId: staff, userIdName: '李监控', operatorName: '张调度' });
    const customerUser = (await one<{ id: number }>("SELECT id FROM users WHERE user_name = 'customer'")).id;
    const bad = await refused(() => dispatcher.post('/orderInfo/distribution', { id, version: 2, userId: customerUser }));
    expect([bad.code, bad.result.field]).toEqual([100, 'userId']);
  });
});

describe('concurrent writes at one version', () => {
  it('lets exactly one of two simultaneous splits win; the other is told to refresh; quantities intact', async () => {
    const id = await newOrder();
    const [cargo] = await goodsIds(id);
    const split = () => dispatcher.post('/orderInfo/splitOrder', { orderId: id, version: 1, lines: [{ goodsId: cargo, quantity: 6 }] });
    const results = await Promise.all([split(), split()]);
    expect(results.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(results.find((r) => r.code === 0)!.message).toBe(STALE);
    const q = await expectConserved(id);
    expect([q.parts.length, q.goods[0].remainingQuantity, q.version]).toEqual([1, 4, 2]);
  });

  it('refuses a replayed stale version for every order write, changing nothing', async () => {
    const id = await newOrder();
    const [cargo] = await goodsIds(id);
    const p = (await dispatcher.post('/orderInfo/splitOrder', { orderId: id, version: 1, lines: [{ goodsId: cargo, quantity: 1 }] })).result;
    const stale = [
      () => dispatcher.post('/orderInfo/splitOrder', { orderId: id, version: 1, lines: [{ goodsId: cargo, quantity: 1 }] }),
      () => dispatcher.post('/orderInfo/cancelSplitOrder', { orderId: id, version: 1, partId: p.partId }),
      () => dispatcher.post('/orderInfo/splitOrderOver', { orderId: id, version: 1 }),
      async () => dispatcher.post('/orderInfo/assignVehicle', { orderId: id, version: 1, partId: p.partId, vehicleId: (await vehicleInService(t)).id }),
      () => dispatcher.post('/orderInfo/delegate', { id, version: 1, carrierId: 1 }),
      () => dispatcher.post('/orderInfo/distribution', { id, version: 1, orgId: 1 }),
      () => dispatcher.post('/orderInfo/cancelOrder', { id: id, version: 1 }),
      () => dispatcher.post('/orderInfo/save', { ...ORDER_BODY, id, version: 1 }),
    ];
    for (const call of stale) expect((await refused(call)).message).toBe(STALE);
  });
});
