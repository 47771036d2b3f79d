// The further order endpoints: copy, change destination (and its distance), change goods detail,
// the customer's batch confirmations (code 107), the order monitor, the detail page's reads and
// the business-type lists; every refusal changes nothing, concurrent writes at one version let
// exactly one win, and a customer user sees only its own orders.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Reply, type TestApp } from './support/test-app.ts';
import { orderDriver } from './support/order-driver.ts';
import { ORDER_BODY } from './support/order-fixtures.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;
const NOT_FOUND = '记录不存在或无权访问';
const STALE = '数据已被他人修改，请刷新后重试';
const HOUR = 3600_000;

const t: TestApp = await createTestApp();
let dispatcher: Caller;
const d = orderDriver(t, () => dispatcher);
const { one, all, ok, versionOf, goodsIds, newOrder, assign, drive } = d;
const refused = (write: () => Promise<Reply>) => t.refused(write);
const customerId = async () => (await one<{ p: number }>("SELECT partner_id AS p FROM users WHERE user_name = 'customer'")).p;

/** Grants the demo customer role extra operation ids (the demo roles do not include them). */
async function grantCustomer(...ops: string[]) {
  const role = (await one<{ id: number }>("SELECT ur.role_id AS id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.user_name = 'customer'")).id;
  for (const op of ops) await t.db.run('INSERT INTO role_operations (corp_id, role_id, operation_id) VALUES (1, ?, ?) ON CONFLICT DO NOTHING', [role, op]);
}

beforeAll(async () => {
  dispatcher = await t.as('dispatcher');
});

describe('orderInfo/copyOrder', () => {
  it('makes new orders at version 1 / 待调度 with the same goods and places, each with its first saved version', async () => {
    const source = await newOrder({ remark: '原单' });
    await dispatcher.post('/orderInfo/delegate', { id: source, version: 1, carrierId: 1 });
    const r = ok(await dispatcher.post('/orderInfo/copyOrder', { id: source, count: 2 }));
    expect(r.orders).toHaveLength(2);
    const src = await one('SELECT order_no AS orderNo, shipper_area_id AS s, receiver_area_id AS r, customer_id AS c FROM orders WHERE id = ?', source);
    for (const copy of r.orders) {
      const o = await one('SELECT order_no AS orderNo, version, status, task_status AS task, carrier_id AS carrier, shipper_area_id AS s, receiver_area_id AS r, customer_id AS c, remark FROM orders WHERE id = ?', copy.id);
      expect(o).toMatchObject({ version: 1, status: 2, task: 1, carrier: null, s: src.s, r: src.r, c: src.c, remark: '原单' });
      expect(o.orderNo).not.toBe(src.orderNo);
      expect(await all('SELECT goods_name AS n, quantity AS q, unit AS u FROM order_goods WHERE order_id = ? ORDER BY id', copy.id))
        .toEqual(await all('SELECT goods_name AS n, quantity AS q, unit AS u FROM order_goods WHERE order_id = ? ORDER BY id', source));
      const history = ok(await dispatcher.post('/orderInfoHistory/findByPage', { orderNo: o.orderNo }));
      expect(history.data.map((h: Row) => h.version)).toEqual([1]);
    }
  });

  it('refuses an unknown order, a carrier, and a count out of range, changing nothing', async () => {
    expect((await refused(() => dispatcher.post('/orderInfo/copyOrder', { id: 99999999 }))).message).toBe(NOT_FOUND);
    const id = await newOrder();
    expect((await refused(() => dispatcher.post('/orderInfo/copyOrder', { id, count: 51 }))).code).toBe(100);
    // The dialog sends the version it showed: a source changed since is not copied.
    expect((await refused(() => dispatcher.post('/orderInfo/copyOrder', { id, version: 2 }))).message).toBe(STALE);
    expect(ok(await dispatcher.post('/orderInfo/copyOrder', { id, version: 1 })).orders).toHaveLength(1);
    const carrier = await t.as('carrier');
    expect((await refused(() => carrier.post('/orderInfo/copyOrder', { id }))).code).toBe(104);
  });
});

describe('orderInfo/changeDestination and getChangeDistance', () => {
  let beijing: number;
  let shanghai: number;
  beforeAll(async () => {
    // Two places with known coordinates: Beijing and Shanghai are about 1067 km apart in a straight line.
    [beijing, shanghai] = (await all<{ id: number }>('SELECT id FROM areas WHERE corp_id = 1 AND is_deleted = 0 AND customer_id IS NULL ORDER BY id LIMIT 2 OFFSET 3')).map((a) => a.id);
    await t.db.run('UPDATE areas SET lon = 116.4074, lat = 39.9042 WHERE id = ?', [beijing]);
    await t.db.run('UPDATE areas SET lon = 121.4737, lat = 31.2304 WHERE id = ?', [shanghai]);
  });

  it('answers the straight-line distance between the old and the new place', async () => {
    const id = await newOrder({ receiverAreaId: beijing });
    const r = ok(await dispatcher.post('/orderInfo/getChangeDistance', { id, receiverAreaId: shanghai }));
    expect(r).toMatchObject({ fromAreaId: beijing, toAreaId: shanghai, distanceType: 'straightLine' });
    expect(r.distance).toBeGreaterThan(1060);
    expect(r.distance).toBeLessThan(1075);
  });

  it('moves the order and the unloading node of its live waybill, with a new version, history and a timeline event', async () => {
    const id = await newOrder({ receiverAreaId: beijing });
    const waybillId = await assign(id);
    const waybillVersion = (await one('SELECT version FROM waybills WHERE id = ?', waybillId)).version;
    const r = ok(await dispatcher.post('/orderInfo/changeDestination', { id, version: await versionOf(id), receiverAreaId: shanghai, reason: '客户要求' }));
    expect(r.waybills.map((w: Row) => w.waybillId)).toEqual([waybillId]);
    expect((await one('SELECT receiver_area_id AS r FROM orders WHERE id = ?', id)).r).toBe(shanghai);
    expect((await one("SELECT area_id AS a FROM waybill_nodes WHERE waybill_id = ? AND node_type = 'end'", waybillId)).a).toBe(shanghai);
    expect((await one("SELECT area_id AS a FROM waybill_nodes WHERE waybill_id = ? AND node_type = 'start'", waybillId)).a).toBe(ORDER_BODY.shipperAreaId);
    expect((await one('SELECT version FROM waybills WHERE id = ?', waybillId)).version).toBe(waybillVersion + 1);
    const event = await one("SELECT payload FROM waybill_events WHERE waybill_id = ? AND action = 'changeDestination'", waybillId);
    expect(JSON.parse(event.payload)).toMatchObject({ orderId: id, fromAreaId: beijing, toAreaId: shanghai, reason: '客户要求' });
    const orderNo = (await one('SELECT order_no AS n FROM orders WHERE id = ?', id)).n;
    const history = ok(await dispatcher.post('/orderInfoHistory/findByPage', { orderNo }));
    expect(history.data[0]).toMatchObject({ version: r.version, receiverAreaId: shanghai });
    // A driver acting on the route read before the change is told to refresh.
    const stale = await refused(() => dispatcher.post('/waybillAction/receive', { id: waybillId, version: waybillVersion }));
    expect(stale.message).toBe(STALE);
  });

  it('refuses once the goods are delivered, the same place, an unknown place and a stale version, changing nothing', async () => {
    const id = await newOrder({ receiverAreaId: beijing });
    expect((await refused(() => dispatcher.post('/orderInfo/changeDestination', { id, version: 1, receiverAreaId: beijing }))).code).toBe(100);
    expect((await refused(() => dispatcher.post('/orderInfo/changeDestination', { id, version: 1, receiverAreaId: 99999999 }))).result.field).toBe('receiverAreaId');
    expect((await refused(() => dispatcher.post('/orderInfo/changeDestination', { id, version: 7, receiverAreaId: shanghai }))).message).toBe(STALE);
    const waybillId = await assign(id);
    await drive(waybillId, 10);
    const r = await refused(async () => dispatcher.post('/orderInfo/changeDestination', { id, version: await versionOf(id), receiverAreaId: shanghai }));
    expect(r.message).toMatch(/已送达，不能变更目的地$/);
  });

  it('lets exactly one of two changes at the same version win', async () => {
    const id = await newOrder({ receiverAreaId: beijing });
    const body = { id, version: 1, receiverAreaId: shanghai };
    const replies = await Promise.all([dispatcher.post('/orderInfo/changeDestination', body), dispatcher.post('/orderInfo/changeDestination', body)]);
    expect(replies.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(replies.find((r) => r.code === 0)!.message).toBe(STALE);
  });
});

describe('orderInfo/changeGoodsDetail', () => {
  const lines = async (id: number) => await all<Row>('SELECT id, goods_name AS goodsName, quantity, unit FROM order_goods WHERE order_id = ? ORDER BY id', id);

  it('never lets a line drop below what is split off, keeps parts plus remainder equal to the quantity', async () => {
    const id = await newOrder();
    const [cargo] = await goodsIds(id);
    ok(await dispatcher.post('/orderInfo/splitOrder', { orderId: id, version: 1, lines: [{ goodsId: cargo, quantity: 3 }] }));
    const [a, b] = await lines(id);
    let r = await refused(async () => dispatcher.post('/orderInfo/changeGoodsDetail', { id, version: await versionOf(id), goods: [{ ...a, quantity: 2.5 }, b] }));
    expect([r.code, r.message]).toEqual([0, '测试货物：数量不能少于已拆分或已派车数量3']);
    r = await refused(async () => dispatcher.post('/orderInfo/changeGoodsDetail', { id, version: await versionOf(id), goods: [b] }));
    expect(r.message).toBe('测试货物：已拆分3件，不能删除');
    const changed = ok(await dispatcher.post('/orderInfo/changeGoodsDetail', {
      id, version: await versionOf(id), goods: [{ ...a, quantity: 3 }, { goodsName: '新增货物', quantity: 4, unit: '件' }],
    }));
    expect((await lines(id)).map((l) => [l.goodsName, l.quantity])).toEqual([['测试货物', 3], ['新增货物', 4]]);
    const q = ok(await dispatcher.post('/orderInfo/querySplitOrder', { orderId: id }));
    expect(q.goods.map((g: Row) => g.remainingQuantity)).toEqual([0, 4]);
    const info = ok(await dispatcher.get(`/orderInfo/getGoodsInfoByOrderId?orderId=${id}`));
    expect(info.map((g: Row) => [g.splitQuantity, g.remainingQuantity])).toEqual([[3, 0], [0, 4]]);
    const orderNo = (await one('SELECT order_no AS n FROM orders WHERE id = ?', id)).n;
    expect(ok(await dispatcher.get(`/orderInfoHistory/orderGoods/list/${orderNo}/${changed.version}`)).map((g: Row) => g.goodsName)).toEqual(['测试货物', '新增货物']);
  });

  it('keeps a line\'s goods code unless the change sends one', async () => {
    const id = await newOrder({ goods: [{ goodsName: '编码货物', goodsCode: 'G-001', quantity: 5, unit: '件' }, { goodsName: '其他', goodsCode: 'G-002', quantity: 1, unit: '件' }] });
    const [a, b] = await lines(id);
    ok(await dispatcher.post('/orderInfo/changeGoodsDetail', { id, version: 1, goods: [{ ...a, quantity: 6 }, { ...b, goodsCode: 'G-009' }] }));
    expect(await all('SELECT goods_code AS c, quantity AS q FROM order_goods WHERE order_id = ? ORDER BY id', id)).toEqual([{ c: 'G-001', q: 6 }, { c: 'G-009', q: 1 }]);
  });

  it('opens splitting again when more goods follow a finished split', async () => {
    const id = await newOrder();
    const [cargo] = await goodsIds(id);
    ok(await dispatcher.post('/orderInfo/splitOrder', { orderId: id, version: 1, lines: [{ goodsId: cargo, quantity: 10 }] }));
    ok(await dispatcher.post('/orderInfo/splitOrderOver', { orderId: id, version: await versionOf(id) }));
    expect((await one('SELECT splittable FROM orders WHERE id = ?', id)).splittable).toBe(0);
    const [a, b] = await lines(id);
    ok(await dispatcher.post('/orderInfo/changeGoodsDetail', { id, version: await versionOf(id), goods: [{ ...a, quantity: 12 }, b] }));
    expect((await one('SELECT splittable FROM orders WHERE id = ?', id)).splittable).toBe(1);
    const q = ok(await dispatcher.post('/orderInfo/querySplitOrder', { orderId: id }));
    expect(q.goods.map((g: Row) => g.remainingQuantity)).toEqual([2, 0]);
  });

  it('keeps the quantities of an order carried whole, and refuses a foreign line id and a voided order', async () => {
    const id = await newOrder();
    await assign(id);
    const [a, b] = await lines(id);
    let r = await refused(async () => dispatcher.post('/orderInfo/changeGoodsDetail', { id, version: await versionOf(id), goods: [{ ...a, quantity: 11 }, b] }));
    expect(r.message).toBe('测试货物：订单已整单派车，不能变更数量或删除');
    ok(await dispatcher.post('/orderInfo/changeGoodsDetail', { id, version: await versionOf(id), goods: [{ ...a, goodsName: '改名货物' }, b] }));
    const other = await newOrder();
    r = await refused(() => dispatcher.post('/orderInfo/changeGoodsDetail', { id: other, version: 1, goods: [{ ...a, quantity: 1 }] }));
    expect([r.code, r.result.field]).toEqual([100, 'goods']);
    ok(await dispatcher.post('/orderInfo/cancelOrder', { id: other, version: 1 }));
    r = await refused(async () => dispatcher.post('/orderInfo/changeGoodsDetail', { id: other, version: await versionOf(other), goods: [{ goodsName: 'x', quantity: 1, unit: '件' }] }));
    expect(r.message).toBe('订单已作废或已结束，不能变更货物明细');
  });
});

describe('batch/order confirmations (107)', () => {
  let customer: Caller;
  let moving: number;
  let idle: number;
  let foreign: number;
  let waybillId: number;
  beforeAll(async () => {
    // The demo customer role may confirm shipments and deliveries (scripts/seed-demo.ts): no extra grant here.
    customer = await t.as('customer');
    moving = await newOrder({ customerId: await customerId() });
    idle = await newOrder({ customerId: await customerId() });
    foreign = await newOrder({ customerId: await customerId() === 5 ? 4 : 5 });
    waybillId = await assign(moving);
    await drive(waybillId, 9);
  });

  it('judges each order: 成功, 状态不符 and 无权限 counted in the summary', async () => {
    const info = ok(await customer.post('/batch/order/getGoodsInfo', { ids: [moving, idle, foreign] }));
    expect(info.orders.map((o: Row) => [o.id, o.canConfirmShipment, o.canConfirmDelivery])).toEqual([[moving, true, false], [idle, false, false]]);
    expect(info.missingIds).toEqual([foreign]);
    const r = await customer.post('/batch/order/confirmShipment', { ids: [moving, idle, foreign] });
    expect(r.code).toBe(107);
    expect(r.result.message).toBe('共3条订单，确认发货成功1条，失败2条');
    expect(r.result.details.map((l: Row) => [l.label, l.count])).toEqual([['成功', 1], ['状态不符', 1], ['无权限', 1]]);
    expect(r.result.details[1].items).toEqual([{ id: idle, reason: '订单货物尚未全部离开装货地，不能确认发货' }]);
    expect(ok(await customer.get(`/orderDetails/findOrderExpandById?id=${moving}`))).toMatchObject({ confirmationStatus: 1, confirmationStatusStr: '已确认发货' });
  });

  it('refuses a second shipment confirmation and a delivery confirmation before delivery, changing nothing', async () => {
    let r = await refused(() => customer.post('/batch/order/confirmShipment', { ids: [moving] }));
    expect(r.result.details[1].items[0].reason).toBe('订单已确认发货');
    r = await refused(() => customer.post('/batch/order/confirmDelivery', { ids: [moving] }));
    expect(r.result.details[1].items[0].reason).toBe('订单货物尚未全部交货，不能确认收货');
  });

  it('confirms delivery once every waybill delivered', async () => {
    await drive(waybillId, 11);
    const r = await customer.post('/batch/order/confirmDelivery', { ids: [moving] });
    expect(r.result.details.map((l: Row) => l.count)).toEqual([1, 0, 0]);
    expect(ok(await customer.get(`/orderDetails/findOrderById?id=${moving}`))).toMatchObject({ confirmationStatus: 2, confirmationStatusStr: '已确认收货' });
    const events = ok(await customer.get(`/orderDetails/findOrderEventById?id=${moving}`)).map((e: Row) => e.actionName);
    expect(events).toEqual(expect.arrayContaining(['新增', '派车', '接单', '确认发货', '确认收货']));
  });
});

describe('businessStateHistory/getOrderMonitorList', () => {
  it('judges each flow node over the order\'s waybills: done, late, under way, not reached', async () => {
    const now = Date.now();
    const id = await newOrder({ requiredLoadTime: now - 2 * HOUR, requiredArriveTime: now + 5 * HOUR });
    const [cargo] = await goodsIds(id);
    const part = ok(await dispatcher.post('/orderInfo/splitOrder', { orderId: id, version: 1, lines: [{ goodsId: cargo, quantity: 4 }] }));
    let flow = ok(await dispatcher.get(`/businessStateHistory/getOrderMonitorList?orderId=${id}`));
    expect(flow.slice(0, 3).map((n: Row) => [n.flowNodeName, n.flowNodeStatus])).toEqual([['下单', 1], ['派车', 2], ['司机接单', 0]]);
    const waybillId = await assign(id, part.partId);
    await drive(waybillId, 9);
    flow = ok(await dispatcher.get(`/businessStateHistory/getOrderMonitorList?orderId=${id}`));
    // The rest of the goods wait for a vehicle: nothing past dispatch is done for the whole order.
    expect(flow.map((n: Row) => n.flowNodeStatus)).toEqual([1, 2, 2, 2, 2, 2, 0, 0, 0, 0]);
    ok(await dispatcher.post('/orderInfo/splitOrderOver', { orderId: id, version: await versionOf(id) }));
    const rest = (await one('SELECT id FROM order_parts WHERE order_id = ? AND waybill_id IS NULL AND cancelled = 0', id)).id;
    await drive(await assign(id, rest), 10);
    flow = ok(await dispatcher.get(`/businessStateHistory/getOrderMonitorList?orderId=${id}`));
    expect(flow.map((n: Row) => [n.flowNodeName, n.flowNodeStatus])).toEqual([
      ['下单', 1], ['派车', 1], ['司机接单', 1], ['到达装货地', 3], ['装货完成', 1], ['离开装货地', 1], ['到达卸货地', 2], ['确认交货', 0], ['签收', 0], ['完成', 0],
    ]);
    expect(flow.slice(5, 8).map((n: Row) => n.flowNodeStatusStr)).toEqual(['已完成', '进行中', '未到达']);
    const arrival = flow[3];
    expect(arrival.flowNodeStatusStr).toBe('已完成（晚点）');
    expect(arrival.arriveTimeStr).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(arrival.lineAlarm).toHaveLength(2);
    expect(arrival.lineAlarm[0]).toMatchObject({ alarmTypeStr: '晚点', lateTimeStr: expect.stringMatching(/^(1小时5\d分钟|2小时(0分钟)?)$/) });
  });

  it('shows a voided order as created then voided', async () => {
    const id = await newOrder();
    ok(await dispatcher.post('/orderInfo/cancelOrder', { id: id, version: 1 }));
    const flow = ok(await dispatcher.get(`/businessStateHistory/getOrderMonitorList?orderId=${id}`));
    expect(flow.map((n: Row) => [n.flowNodeName, n.flowNodeStatus])).toEqual([['下单', 1], ['作废', 1]]);
  });
});

describe('order detail reads', () => {
  it('answers the order, its waybills with their route, expand info, goods figures and flags', async () => {
    const id = await newOrder();
    ok(await dispatcher.post('/orderInfo/delegate', { id, version: 1, carrierId: 1 }));
    const waybillId = await assign(id);
    const order = ok(await dispatcher.get(`/orderDetails/findOrderById?id=${id}`));
    expect(order).toMatchObject({ id, goods: expect.any(Array), confirmationStatus: 0 });
    const waybills = ok(await dispatcher.get(`/orderDetails/findWaybillByOrderId?id=${id}`));
    expect(waybills.map((w: Row) => [w.waybillId, w.nodes.map((n: Row) => n.nodeType)])).toEqual([[waybillId, ['start', 'end']]]);
    const expand = ok(await dispatcher.get(`/orderDetails/findOrderExpandById?id=${id}`));
    expect(expand).toMatchObject({ id, partCount: 0, unassigned: false, stowage: [] });
    const goods = ok(await dispatcher.get(`/orderInfo/getGoodsInfoByOrderId?orderId=${id}`));
    expect(goods.map((g: Row) => [g.assignedQuantity, g.remainingQuantity])).toEqual([[10, 0], [2.5, 0]]);
    const flags = ok(await dispatcher.get(`/orderInfo/findOrderAssistanceStatus?id=${id}`));
    expect(flags.flags.map((f: Row) => [f.label, f.text])).toEqual([['已委托', '委']]);
  });

  it('reads the goods display field from the corporation settings', async () => {
    expect(ok(await dispatcher.get('/orderInfo/getDisplayOfGoodsField'))).toEqual({ displayOfGoods: 1, field: 'quantity', fieldLabel: '数量', unit: null });
    const settings = JSON.parse((await one('SELECT settings FROM corporations WHERE id = 1')).settings);
    await t.db.run('UPDATE corporations SET settings = ? WHERE id = 1', [JSON.stringify({ ...settings, displayOfGoods: 2 })]);
    expect(ok(await dispatcher.get('/orderInfo/getDisplayOfGoodsField'))).toMatchObject({ displayOfGoods: 2, field: 'weight', unit: '吨' });
    await t.db.run('UPDATE corporations SET settings = ? WHERE id = 1', [JSON.stringify(settings)]);
  });

  it('lists the business types with their lines, and the types the orders use', async () => {
    const types = ok(await dispatcher.get('/waybill/getAllBusinessTypeList'));
    expect(types).toHaveLength(20);
    expect(types.find((x: Row) => x.id === 17)).toMatchObject({ label: '鸭苗配送', businessGroup: 'yqChicks' });
    await newOrder({ businessType: 13 });
    const used = ok(await dispatcher.get('/flowBusinessType/getUsedBusinessTypeList'));
    const expected = (await all<{ t: number }>('SELECT DISTINCT business_type AS t FROM orders WHERE corp_id = 1 AND is_deleted = 0 ORDER BY t')).map((r) => r.t);
    expect(used.map((x: Row) => x.id)).toEqual(expected);
    expect(ok(await dispatcher.get('/flowBusinessType/getUsedBusinessTypeList?type=14')).map((x: Row) => x.id)).toEqual([13]);
  });

  it('lets a customer user read only its own orders', async () => {
    await grantCustomer('orderMonitor3');
    const customer = await t.as('customer');
    const mine = await newOrder({ customerId: await customerId() });
    const theirs = await newOrder({ customerId: await customerId() === 5 ? 4 : 5 });
    for (const path of ['/orderDetails/findOrderById?id=', '/orderDetails/findWaybillByOrderId?id=', '/orderDetails/findOrderEventById?id=',
      '/orderDetails/findOrderExpandById?id=', '/orderInfo/findOrderAssistanceStatus?id=', '/businessStateHistory/getOrderMonitorList?orderId=']) {
      expect((await customer.get(`${path}${mine}`)).code, path).toBe(1);
      expect((await customer.get(`${path}${theirs}`)).message, path).toBe(NOT_FOUND);
    }
    expect((await customer.get(`/orderInfo/getGoodsInfoByOrderId?orderId=${theirs}`)).message).toBe(NOT_FOUND);
  });

  it('lets a customer user change only its own orders', async () => {
    await grantCustomer('orderCopy3', 'orderChangeDestination3', 'orderChangeGoods3');
    const customer = await t.as('customer');
    const theirs = await newOrder({ customerId: await customerId() === 5 ? 4 : 5 });
    const line = { goodsName: 'x', quantity: 1, unit: '件' };
    for (const [path, body] of [
      ['/orderInfo/copyOrder', { id: theirs }],
      ['/orderInfo/changeDestination', { id: theirs, version: 1, receiverAreaId: 2 }],
      ['/orderInfo/getChangeDistance', { id: theirs, receiverAreaId: 2 }],
      ['/orderInfo/changeGoodsDetail', { id: theirs, version: 1, goods: [line] }],
    ] as const) expect((await refused(() => customer.post(path, body))).message, path).toBe(NOT_FOUND);
    const mine = await newOrder({ customerId: await customerId() });
    expect((await customer.post('/orderInfo/changeGoodsDetail', { id: mine, version: 1, goods: [line] })).code).toBe(1);
  });

  it('lets exactly one of two goods changes at the same version win', async () => {
    const id = await newOrder();
    const body = { id, version: 1, goods: [{ goodsName: '并发货物', quantity: 3, unit: '件' }] };
    const replies = await Promise.all([dispatcher.post('/orderInfo/changeGoodsDetail', body), dispatcher.post('/orderInfo/changeGoodsDetail', body)]);
    expect(replies.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(await all('SELECT goods_name AS n FROM order_goods WHERE order_id = ?', id)).toEqual([{ n: '并发货物' }]);
  });
});
