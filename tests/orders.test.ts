// Order endpoints (spec section 7, "Orders"): save with number generation and the uniqueness check,
// edits at a version with a saved history, list / count / status tabs, details, and scoping by
// corporation and customer. Splits, vehicles and order actions: tests/orders-flow.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Reply, type TestApp } from './support/test-app.ts';
import { ORDER_BODY } from './support/order-fixtures.ts';
import { dayOf } from '../server/domain/workflow/numbering.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;
const NOT_FOUND = '记录不存在或无权访问';
const STALE = '数据已被他人修改，请刷新后重试';

const t: TestApp = await createTestApp();
let dispatcher: Caller;
const one = async <T = Row>(sql: string, ...params: unknown[]) => (await t.db.one<T>(sql, params)) as T;
const all = <T = Row>(sql: string, ...params: unknown[]) => t.db.all<T>(sql, params);

async function created(caller: Caller, body: Row = ORDER_BODY) {
  const r = await caller.post('/orderInfo/save', body);
  expect(r.code, r.message).toBe(1);
  return r.result as { id: number; orderNo: string; version: number };
}

const refused = (write: () => Promise<Reply>) => t.refused(write);
const corp2Area = (await one<{ id: number }>('SELECT id FROM areas WHERE corp_id = 2 LIMIT 1')).id;
const corp2Customer = (await one<{ id: number }>('SELECT id FROM customers WHERE corp_id = 2 LIMIT 1')).id;

beforeAll(async () => {
  dispatcher = await t.as('dispatcher');
});

describe('orderInfo/save: a new order', () => {
  it('numbers it DD<day><sequence>, starts it at 待调度 / task 待调度 and keeps version 1 in the history', async () => {
    const a = await created(dispatcher);
    const b = await created(dispatcher);
    expect(a.orderNo).toMatch(new RegExp(`^DD${dayOf(Date.now())}\\d{6}$`));
    expect(Number(b.orderNo.slice(-6))).toBe(Number(a.orderNo.slice(-6)) + 1);
    expect(await one('SELECT status, task_status AS taskStatus, splittable, version FROM orders WHERE id = ?', a.id)).toEqual({ status: 2, taskStatus: 1, splittable: 1, version: 1 });
    const h = await one('SELECT version, snapshot FROM order_history WHERE order_id = ?', a.id);
    expect(h.version).toBe(1);
    const snap = JSON.parse(h.snapshot);
    expect(snap).toMatchObject({ orderNo: a.orderNo, customerId: 1, status: 2, totalQuantity: 12.5 });
    expect(snap.goods.map((g: Row) => [g.goodsName, g.quantity, g.unit])).toEqual([['测试货物', 10, '件'], ['测试药品', 2.5, '箱']]);
  });

  it('takes a given number once; orderNo/repeat says whether a number is taken', async () => {
    const a = await created(dispatcher, { ...ORDER_BODY, orderNo: 'HAND-001' });
    expect(a.orderNo).toBe('HAND-001');
    expect((await dispatcher.post('/orderInfo/orderNo/repeat', { orderNo: 'HAND-001' })).result).toBe(true);
    expect((await dispatcher.post('/orderInfo/orderNo/repeat', { orderNo: 'HAND-001', id: a.id })).result).toBe(false);
    expect((await dispatcher.post('/orderInfo/orderNo/repeat', { orderNo: 'HAND-002' })).result).toBe(false);
    const r = await refused(() => dispatcher.post('/orderInfo/save', { ...ORDER_BODY, orderNo: 'HAND-001' }));
    expect([r.code, r.message, r.result.field]).toEqual([100, '订单号：订单号已存在', 'orderNo']);
  });

  it.each([
    ['a quantity with four decimals', { goods: [{ goodsName: '货', quantity: 1.2345, unit: '吨' }] }, 'goods.0.quantity', '数量'],
    ['a zero quantity', { goods: [{ goodsName: '货', quantity: 0, unit: '吨' }] }, 'goods.0.quantity', '数量'],
    ['no goods', { goods: [] }, 'goods', '货物明细'],
    ['201 goods lines', { goods: Array.from({ length: 201 }, () => ({ goodsName: '货', quantity: 1, unit: '件' })) }, 'goods', '货物明细'],
    ['business type 20', { businessType: 20 }, 'businessType', '业务类型'],
    ['the same place twice', { receiverAreaId: 1 }, 'receiverAreaId', '收货地不能与发货地相同'],
    ['an area of corporation 2', { shipperAreaId: corp2Area }, 'shipperAreaId', '发货地不存在'],
    ['a customer of corporation 2', { customerId: corp2Customer }, 'customerId', '客户不存在'],
    ['arrival before loading', { requiredLoadTime: 2_000_000, requiredArriveTime: 1_000_000 }, 'requiredArriveTime', '要求到达时间'],
  ])('refuses %s with code 100 naming the field', async (_name, change, field, text) => {
    const r = await refused(() => dispatcher.post('/orderInfo/save', { ...ORDER_BODY, ...change }));
    expect([r.code, r.result.field]).toEqual([100, field]);
    expect(r.message).toContain(text);
  });

  it('stores SQL- and script-looking remarks verbatim', async () => {
    for (const remark of ["'; DROP TABLE orders; --", '<script>alert(1)</script>']) {
      const a = await created(dispatcher, { ...ORDER_BODY, remark });
      expect((await dispatcher.get(`/orderInfo/details?id=${a.id}`)).result.remark).toBe(remark);
    }
  });
});

describe('orderInfo/save: an edit', () => {
  it('needs the version read; replaces goods by line id; writes history version 2', async () => {
    const a = await created(dispatcher);
    const [g1] = await all<{ id: number }>('SELECT id FROM order_goods WHERE order_id = ? ORDER BY id', a.id);
    const edit = { ...ORDER_BODY, id: a.id, version: 1, remark: '改', goods: [{ id: g1.id, goodsName: '改名货物', quantity: 8, unit: '件' }, { goodsName: '新货', quantity: 1, unit: '包' }] };
    const r = await dispatcher.post('/orderInfo/save', edit);
    expect([r.code, r.result.version, r.result.orderNo]).toEqual([1, 2, a.orderNo]);
    const goods = await all('SELECT id, goods_name AS n, quantity AS q FROM order_goods WHERE order_id = ? ORDER BY id', a.id);
    expect(goods).toEqual([{ id: g1.id, n: '改名货物', q: 8 }, { id: expect.any(Number), n: '新货', q: 1 }]);
    expect(await all('SELECT version FROM order_history WHERE order_id = ? ORDER BY version', a.id)).toEqual([{ version: 1 }, { version: 2 }]);

    const stale = await refused(() => dispatcher.post('/orderInfo/save', edit));
    expect([stale.code, stale.message]).toEqual([0, STALE]);
  });

  it('refuses a new number, a foreign goods line, and a voided order', async () => {
    const a = await created(dispatcher);
    let r = await refused(() => dispatcher.post('/orderInfo/save', { ...ORDER_BODY, id: a.id, version: 1, orderNo: 'OTHER-1' }));
    expect([r.code, r.result.field]).toEqual([100, 'orderNo']);
    r = await refused(() => dispatcher.post('/orderInfo/save', { ...ORDER_BODY, id: a.id, version: 1, goods: [{ id: 1, goodsName: '别人的', quantity: 1, unit: '件' }] }));
    expect([r.code, r.result.field]).toEqual([100, 'goods']);
    expect((await dispatcher.post('/orderInfo/cancelOrder', { id: a.id, version: 1 })).code).toBe(1);
    r = await refused(() => dispatcher.post('/orderInfo/save', { ...ORDER_BODY, id: a.id, version: 2 }));
    expect([r.code, r.message]).toEqual([0, '订单已作废，不能修改']);
  });
});

describe('orderInfo/list, count and details', () => {
  let mine: { id: number; orderNo: string };
  beforeAll(async () => {
    mine = await created(dispatcher, { ...ORDER_BODY, orderNo: 'LIST-ME-1', customerId: 2, businessType: 9 });
  });

  it('lists with names, labels, times and goods totals, filtered by number like', async () => {
    const r = await dispatcher.post('/orderInfo/list', { orderNo: 'LIST-ME' });
    expect(r.result.totalRecords).toBe(1);
    expect(r.result.data[0]).toMatchObject({
      id: mine.id, orderNo: 'LIST-ME-1', customerName: expect.any(String), shipperAreaName: expect.any(String), receiverAreaName: expect.any(String),
      status: 2, statusStr: '待调度', taskStatus: 1, taskStatusStr: '待调度', businessTypeStr: '大华农发货',
      totalQuantity: 12.5, totalWeight: 1.2, totalVolume: 0, goodsLineCount: 2, createdAtStr: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
  });

  it('filters by customer, status, business type and creation time, sorts and pages', async () => {
    const total = (body: Row) => dispatcher.post('/orderInfo/list', body).then((r) => r.result.totalRecords);
    const live = (await one<{ n: number }>('SELECT count(*) AS n FROM orders WHERE corp_id = 1 AND is_deleted = 0')).n;
    expect(await total({})).toBe(live);
    expect(await total({ customerId: 2 })).toBe(1);
    expect(await total({ businessType: [9, 13] })).toBe(1);
    expect(await total({ status: [-3] })).toBe((await one<{ n: number }>('SELECT count(*) AS n FROM orders WHERE status = -3')).n);
    expect(await total({ createdAt: [Date.now() + 60_000] })).toBe(0);
    const page = await dispatcher.post('/orderInfo/list', { sorts: [{ field: 'orderNo', order: 'asc' }], curPage: 2, pageSize: 2 });
    const sorted = (await all<{ n: string }>('SELECT order_no AS n FROM orders WHERE corp_id = 1 AND is_deleted = 0 ORDER BY order_no, id')).map((r) => r.n);
    expect(page.result.data.map((r: Row) => r.orderNo)).toEqual(sorted.slice(2, 4));
    expect((await dispatcher.post('/orderInfo/list', { pageSize: 1001 })).code).toBe(100);
  });

  it('counts, and counts per status for the tabs (the status filter left out)', async () => {
    const live = (await one<{ n: number }>('SELECT count(*) AS n FROM orders WHERE corp_id = 1 AND is_deleted = 0')).n;
    expect((await dispatcher.post('/orderInfo/count', {})).result).toBe(live);
    const tabs = (await dispatcher.post('/orderInfo/count', { groupByStatus: true, status: [2] })).result as Row[];
    expect(tabs.reduce((s, r) => s + r.count, 0)).toBe(live);
    expect(tabs.find((r) => r.status === -3)).toMatchObject({ statusStr: '已作废' });
    expect(tabs.find((r) => r.status === 2)?.count).toBe((await one<{ n: number }>('SELECT count(*) AS n FROM orders WHERE corp_id = 1 AND is_deleted = 0 AND status = 2')).n);
  });

  it('gives details with goods, and the goods list', async () => {
    const d = (await dispatcher.get(`/orderInfo/details?id=${mine.id}`)).result;
    expect(d).toMatchObject({ orderNo: 'LIST-ME-1', parts: [], waybills: [], distribution: null, totalQuantity: 12.5 });
    expect(d.goods).toHaveLength(2);
    // The detail adds what is still to split: all of it on an order never split.
    expect(d.goods.map((g: Row) => g.unsplitQuantity)).toEqual(d.goods.map((g: Row) => g.quantity));
    const plain = d.goods.map(({ unsplitQuantity: _, ...g }: Row) => g);
    expect((await dispatcher.get(`/orderInfo/orderGoods/list?orderId=${mine.id}`)).result).toEqual(plain);
    expect((await dispatcher.get('/orderInfo/details?id=999999')).message).toBe(NOT_FOUND);
  });
});

describe('orderInfoHistory', () => {
  it('pages the saved versions newest first and gives the goods of one version', async () => {
    const a = await created(dispatcher);
    await dispatcher.post('/orderInfo/save', { ...ORDER_BODY, id: a.id, version: 1, goods: [{ goodsName: '第二版货物', quantity: 3, unit: '件' }] });
    const page = (await dispatcher.post('/orderInfoHistory/findByPage', { orderNo: a.orderNo })).result;
    expect(page.totalRecords).toBe(2);
    expect(page.data.map((r: Row) => [r.version, r.userName, r.statusStr, r.goodsLineCount])).toEqual([[2, '张调度', '待调度', 1], [1, '张调度', '待调度', 2]]);
    const v1 = (await dispatcher.get(`/orderInfoHistory/orderGoods/list/${a.orderNo}/1`)).result;
    const v2 = (await dispatcher.get(`/orderInfoHistory/orderGoods/list/${a.orderNo}/2`)).result;
    expect(v1.map((g: Row) => g.goodsName)).toEqual(['测试货物', '测试药品']);
    expect(v2.map((g: Row) => g.goodsName)).toEqual(['第二版货物']);
    expect((await dispatcher.get(`/orderInfoHistory/orderGoods/list/${a.orderNo}/3`)).message).toBe(NOT_FOUND);
    expect((await dispatcher.get(`/orderInfoHistory/orderGoods/list/${a.orderNo}/x`)).code).toBe(100);
  });
});

describe('scoping', () => {
  let customer: Caller;
  let admin2: Caller;
  let other: { id: number; orderNo: string };
  let own: { id: number; orderNo: string };
  const customerId = async () => (await one<{ p: number }>("SELECT partner_id AS p FROM users WHERE user_name = 'customer'")).p;
  beforeAll(async () => {
    customer = await t.as('customer');
    admin2 = await t.as('admin2');
    other = await created(dispatcher, { ...ORDER_BODY, customerId: 5 });
    // The customer user names another customer: the order is still its own.
    own = await created(customer, { ...ORDER_BODY, customerId: 5 });
  });

  it('pins a customer user\'s order to its customer', async () => {
    expect(await one('SELECT customer_id AS c FROM orders WHERE id = ?', own.id)).toEqual({ c: await customerId() });
  });

  it('shows a customer user only its customer\'s orders', async () => {
    const list = (await customer.post('/orderInfo/list', { pageSize: 1000 })).result;
    const expected = (await all<{ id: number }>('SELECT id FROM orders WHERE corp_id = 1 AND is_deleted = 0 AND customer_id = ?', await customerId())).map((r) => r.id);
    expect(new Set(list.data.map((r: Row) => r.id))).toEqual(new Set(expected));
    expect((await customer.post('/orderInfo/count', {})).result).toBe(expected.length);
    expect((await customer.get(`/orderInfo/details?id=${own.id}`)).code).toBe(1);
  });

  it.each([
    ['details', (c: Caller) => c.get(`/orderInfo/details?id=${other.id}`)],
    ['goods', (c: Caller) => c.get(`/orderInfo/orderGoods/list?orderId=${other.id}`)],
    ['history', (c: Caller) => c.post('/orderInfoHistory/findByPage', { orderNo: other.orderNo })],
    ['history goods', (c: Caller) => c.get(`/orderInfoHistory/orderGoods/list/${other.orderNo}/1`)],
  ])('answers "not found" to another customer\'s user and to corporation 2: %s', async (_name, call) => {
    expect((await call(customer)).message).toBe(NOT_FOUND);
    expect((await call(admin2)).message).toBe(NOT_FOUND);
  });

  it('keeps corporation 1 out of corporation 2\'s lists and writes', async () => {
    expect((await admin2.post('/orderInfo/list', {})).result.totalRecords).toBe(0);
    const r = await refused(() => admin2.post('/orderInfo/save', { ...ORDER_BODY, id: other.id, version: 1 }));
    expect(r.code).toBe(100); // corporation 1's customer and areas do not exist for corporation 2
    const r2 = await refused(() => admin2.post('/orderInfo/splitOrder', { orderId: other.id, version: 1, lines: [{ goodsId: 1, quantity: 1 }] }));
    expect([r2.code, r2.message]).toEqual([0, NOT_FOUND]);
  });

  it('lets no carrier create an order and no customer edit one (104)', async () => {
    const carrier = await t.as('carrier');
    expect((await refused(() => carrier.post('/orderInfo/save', ORDER_BODY))).code).toBe(104);
    expect((await refused(() => customer.post('/orderInfo/save', { ...ORDER_BODY, id: own.id, version: 1 }))).code).toBe(104);
    expect((await carrier.post('/orderInfo/list', {})).code).toBe(104);
  });
});
