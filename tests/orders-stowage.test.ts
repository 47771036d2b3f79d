// Stowage: several orders into ONE waybill. Settings per corporation, the orders that can be
// stowed, tasks (1101 未配载 / 1102 配载中) within the settings' limits, and the confirmed result
// creating the waybill through the assign-vehicle code, with every order's quantities conserved.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Reply, type TestApp } from './support/test-app.ts';
import { orderDriver } from './support/order-driver.ts';
import { vehicleInService } from './support/order-fixtures.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;
const STALE = '数据已被他人修改，请刷新后重试';

const t: TestApp = await createTestApp();
let dispatcher: Caller;
const { one, all, ok, versionOf, goodsIds, newOrder, assign, drive } = orderDriver(t, () => dispatcher);
const refused = (write: () => Promise<Reply>) => t.refused(write);
const areas = async () => (await all<{ id: number }>('SELECT id FROM areas WHERE corp_id = 1 AND is_deleted = 0 AND customer_id IS NULL ORDER BY id LIMIT 4')).map((a) => a.id);
const candidates = async () => ok(await dispatcher.post('/orderStowageTask/unStowageOrderList', { pageSize: 1000 })).data.map((o: Row) => o.id);

/** For every goods line: live parts plus what remains equal the order's quantity, never negative. */
async function expectConserved(orderId: number) {
  const q = ok(await dispatcher.post('/orderInfo/querySplitOrder', { orderId }));
  for (const g of q.goods) {
    const inParts = q.parts.flatMap((p: Row) => p.lines).filter((l: Row) => l.goodsId === g.goodsId).reduce((s: number, l: Row) => s + l.quantity * 1000, 0);
    expect(g.remainingQuantity).toBeGreaterThanOrEqual(0);
    expect(Math.round(inParts + g.remainingQuantity * 1000)).toBe(Math.round(g.quantity * 1000));
  }
  return q;
}

beforeAll(async () => {
  dispatcher = await t.as('dispatcher');
});

describe('stowage settings', () => {
  it('answers the defaults, saves the corporation\'s own, and refuses a stale save or a carrier', async () => {
    expect(ok(await dispatcher.get('/orderStowageTask/orderStowageSetting/list'))).toEqual([
      expect.objectContaining({ id: null, version: 0, maxOrders: 20, maxLoadRate: 100, sameShipperArea: 0, sameBusinessType: 0 }),
    ]);
    const body = { maxOrders: 3, maxLoadRate: 90, sameShipperArea: 0, sameBusinessType: 1 };
    const first = ok(await dispatcher.post('/orderStowageSetting/save', body));
    expect(first.version).toBe(1);
    expect((await refused(() => dispatcher.post('/orderStowageSetting/save', body))).message).toBe(STALE);
    ok(await dispatcher.post('/orderStowageSetting/save', { ...body, version: 1, maxOrders: 4 }));
    expect(ok(await dispatcher.get('/orderStowageTask/orderStowageSetting/list'))[0]).toMatchObject({ version: 2, maxOrders: 4, sameBusinessType: 1 });
    const carrier = await t.as('carrier');
    expect((await refused(() => carrier.post('/orderStowageSetting/save', { ...body, version: 2 }))).code).toBe(104);
    expect((await refused(() => dispatcher.post('/orderStowageSetting/save', { ...body, maxLoadRate: 0 }))).result.field).toBe('maxLoadRate');
  });
});

describe('orders that can be stowed', () => {
  it('lists live orders with goods not yet split off, and what stowing would take of each', async () => {
    const fresh = await newOrder();
    const partly = await newOrder();
    ok(await dispatcher.post('/orderInfo/splitOrder', { orderId: partly, version: 1, lines: [{ goodsId: (await goodsIds(partly))[0], quantity: 4 }] }));
    const whole = await newOrder();
    await assign(whole);
    const voided = await newOrder();
    ok(await dispatcher.post('/orderInfo/cancelOrder', { id: voided, version: 1 }));
    const split = await newOrder();
    ok(await dispatcher.post('/orderInfo/splitOrder', { orderId: split, version: 1, lines: (await goodsIds(split)).map((goodsId, i) => ({ goodsId, quantity: [10, 2.5][i] })) }));
    const ids = await candidates();
    expect(ids).toEqual(expect.arrayContaining([fresh, partly]));
    for (const id of [whole, voided, split]) expect(ids).not.toContain(id);
    const row = ok(await dispatcher.post('/orderStowageTask/unStowageOrderList', { pageSize: 1000 })).data.find((o: Row) => o.id === partly);
    expect(row.lines.map((l: Row) => l.quantity)).toEqual([6, 2.5]);
    expect(row.stowQuantity).toBe(8.5);
  });
});

describe('stowage tasks', () => {
  let taskId: number;
  let a: number;
  let b: number;
  beforeAll(async () => {
    // A 30 t vehicle without a volume figure: the load rate is judged on weight.
    await t.db.run('UPDATE vehicles SET load_weight = 30, volume = NULL, car_model_id = NULL WHERE id = ?', [(await vehicleInService(t)).id]);
    ok(await dispatcher.post('/orderStowageSetting/save', { maxOrders: 3, maxLoadRate: 100, sameShipperArea: 1, sameBusinessType: 0, version: await versionOfSetting() }));
  });
  const versionOfSetting = async () => (await one<{ v: number } | undefined>('SELECT version AS v FROM order_stowage_settings WHERE corp_id = 1'))?.v;

  it('saves a task without a vehicle as 1101 未配载, then with one as 1102 配载中', async () => {
    const [p1, , p3, p4] = await areas();
    a = await newOrder({ shipperAreaId: p1, receiverAreaId: p3 });
    b = await newOrder({ shipperAreaId: p1, receiverAreaId: p4 });
    ok(await dispatcher.post('/orderInfo/splitOrder', { orderId: b, version: 1, lines: [{ goodsId: (await goodsIds(b))[0], quantity: 7 }] }));
    const saved = ok(await dispatcher.post('/orderStowageTask/save', { orderIds: [a, b] }));
    expect(saved).toMatchObject({ status: 1101, version: 1, totalQuantity: 12.5 + 5.5 });
    expect(saved.taskNo).toMatch(/^PZ\d{14}$/);
    taskId = saved.id;
    const moved = ok(await dispatcher.post('/orderStowageTask/save', { id: taskId, version: 1, orderIds: [a, b], vehicleId: (await vehicleInService(t)).id }));
    expect(moved).toMatchObject({ status: 1102, version: 2 });
    const count = ok(await dispatcher.post('/orderStowageTask/count', {}));
    expect(count.tabs.map((x: Row) => [x.status, x.statusStr])).toEqual([[1101, '未配载'], [1102, '配载中']]);
    expect(count.tabs[1].count).toBeGreaterThanOrEqual(1);
    const pending = ok(await dispatcher.post('/orderStowageTask/unAcceptedLineResult', {}));
    expect(pending.data.find((x: Row) => x.id === taskId).orders.map((o: Row) => o.orderId)).toEqual([a, b]);
    expect(await candidates()).not.toContain(a);
  });

  it('refuses an order already in a task, more orders than allowed, mixed loading places and an overload, changing nothing', async () => {
    let r = await refused(() => dispatcher.post('/orderStowageTask/save', { orderIds: [a] }));
    expect(r.message).toMatch(/^订单DD\d+已在配载任务PZ\d+中$/);
    const [p1, p2, p3] = await areas();
    const more = await Promise.all([0, 1, 2, 3].map(() => newOrder({ shipperAreaId: p1, receiverAreaId: p3 })));
    r = await refused(() => dispatcher.post('/orderStowageTask/save', { orderIds: more }));
    expect([r.code, r.message]).toEqual([100, '订单：每个配载任务最多3个订单']);
    const elsewhere = await newOrder({ shipperAreaId: p2, receiverAreaId: p3 });
    r = await refused(() => dispatcher.post('/orderStowageTask/save', { orderIds: [more[0], elsewhere] }));
    expect(r.message).toBe('配载设置要求同一任务的订单发货地相同');
    const heavy = await newOrder({ shipperAreaId: p1, receiverAreaId: p3, goods: [{ goodsName: '钢材', quantity: 1, unit: '件', weight: 500 }] });
    r = await refused(async () => dispatcher.post('/orderStowageTask/save', { orderIds: [heavy], vehicleId: (await vehicleInService(t)).id }));
    expect(r.message).toMatch(/^装载率[\d.]+%超过配载设置的上限100%$/);
  });

  it('confirms the result as ONE waybill carrying both orders; each order gives its remainder and stays conserved', async () => {
    const before = (await one('SELECT count(*) AS n FROM waybills')).n;
    expect((await refused(() => dispatcher.post('/orderStowageTask/confirmResult', { id: taskId, version: 1 }))).message).toBe(STALE);
    const r = ok(await dispatcher.post('/orderStowageTask/confirmResult', { id: taskId, version: 2 }));
    expect((await one('SELECT count(*) AS n FROM waybills')).n).toBe(before + 1);
    expect((await all('SELECT order_id AS o, part_id AS p FROM waybill_orders WHERE waybill_id = ? ORDER BY order_id', r.waybillId)).map((x) => x.o)).toEqual([a, b]);
    // a was never split: it goes whole. b gives its remainder (3 and 2.5) as a new last part.
    expect(r.orders.find((o: Row) => o.orderId === a).partId).toBeNull();
    const q = await expectConserved(b);
    expect(q.goods.map((g: Row) => g.remainingQuantity)).toEqual([0, 0]);
    expect(q.parts.find((p: Row) => p.partId === r.orders.find((o: Row) => o.orderId === b).partId).lines.map((l: Row) => l.quantity)).toEqual([3, 2.5]);
    const waybill = ok(await dispatcher.get(`/waybill/getWaybillDetailById?id=${r.waybillId}`));
    expect(waybill).toMatchObject({ status: 200, step: 3 });
    // Written by the one waybill writer: its first saved version carries both orders.
    const history = ok(await dispatcher.post('/waybillHistory/findByPage', { id: r.waybillId }));
    expect(history.data.map((h: Row) => [h.version, h.action, h.orders.map((o: Row) => o.orderId).sort()])).toEqual([[1, 'assignVehicle', [a, b].sort()]]);
    expect(waybill.nodes.map((n: Row) => [n.nodeType, n.areaId])).toEqual([['start', (await areas())[0]], ['via', (await areas())[2]], ['end', (await areas())[3]]]);
    expect(waybill.goods.reduce((s: number, g: Row) => s + g.quantity, 0)).toBe(12.5 + 5.5);
    expect((await one('SELECT status FROM orders WHERE id = ?', a)).status).toBe(4);
    // Splitting ends for b (its remainder travels); a, carried whole, keeps its flag.
    expect([(await one('SELECT splittable FROM orders WHERE id = ?', a)).splittable, (await one('SELECT splittable FROM orders WHERE id = ?', b)).splittable]).toEqual([1, 0]);
    const task = ok(await dispatcher.post('/orderInfo/findOrderStowage', { orderId: a }));
    expect(task).toEqual([expect.objectContaining({ taskId, waybillId: r.waybillId, waybillNo: r.waybillNo })]);
    expect((await refused(() => dispatcher.post('/orderStowageTask/confirmResult', { id: taskId, version: r.version }))).message).toBe('配载任务已生成运单，不能再修改');
    expect(ok(await dispatcher.post('/orderStowageTask/unAcceptedLineResult', {})).data.map((x: Row) => x.id)).not.toContain(taskId);
    // The stowed waybill runs like any other: its via point is passed on the way.
    await drive(r.waybillId, 11);
  });

  it('refuses assigning or splitting an order held by an open task, naming the task; a stowed waybill deleted untouched opens its task again', async () => {
    const [p1, , p3] = await areas();
    const whole = await newOrder({ shipperAreaId: p1, receiverAreaId: p3 });
    const split = await newOrder({ shipperAreaId: p1, receiverAreaId: p3 });
    ok(await dispatcher.post('/orderInfo/splitOrder', { orderId: split, version: 1, lines: [{ goodsId: (await goodsIds(split))[0], quantity: 2 }] }));
    const task = ok(await dispatcher.post('/orderStowageTask/save', { orderIds: [whole, split], vehicleId: (await vehicleInService(t)).id }));
    const orderNo = async (id: number) => (await one('SELECT order_no AS n FROM orders WHERE id = ?', id)).n;
    const held = async (id: number, action: string) => `订单${await orderNo(id)}已在配载任务${task.taskNo}中，不能${action}，请先从配载任务中移出`;
    expect((await refused(async () => dispatcher.post('/orderInfo/assignVehicle', { orderId: whole, version: await versionOf(whole), vehicleId: (await vehicleInService(t)).id }))).message).toBe(await held(whole, '派车'));
    expect((await refused(async () => dispatcher.post('/orderInfo/splitOrder', { orderId: split, version: await versionOf(split), lines: [{ goodsId: (await goodsIds(split))[0], quantity: 1 }] }))).message)
      .toBe(await held(split, '拆分'));
    const before = await expectConserved(split);

    const r = ok(await dispatcher.post('/orderStowageTask/confirmResult', { id: task.id, version: task.version }));
    ok(await dispatcher.post('/waybill/cancelVehicle', { id: r.waybillId, version: 1 }));
    const deleted = await dispatcher.post('/waybill/batchDeleteWaybill', { ids: [r.waybillId] });
    expect([deleted.code, deleted.result.successCount]).toEqual([105, 1]);
    // The task is open again, at 配载中 with the vehicle the confirmation chose, and no waybill.
    const listed = ok(await dispatcher.post('/orderStowageTask/list', { taskNo: task.taskNo })).data;
    expect(listed.map((x: Row) => [x.id, x.status, x.waybillNo ?? null, x.confirmed, x.resultStr])).toEqual([[task.id, 1102, null, false, '待确认']]);
    expect(ok(await dispatcher.post('/orderInfo/findOrderStowage', { orderId: whole })).map((x: Row) => [x.taskId, x.waybillId ?? null])).toEqual([[task.id, null]]);
    // The split order has its remainder back (the part the confirmation made is cancelled), and splitting is open again.
    const after = await expectConserved(split);
    expect(after.goods.map((g: Row) => g.remainingQuantity)).toEqual(before.goods.map((g: Row) => g.remainingQuantity));
    expect(after.parts.filter((p: Row) => !p.cancelled).length).toBe(before.parts.filter((p: Row) => !p.cancelled).length);
    expect((await one('SELECT splittable FROM orders WHERE id = ?', split)).splittable).toBe(1);
    // The reopened task still refuses a direct assignment, and confirms anew.
    expect((await refused(async () => dispatcher.post('/orderInfo/assignVehicle', { orderId: whole, version: await versionOf(whole), vehicleId: (await vehicleInService(t)).id }))).message).toBe(await held(whole, '派车'));
    const again = ok(await dispatcher.post('/orderStowageTask/confirmResult', { id: task.id, version: r.version + 1 }));
    expect(again.waybillId).not.toBe(r.waybillId);
  });

  it('lets exactly one of two confirmations win, from either path', async () => {
    const [p1, , p3] = await areas();
    const c = await newOrder({ shipperAreaId: p1, receiverAreaId: p3 });
    const task = ok(await dispatcher.post('/orderStowageTask/save', { orderIds: [c], vehicleId: (await vehicleInService(t)).id }));
    const body = { id: task.id, version: task.version };
    const replies = await Promise.all([dispatcher.post('/orderStowageTask/confirmResult', body), dispatcher.post('/orderInfo/generateWaybillFromStowage', body)]);
    expect(replies.map((x) => x.code).sort()).toEqual([0, 1]);
    expect((await one('SELECT count(*) AS n FROM waybill_orders WHERE order_id = ?', c)).n).toBe(1);
  });

  it('needs a vehicle to confirm, and refuses an order that moved on since the task was saved', async () => {
    const [p1, , p3] = await areas();
    const c = await newOrder({ shipperAreaId: p1, receiverAreaId: p3 });
    const task = ok(await dispatcher.post('/orderStowageTask/save', { orderIds: [c] }));
    expect((await refused(() => dispatcher.post('/orderStowageTask/confirmResult', { id: task.id, version: 1 }))).result.field).toBe('vehicleId');
    ok(await dispatcher.post('/orderInfo/cancelOrder', { id: c, version: await versionOf(c) }));
    const r = await refused(async () => dispatcher.post('/orderStowageTask/confirmResult', { id: task.id, version: 1, vehicleId: (await vehicleInService(t)).id }));
    expect(r.message).toMatch(/已作废或已结束，不能配载$/);
  });

  it('shows a vehicle with its capacity, and shows a carrier only tasks of its own orders', async () => {
    const v = await vehicleInService(t);
    expect(ok(await dispatcher.get(`/orderStowageTask/vehicleInfo?vehicleId=${v.id}`))).toMatchObject({ vehicleId: v.id, loadWeight: 30, volume: null });
    const [p1, , p3] = await areas();
    const open = ok(await dispatcher.post('/orderStowageTask/save', { orderIds: [await newOrder({ shipperAreaId: p1, receiverAreaId: p3 })] }));
    await t.db.run("INSERT INTO role_operations (corp_id, role_id, operation_id) SELECT 1, ur.role_id, 'orderStowage3' FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.user_name = 'carrier' ON CONFLICT DO NOTHING");
    const carrier = await t.as('carrier');
    const partner = (await one<{ p: number }>("SELECT partner_id AS p FROM users WHERE user_name = 'carrier'")).p;
    const own = (await all<{ id: number }>(`SELECT t.id FROM order_stowage_tasks t WHERE NOT EXISTS (SELECT 1 FROM order_stowage_task_orders x JOIN orders o ON o.id = x.order_id
      WHERE x.task_id = t.id AND NOT (coalesce(o.carrier_id, 0) = ? OR EXISTS (SELECT 1 FROM waybill_orders wo JOIN waybills w ON w.id = wo.waybill_id WHERE wo.order_id = o.id AND w.carrier_id = ?)))
      ORDER BY t.updated_at DESC, t.id DESC`, partner, partner)).map((r) => r.id);
    const list = ok(await carrier.post('/orderStowageTask/list', { pageSize: 1000 }));
    expect(list.data.map((x: Row) => x.id)).toEqual(own);
    expect(own).not.toContain(open.id);
    expect((await carrier.post('/orderInfo/findOrderStowage', { orderId: (await one('SELECT order_id AS o FROM order_stowage_task_orders WHERE task_id = ?', open.id)).o })).message)
      .toBe('记录不存在或无权访问');
  });
});
