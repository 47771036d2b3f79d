// The rest of the waybill endpoints as a user meets them: a waybill generated from orders (whole,
// a split part, the remainder, several orders), added and edited by hand, numbered, copied without
// its orders, its versions in the history, the smaller reads, and the waybillAction calls that are
// not transitions (department, delegation, gate checks). Refusals change nothing; two writers at
// one version: one wins; other partners and corporations read nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { ORDER_BODY } from './support/order-fixtures.ts';
import { insertWaybill, placeAt, rowOf, vehicleOf } from './support/waybill-fixture.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;

const NOT_FOUND = '记录不存在或无权访问';
const STALE = '数据已被他人修改，请刷新后重试';

let t: TestApp;
let dispatcher: Caller;
let carrier: Caller;
let customer: Caller;
let admin2: Caller;
let monitor: Caller;
let carrierId: number;
let customerId: number;

beforeAll(async () => {
  t = await createTestApp();
  [dispatcher, carrier, customer, admin2, monitor] = await Promise.all(['dispatcher', 'carrier', 'customer', 'admin2', 'monitor'].map((u) => t.as(u)));
  carrierId = (await rowOf(t.db, "SELECT partner_id AS p FROM users WHERE user_name = 'carrier'")).p;
  customerId = (await rowOf(t.db, "SELECT partner_id AS p FROM users WHERE user_name = 'customer'")).p;
});

async function ok(caller: Caller, path: string, body?: Row) {
  const r = body === undefined ? await caller.get(path) : await caller.post(path, body);
  expect(r.code, `${path}: ${r.message}`).toBe(1);
  return r.result;
}

/** An order of the demo customer (10 件 and 2.5 箱), optionally split into a part of `split` 件. */
async function newOrder(opts: { split?: number; delegate?: boolean } = {}) {
  const o = await ok(dispatcher, '/orderInfo/save', { ...ORDER_BODY, customerId });
  const goodsIds = (await t.db.all<{ id: number }>('SELECT id FROM order_goods WHERE order_id = ? ORDER BY id', [o.id])).map((g) => g.id);
  let version = o.version;
  let partId: number | undefined;
  if (opts.split) {
    const p = await ok(dispatcher, '/orderInfo/splitOrder', { orderId: o.id, version, lines: [{ goodsId: goodsIds[0], quantity: opts.split }] });
    [version, partId] = [p.version, p.partId];
  }
  if (opts.delegate) version = (await ok(dispatcher, '/orderInfo/delegate', { id: o.id, version, carrierId })).version;
  return { id: o.id as number, orderNo: o.orderNo as string, version: version as number, goodsIds, partId };
}

const orderRow = async (id: number) => await rowOf(t.db, 'SELECT status, version FROM orders WHERE id = ?', id);
const goodsOf = async (id: number) => (await ok(dispatcher, `/waybill/findGoodsListByWaybillId?id=${id}`)).goods as Row[];
const areaIds = async () => (await t.db.all<{ id: number }>('SELECT id FROM areas WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 3')).map((a) => a.id);
const HOUR = 3600_000;

async function handBody(extra: Row = {}) {
  const [a, b, c] = await areaIds();
  const now = Date.now();
  return {
    businessType: 1,
    waybillName: '手工运单',
    nodes: [
      { nodeType: 'start', areaId: a, requiredArriveTime: now + HOUR, requiredLeaveTime: now + 2 * HOUR },
      { nodeType: 'via', areaId: b, requiredArriveTime: now + 3 * HOUR },
      { nodeType: 'end', areaId: c, requiredArriveTime: now + 5 * HOUR },
    ],
    goods: [{ goodsName: '饲料', quantity: 20, unit: '吨', weight: 20 }, { goodsName: '预混料', quantity: 1.25, unit: '吨' }],
    ...extra,
  };
}

describe('generateWaybillFromOrder', () => {
  it('makes a waybill at 待派车 carrying the whole order along its places; the order waits for a vehicle and moves to a new version', async () => {
    const o = await newOrder();
    const r = await ok(dispatcher, '/waybill/generateWaybillFromOrder', { orders: [{ orderId: o.id, version: o.version }] });
    expect(r.waybillNo).toMatch(/^YD\d{14}$/);
    const detail = await ok(dispatcher, `/waybill/getWaybillDetailById?id=${r.id}`);
    expect([detail.status, detail.step, detail.statusStr]).toEqual([100, 2, '待派车']);
    expect(detail.nodes.map((n: Row) => [n.nodeType, n.areaId])).toEqual([['start', ORDER_BODY.shipperAreaId], ['end', ORDER_BODY.receiverAreaId]]);
    expect(detail.goods.map((g: Row) => [g.goodsName, g.quantity])).toEqual([['测试货物', 10], ['测试药品', 2.5]]);
    expect((await orderRow(o.id)).status).toBe(3);
    expect(r.orders).toEqual([{ orderId: o.id, version: (await orderRow(o.id)).version }]);
    // The same goods cannot go on a second waybill.
    const again = await t.refused(async () => dispatcher.post('/waybill/generateWaybillFromOrder', { orders: [{ orderId: o.id, version: (await orderRow(o.id)).version }] }));
    expect(again.message).toBe(`${o.orderNo}：订单已派车，不能重复生成运单`);
  });

  it('takes a free split part, then the remainder as a new part: nothing is carried twice or lost', async () => {
    const o = await newOrder({ split: 4 });
    const first = await ok(dispatcher, '/waybill/generateWaybillFromOrder', { orders: [{ orderId: o.id, version: o.version, partId: o.partId }] });
    expect((await goodsOf(first.id)).map((g) => g.quantity)).toEqual([4]);
    const rest = await ok(dispatcher, '/waybill/generateWaybillFromOrder', { orders: [{ orderId: o.id, version: first.orders[0].version }] });
    expect((await goodsOf(rest.id)).map((g) => [g.goodsName, g.quantity])).toEqual([['测试货物', 6], ['测试药品', 2.5]]);
    const split = await ok(dispatcher, '/orderInfo/querySplitOrder', { orderId: o.id });
    expect(split.goods.map((g: Row) => g.remainingQuantity)).toEqual([0, 0]);
    const none = await t.refused(() => dispatcher.post('/waybill/generateWaybillFromOrder', { orders: [{ orderId: o.id, version: rest.orders[0].version }] }));
    expect(none.message).toBe(`${o.orderNo}：订单已全部拆分，请选择拆分单`);
  });

  it('stows several orders into one waybill: loads at each shipper place, unloads at each receiver place', async () => {
    const [a, b] = [await newOrder(), await newOrder()];
    const r = await ok(dispatcher, '/waybill/generateWaybillFromOrder', { orders: [{ orderId: a.id, version: a.version }, { orderId: b.id, version: b.version }] });
    const orders = await ok(dispatcher, `/waybill/getOrderInfoListByWaybillId?id=${r.id}`);
    expect(orders.map((o: Row) => o.orderId).sort()).toEqual([a.id, b.id].sort());
    expect((await goodsOf(r.id)).length).toBe(4);
  });

  it('refuses a stale order version, a voided order, and a carrier user dispatching orders not delegated to it — changing nothing', async () => {
    const o = await newOrder();
    expect((await t.refused(() => dispatcher.post('/waybill/generateWaybillFromOrder', { orders: [{ orderId: o.id, version: o.version + 5 }] }))).message).toBe(STALE);
    const carrierNo = await t.refused(() => carrier.post('/waybill/generateWaybillFromOrder', { orders: [{ orderId: o.id, version: o.version }] }));
    expect(carrierNo.code).toBe(104); // the carrier role lacks waybillAdd3
    const v = await ok(dispatcher, '/orderInfo/cancelOrder', { id: o.id, version: o.version });
    const voided = await t.refused(() => dispatcher.post('/waybill/generateWaybillFromOrder', { orders: [{ orderId: o.id, version: v.version }] }));
    expect(voided.message).toBe(`${o.orderNo}：订单已作废或已结束，不能生成运单`);
  });

  it('two dispatchers generating from one order at one version: exactly one waybill', async () => {
    const o = await newOrder();
    const body = { orders: [{ orderId: o.id, version: o.version }] };
    const replies = await Promise.all([dispatcher.post('/waybill/generateWaybillFromOrder', body), dispatcher.post('/waybill/generateWaybillFromOrder', body)]);
    expect(replies.map((r) => r.code).sort()).toEqual([0, 1]);
    expect((await rowOf(t.db, 'SELECT count(*) AS n FROM waybill_orders WHERE order_id = ?', o.id)).n).toBe(1);
  });
});

describe('saveOrEdit, numbers and the edit form', () => {
  it('adds a waybill by hand with its route and goods, numbered; the number is then taken', async () => {
    const next = (await ok(dispatcher, '/waybill/getWaybillNo')).waybillNo;
    const r = await ok(dispatcher, '/waybill/saveOrEdit', await handBody());
    expect(r.waybillNo).toBe(next);
    expect(await ok(dispatcher, `/waybill/waybillNo/repeat?waybillNo=${r.waybillNo}`)).toBe(true);
    expect(await ok(dispatcher, `/waybill/waybillNo/repeat?waybillNo=${r.waybillNo}&id=${r.id}`)).toBe(false);
    const form = await ok(dispatcher, `/waybill/getWaybillInfoForEdit?id=${r.id}`);
    expect(form.editable).toBe(true);
    expect(form.nodes.map((n: Row) => n.nodeType)).toEqual(['start', 'via', 'end']);
    expect(form.goods.map((g: Row) => [g.goodsName, g.quantity, g.weight])).toEqual([['饲料', 20, 20], ['预混料', 1.25, null]]);
    const taken = await t.refused(async () => dispatcher.post('/waybill/saveOrEdit', await handBody({ waybillNo: r.waybillNo })));
    expect([taken.code, taken.message]).toEqual([100, '运单号：运单号已存在']);
  });

  it.each([
    ['no goods and no orders', { goods: [] }, '货物明细：没有关联订单时请填写货物'],
    ['a route not starting at a start', { nodes: [{ nodeType: 'via', areaId: 1 }, { nodeType: 'end', areaId: 3 }] }, '线路节点：第一个节点必须是起点，且只能有一个起点'],
    ['two ends', { nodes: [{ nodeType: 'start', areaId: 1 }, { nodeType: 'end', areaId: 2 }, { nodeType: 'end', areaId: 3 }] }, '线路节点：最后一个节点必须是终点，且只能有一个终点'],
    ['times going back along the route', { nodes: [{ nodeType: 'start', areaId: 1, requiredArriveTime: 2e12 }, { nodeType: 'end', areaId: 3, requiredArriveTime: 1e12 }] }, '线路节点：要求到达和离开时间须按线路顺序先后排列'],
    ['a place of another corporation', { nodes: [{ nodeType: 'start', areaId: 1 }, { nodeType: 'end', areaId: 999999 }] }, '线路节点：地点不存在或无权访问'],
  ])('refuses %s (code 100 naming the field) and changes nothing', async (_name, change, message) => {
    const r = await t.refused(async () => dispatcher.post('/waybill/saveOrEdit', await handBody(change)));
    expect([r.code, r.message]).toEqual([100, message]);
  });

  it('edits a waybill that has not started at the version read; a stale edit or one after the start is refused', async () => {
    const r = await ok(dispatcher, '/waybill/saveOrEdit', await handBody());
    const edited = await ok(dispatcher, '/waybill/saveOrEdit', { ...await handBody({ waybillName: '改名', goods: [{ goodsName: '玉米', quantity: 8, unit: '吨' }] }), id: r.id, version: 1 });
    expect(edited.version).toBe(2);
    expect((await goodsOf(r.id)).map((g) => [g.goodsName, g.quantity])).toEqual([['玉米', 8]]);
    expect((await t.refused(async () => dispatcher.post('/waybill/saveOrEdit', { ...await handBody(), id: r.id, version: 1 }))).message).toBe(STALE);
    const moving = await insertWaybill(t.db);
    await placeAt(t.db, moving, { status: 400, step: 6 }, carrierId);
    const started = await t.refused(async () => dispatcher.post('/waybill/saveOrEdit', { ...await handBody({ goods: undefined, orders: [] }), id: moving.waybillId, version: 1 }));
    expect(started.message).toBe('运单已开始运输，不能修改');
  });

  it('an edit that takes an order off hands its goods back; one that adds an order claims it', async () => {
    const [a, b] = [await newOrder(), await newOrder()];
    const r = await ok(dispatcher, '/waybill/saveOrEdit', await handBody({ goods: undefined, orders: [{ orderId: a.id, version: a.version }] }));
    expect((await orderRow(a.id)).status).toBe(3);
    await ok(dispatcher, '/waybill/saveOrEdit', { ...await handBody({ goods: undefined, orders: [{ orderId: b.id, version: b.version }] }), id: r.id, version: 1 });
    expect([(await orderRow(a.id)).status, (await orderRow(b.id)).status]).toEqual([2, 3]);
    expect((await ok(dispatcher, `/waybill/getOrderInfoListByWaybillId?id=${r.id}`)).map((o: Row) => o.orderId)).toEqual([b.id]);
    const both = await t.refused(async () => dispatcher.post('/waybill/saveOrEdit', { ...await handBody({ orders: [{ orderId: b.id, version: (await orderRow(b.id)).version }] }), id: r.id, version: 2 }));
    expect(both.message).toBe('货物明细：有关联订单时货物取自订单，不能手工填写');
  });

  it('editing needs waybillUpdate3 (the monitor gets 104)', async () => {
    const r = await ok(dispatcher, '/waybill/saveOrEdit', await handBody());
    expect((await t.refused(async () => monitor.post('/waybill/saveOrEdit', { ...await handBody(), id: r.id, version: 1 }))).code).toBe(104);
  });
});

describe('copyWaybill', () => {
  it('copies the route and goods to a new waybill at 待派车 without the order link, so the order is counted once', async () => {
    const o = await newOrder();
    const src = await ok(dispatcher, '/waybill/generateWaybillFromOrder', { orders: [{ orderId: o.id, version: o.version }] });
    const before = await orderRow(o.id);
    const copy = await ok(dispatcher, '/waybill/copyWaybill', { id: src.id });
    expect(copy.id).not.toBe(src.id);
    const detail = await ok(dispatcher, `/waybill/getWaybillDetailById?id=${copy.id}`);
    expect([detail.status, detail.step]).toEqual([100, 2]);
    expect(detail.orders).toEqual([]);
    expect(detail.goods.map((g: Row) => [g.orderId, g.goodsName, g.quantity])).toEqual([[null, '测试货物', 10], [null, '测试药品', 2.5]]);
    expect(detail.nodes.map((n: Row) => n.areaId)).toEqual([ORDER_BODY.shipperAreaId, ORDER_BODY.receiverAreaId]);
    expect(await orderRow(o.id)).toEqual(before);
  });

  it('another corporation cannot copy it (not found, nothing written)', async () => {
    const f = await insertWaybill(t.db);
    expect((await t.refused(() => admin2.post('/waybill/copyWaybill', { id: f.waybillId }))).message).toBe(NOT_FOUND);
  });
});

describe('waybillHistory/findByPage', () => {
  it('keeps every version, newest first, each the waybill as it then stood', async () => {
    const r = await ok(dispatcher, '/waybill/saveOrEdit', await handBody());
    await ok(dispatcher, '/waybill/saveOrEdit', { ...await handBody({ waybillName: '第二版' }), id: r.id, version: 1 });
    const v = await vehicleOf(t.db, carrierId);
    await ok(dispatcher, '/waybill/assignVehicle', { id: r.id, version: 2, vehicleId: v.id });
    const page = await ok(dispatcher, '/waybillHistory/findByPage', { waybillNo: r.waybillNo });
    expect(page.totalRecords).toBe(3);
    expect(page.data.map((h: Row) => [h.version, h.action, h.statusStr])).toEqual([[3, 'assignVehicle', '待司机接单'], [2, 'update', '待派车'], [1, 'add', '待派车']]);
    expect(page.data[1].waybillName).toBe('第二版');
    expect(page.data[0].vehicleNo).toBe(v.vehicleNo);
    expect(page.data[0].changedAtStr).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await ok(dispatcher, '/waybillHistory/findByPage', { id: r.id, pageSize: 1, curPage: 2 })).data.map((h: Row) => h.version)).toEqual([2]);
    expect((await admin2.post('/waybillHistory/findByPage', { id: r.id })).message).toBe(NOT_FOUND);
  });
});

describe('the smaller reads', () => {
  it('business type with its line, assign-vehicle info, expand panel, detail by number', async () => {
    const o = await newOrder();
    const r = await ok(dispatcher, '/waybill/generateWaybillFromOrder', { orders: [{ orderId: o.id, version: o.version }] });
    expect(await ok(dispatcher, `/waybill/getWaybillBusinessType?id=${r.id}`)).toMatchObject({ businessType: 1, businessGroup: 'finishProduct' });
    const assign = await ok(dispatcher, `/waybill/getWaybillInfoForAssignVehicle?id=${r.id}`);
    expect([assign.assignable, assign.totalQuantity, assign.orders.length]).toEqual([true, 12.5, 1]);
    const expand = await ok(dispatcher, `/waybill/findWaybillExpandById?id=${r.id}`);
    expect(expand).toMatchObject({ orderCount: 1, nodeCount: 2, totalQuantity: 12.5, department: null, transferredFrom: null, awaitingTransfer: false });
    expect((await ok(dispatcher, `/waybill/getDetailByWaybillNo?waybillNo=${r.waybillNo}`)).id).toBe(r.id);
    // The customer reads the waybill carrying its order; a carrier it was not given to does not.
    expect((await customer.get(`/waybill/getDetailByWaybillNo?waybillNo=${r.waybillNo}`)).result.id).toBe(r.id);
    expect((await carrier.get(`/waybill/findGoodsListByWaybillId?id=${r.id}`)).message).toBe(NOT_FOUND);
  });
});

describe('waybillAction: department, delegation, gate checks', () => {
  it('assigns a department (shown in the expand panel) and refuses one of another corporation', async () => {
    const f = await insertWaybill(t.db);
    const orgId = (await rowOf(t.db, 'SELECT id FROM departments WHERE corp_id = 1 ORDER BY id LIMIT 1')).id;
    const r = await ok(dispatcher, '/waybillAction/assignDepartment', { id: f.waybillId, version: 1, orgId });
    expect(r.version).toBe(2);
    expect((await ok(dispatcher, `/waybill/findWaybillExpandById?id=${f.waybillId}`)).department.orgId).toBe(orgId);
    const other = (await rowOf(t.db, 'SELECT id FROM departments WHERE corp_id = 2 ORDER BY id LIMIT 1')).id;
    const refused = await t.refused(() => dispatcher.post('/waybillAction/assignDepartment', { id: f.waybillId, version: 2, orgId: other }));
    expect([refused.code, refused.message]).toEqual([100, '部门：部门不存在或无权访问']);
  });

  it('delegates an undispatched waybill to a carrier, whose user then sees it; not once a vehicle is on it', async () => {
    const f = await insertWaybill(t.db);
    expect((await carrier.get(`/waybill/getWaybillDetailById?id=${f.waybillId}`)).message).toBe(NOT_FOUND);
    await ok(dispatcher, '/waybillAction/delegateWaybill', { id: f.waybillId, version: 1, carrierId });
    expect((await carrier.get(`/waybill/getWaybillDetailById?id=${f.waybillId}`)).code).toBe(1);
    const g = await insertWaybill(t.db);
    await placeAt(t.db, g, { status: 200, step: 3 }, carrierId);
    expect((await t.refused(() => dispatcher.post('/waybillAction/delegateWaybill', { id: g.waybillId, version: 1, carrierId }))).message).toBe('运单当前状态不能委托，请刷新后重试');
  });

  it('records a gate check where the vehicle is, offers it by node, and refuses it elsewhere', async () => {
    const f = await insertWaybill(t.db);
    await placeAt(t.db, f, { status: 400, step: 6 }, carrierId);
    const nodes = await ok(dispatcher, `/waybillAction/getNodeListByAction?id=${f.waybillId}&action=check`);
    expect(nodes.map((n: Row) => [n.id, n.checkTypes.map((c: Row) => c.checkTypeStr)])).toEqual([[f.nodes.start, ['入场检查']]]);
    const noRemark = await t.refused(() => dispatcher.post('/waybillAction/check', { id: f.waybillId, version: 1, checkType: 2, passed: false }));
    expect([noRemark.code, noRemark.message]).toEqual([100, '检查说明：检查不通过时请填写说明']);
    const r = await ok(dispatcher, '/waybillAction/check', { id: f.waybillId, version: 1, checkType: 2, passed: true });
    expect([r.status, r.step, r.version]).toEqual([400, 6, 2]);
    expect((await ok(dispatcher, `/waybill/findWaybillExpandById?id=${f.waybillId}`)).checks.map((c: Row) => [c.checkTypeStr, c.passed])).toEqual([['入场检查', true]]);
    const exit = await t.refused(() => dispatcher.post('/waybillAction/check', { id: f.waybillId, version: 2, checkType: 4, passed: true }));
    expect(exit.message).toBe('运单当前状态不能出场检查，请刷新后重试');
  });

  it('lists the nodes an action may act on, the nodes to leave with the stay so far, and the evaluation setting', async () => {
    const f = await insertWaybill(t.db);
    await placeAt(t.db, f, { status: 400, step: 8 }, carrierId);
    expect((await ok(dispatcher, `/waybillAction/getNodeListByAction?id=${f.waybillId}&action=leaveWaybillNode`)).map((n: Row) => n.id)).toEqual([f.nodes.start]);
    expect(await ok(dispatcher, `/waybillAction/getNodeListByAction?id=${f.waybillId}&action=arriveWaybillNode`)).toEqual([]);
    const leave = await ok(carrier, '/waybillAction/getLeaveNodeInfoList', { id: f.waybillId });
    expect(leave.nodes.map((n: Row) => n.id)).toEqual([f.nodes.start]);
    expect(leave.nodes[0].stayMinutes).toBeGreaterThanOrEqual(59);
    const setting = await ok(dispatcher, `/waybillAction/getEvaluateSetting?id=${f.waybillId}`);
    expect([setting.minScore, setting.maxScore, setting.evaluable]).toEqual([1, 5, false]);
    // The evaluate action checks exactly the bounds the dialog is told.
    const e = await insertWaybill(t.db);
    await placeAt(t.db, e, { status: 500, step: 16 }, carrierId);
    for (const body of [{ score: setting.maxScore + 1 }, { score: setting.minScore - 1 }, { score: setting.maxScore, content: '好'.repeat(setting.contentMaxLength + 1) }]) {
      const r = await t.refused(() => dispatcher.post('/waybillAction/evaluate', { id: e.waybillId, version: 1, ...body }));
      expect([r.code, r.message]).toEqual([100, expect.stringMatching(body.content ? /^评价内容/ : /^评分/)]);
    }
    await ok(dispatcher, '/waybillAction/evaluate', { id: e.waybillId, version: 1, score: setting.maxScore, content: '好'.repeat(setting.contentMaxLength) });
    expect((await carrier.get(`/waybillAction/getNodeListByAction?id=${f.waybillId}&action=check`)).code).toBe(104);
  });
});
