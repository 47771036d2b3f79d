// Delegate rules change what creating an order does: a new order a rule covers is delegated to the
// rule's carrier (or the first enabled backup) through the dispatcher's own delegate action, and the
// order's timeline names the rule; the most specific rule in force at the order's creation decides; a
// stopped rule does nothing; the preview over the last 30 days says what saving the rule then does.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { orderRuleAt } from '../server/domain/rules/order-rules.ts';
import { delegateRuleType, type DelegateRuleRecord } from '../server/domain/rules/types/delegate.ts';
import { shanghaiDateStart } from '../server/resources/time.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
const HOUR = 3_600_000;
let t: TestApp;
let dispatcher: Caller;
/** Customer A is the demo customer user's; B another. C1 is the demo carrier user's carrier. */
let A: number, B: number, C1: number, C2: number, C3: number;
let shipperAreaId: number, receiverAreaId: number;
const names = new Map<number, string>();

const row = async (q: string, ...p: unknown[]) => (await t.db.one<any>(q, p))!;
const orderBody = (customerId: number, quantity = 12) => ({
  customerId, businessType: 1, shipperAreaId, receiverAreaId, goods: [{ goodsName: '冻品', quantity, unit: '箱', weight: 1.5 }],
});
async function newOrder(by: Caller, customerId: number, quantity?: number) {
  const r = await by.post('/orderInfo/save', orderBody(customerId, quantity));
  expect(r.code, r.message).toBe(1);
  const o = await row('SELECT status, carrier_id AS "carrierId", version FROM orders WHERE id = ?', r.result.id);
  return { ...r.result, status: o.status as number, carrierId: o.carrierId as number | null, savedVersion: o.version as number };
}
async function saveRule(body: Record<string, unknown>) {
  const r = await dispatcher.post('/delegate/rule/save', body);
  expect(r.code, r.message).toBe(1);
  return r.result.id as number;
}
async function change(id: number, fields: Record<string, unknown>) {
  const { version } = (await dispatcher.get(`/delegate/rule/detail?id=${id}`)).result;
  expect((await dispatcher.post('/delegate/rule/save', { id, version, ...fields })).code).toBe(1);
}
/** As if the rule's versions had been written `ago` ms earlier (an order's creation cannot be moved forward). */
async function backdate(ruleId: number, ago: number) {
  await t.db.run('UPDATE rule_versions SET valid_since = valid_since - ?, valid_until = valid_until - ? WHERE rule_id = ? AND rule_type = ?', [ago, ago, ruleId, 'delegate']);
}

beforeAll(async () => {
  t = await createTestApp();
  dispatcher = await t.as('dispatcher');
  const customer = await row("SELECT partner_id AS id FROM users WHERE user_name = 'customer'");
  const carrier = await row("SELECT partner_id AS id FROM users WHERE user_name = 'carrier'");
  A = customer.id;
  B = (await row('SELECT id FROM customers WHERE corp_id = 1 AND is_deleted = 0 AND id <> ? ORDER BY id LIMIT 1', A)).id;
  C1 = carrier.id;
  const others = await t.db.all<any>('SELECT id FROM carriers WHERE corp_id = 1 AND is_deleted = 0 AND status = 0 AND id <> ? ORDER BY id LIMIT 2', [C1]);
  [C2, C3] = others.map((c) => c.id);
  for (const c of await t.db.all<any>('SELECT id, carrier_name AS "name" FROM carriers WHERE corp_id = 1', [])) names.set(c.id, c.name);
  // Two shared places (a customer user may pick them too).
  const areas = await t.db.all<any>('SELECT id FROM areas WHERE corp_id = 1 AND is_deleted = 0 AND customer_id IS NULL ORDER BY id LIMIT 2', []);
  [shipperAreaId, receiverAreaId] = areas.map((a) => a.id);
});

describe('delegate rules delegate new orders', () => {
  let ruleA: number;

  it('without a rule an order waits for dispatch; with one for its customer it is delegated as it is created', async () => {
    expect(await newOrder(dispatcher, A)).toMatchObject({ status: 2, carrierId: null });
    ruleA = await saveRule({ ruleName: '甲客户整箱', customerId: A, delegateCarrierId: C1, backupCarrierIds: [C3], conditions: [{ field: 'quantity', operator: 'gte', value: 10 }] });

    const order = await newOrder(dispatcher, A);
    expect(order).toMatchObject({ status: 3, carrierId: C1 });
    // The save answers the version after the delegation, so the next edit is not refused as stale.
    expect(order.version).toBe(order.savedVersion);
    const events = (await dispatcher.get(`/orderDetails/findOrderEventById?id=${order.id}`)).result;
    expect(events.find((e: any) => e.action === 'delegate')).toMatchObject({ actionName: '委托', summary: `按委托规则「甲客户整箱」自动委托给 ${names.get(C1)}` });
    // The carrier's users hear of it, as after a dispatcher's delegation.
    expect((await row("SELECT count(*) AS n FROM messages m JOIN users u ON u.id = m.user_id WHERE u.user_name = 'carrier' AND m.kind = 'orderDelegated' AND m.link = ?", `/orderDetail?orderId=${order.id}`)).n).toBe(1);
  });

  it('delegates nothing when the conditions or the scope do not hold', async () => {
    expect(await newOrder(dispatcher, A, 5)).toMatchObject({ status: 2, carrierId: null });
    expect(await newOrder(dispatcher, B)).toMatchObject({ status: 2, carrierId: null });
  });

  it('acts on every way an order is created: a customer user\'s own order, a copy', async () => {
    const own = await newOrder(await t.as('customer'), A);
    expect(own).toMatchObject({ status: 3, carrierId: C1 });
    const copy = await dispatcher.post('/orderInfo/copyOrder', { id: own.id });
    expect(copy.code, copy.message).toBe(1);
    const copied = await row('SELECT status, carrier_id AS "carrierId", version FROM orders WHERE id = ?', copy.result.orders[0].id);
    expect(copied).toMatchObject({ status: 3, carrierId: C1, version: copy.result.orders[0].version });
  });

  it('takes the most specific rule, the first enabled carrier, and nothing from a stopped rule', async () => {
    const wide = await saveRule({ ruleName: '全公司默认', delegateCarrierId: C2 });
    expect(await newOrder(dispatcher, B)).toMatchObject({ status: 3, carrierId: C2 });
    expect(await newOrder(dispatcher, A)).toMatchObject({ carrierId: C1 });
    // The rule's carrier stopped: its backup takes the order.
    await t.db.run('UPDATE carriers SET status = 1 WHERE id = ?', [C1]);
    expect(await newOrder(dispatcher, A)).toMatchObject({ status: 3, carrierId: C3 });
    await t.db.run('UPDATE carriers SET status = 0 WHERE id = ?', [C1]);
    // Customer A's rule stopped: the company-wide one applies; both stopped: nothing happens.
    await change(ruleA, { status: 1 });
    expect(await newOrder(dispatcher, A)).toMatchObject({ carrierId: C2 });
    await change(wide, { status: 1 });
    expect(await newOrder(dispatcher, A)).toMatchObject({ status: 2, carrierId: null });
    await change(ruleA, { status: 0 });
  });

  it('tests what the order gives: the Shanghai hour of its load time, its weight in tonnes, its places', async () => {
    const { province } = await row('SELECT province FROM areas WHERE id = ?', shipperAreaId);
    const rule = await saveRule({ ruleName: '早班重货', customerId: B, originProvince: province, delegateCarrierId: C3, priority: 1, conditions: [
      { field: 'loadHour', operator: 'between', value: [6, 8] }, { field: 'weightT', operator: 'gte', value: 2 }] });
    const at = (hour: number) => shanghaiDateStart('2026-12-01') + hour * HOUR;
    const send = async (hour: number, weight: number) => {
      const r = await dispatcher.post('/orderInfo/save', { ...orderBody(B), requiredLoadTime: at(hour), goods: [{ goodsName: '钢材', quantity: 1, unit: '件', weight }] });
      return (await row('SELECT carrier_id AS "carrierId" FROM orders WHERE id = ?', r.result.id)).carrierId;
    };
    expect(await send(7.5, 2.5)).toBe(C3);
    expect(await send(9, 2.5)).toBeNull();
    expect(await send(7, 1.5)).toBeNull();
    await change(rule, { status: 1 });
  });

  it('judges an order by the rule version in force at its creation', async () => {
    const order = await newOrder(dispatcher, A);
    expect(order.carrierId).toBe(C1);
    await backdate(ruleA, 2 * HOUR);
    await change(ruleA, { delegateCarrierId: C2 });
    const rule = (at: number) => orderRuleAt<DelegateRuleRecord>(t.db, 1, delegateRuleType.key, order.id, at);
    expect((await rule(Date.now() - HOUR))?.delegateCarrierId).toBe(C1);
    expect((await rule(Date.now()))?.delegateCarrierId).toBe(C2);
    // The order keeps what it got; the next order follows the change.
    expect((await row('SELECT carrier_id AS "carrierId" FROM orders WHERE id = ?', order.id)).carrierId).toBe(C1);
    expect(await newOrder(dispatcher, A)).toMatchObject({ carrierId: C2 });
    // find: the rule and carrier an order would go to now.
    expect((await dispatcher.post('/delegate/rule/find', { orderId: order.id })).result).toMatchObject({ ruleName: '甲客户整箱', carrierName: names.get(C2) });
  });
});

describe('preview over the last 30 days', () => {
  it('lists the orders the rule would have delegated, beside what happened, writes nothing, and saving it then does the same', async () => {
    // Customer B's order delegated by hand to C1, for the comparison.
    const byHand = await newOrder(dispatcher, B, 20);
    expect((await dispatcher.post('/orderInfo/delegate', { id: byHand.id, version: byHand.version, carrierId: C1 })).code).toBe(1);
    // One that went to C2 with no delegation recorded (as the demo's generated orders): counted as by hand.
    const direct = await newOrder(dispatcher, B, 30);
    await t.db.run('UPDATE orders SET carrier_id = ? WHERE id = ?', [C2, direct.id]);
    const candidate = { ruleName: '乙客户大单', customerId: B, delegateCarrierId: C3, conditions: [{ field: 'quantity', operator: 'gt', value: 15 }] };
    const before = await t.snapshot();
    const preview = await dispatcher.post('/delegate/rule/preview', { rule: candidate });
    expect(preview.code, preview.message).toBe(1);
    await t.assertUnchanged(before);
    const listed = preview.result.orders.find((o: any) => o.orderId === byHand.id);
    expect(listed).toMatchObject({ carrierName: names.get(C3), actualCarrierName: names.get(C1), differs: true });
    expect(listed.actualBy).toMatch(/^手工：/);
    expect(preview.result.orders.find((o: any) => o.orderId === direct.id)).toMatchObject({ actualCarrierName: names.get(C2), actualBy: '手工', differs: true });
    // B's orders of 12 boxes stay with the rules that had them (quantity not above 15).
    expect(preview.result.orders.every((o: any) => o.customerName === listed.customerName)).toBe(true);
    expect(preview.result).toMatchObject({ matched: preview.result.orders.length, delegated: preview.result.orders.length });
    expect(preview.result.byHandToOther).toBeGreaterThanOrEqual(2);
    // The forms' table says the same in words.
    expect(preview.result.rows.find((r: any) => r.orderNo === byHand.orderNo)).toMatchObject({ carrierName: names.get(C3), actualCarrierName: names.get(C1), differs: '是' });
    expect(preview.result.summary.find((x: any) => x.label === '将自动委托').value).toBe(`${preview.result.matched}单，委托给${names.get(C3)}`);

    // Saved, the rule delegates an identical new order exactly as the preview said.
    await saveRule(candidate);
    expect(await newOrder(dispatcher, B, 20)).toMatchObject({ status: 3, carrierId: C3 });
    expect(await newOrder(dispatcher, B, 12)).toMatchObject({ status: 2, carrierId: null });
  });

  it('a rule testing nothing but the customer takes every order no other rule in force has, as the same rule judged on all the facts', async () => {
    // B's big order goes to 乙客户大单 (saved above); the small one and A's orders the rules leave are the candidate's.
    const big = await newOrder(dispatcher, B, 40);
    const small = await newOrder(dispatcher, B, 12);
    const plain = { ruleName: '兜底委托', delegateCarrierId: C3 };
    // The window ends at the moment of each call: two calls may fall in different seconds, so its texts are left out.
    const preview = async (rule: Record<string, unknown>) => {
      const r = await dispatcher.post('/delegate/rule/preview', { rule });
      expect(r.code, r.message).toBe(1);
      const { fromStr, toStr, summary, ...rest } = r.result;
      expect([fromStr, toStr].every((x) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(x))).toBe(true);
      return { ...rest, summary: summary.filter((x: any) => x.label !== '预览区间') };
    };
    for (const customerId of [undefined, B]) {
      const open = await preview({ ...plain, customerId });
      // The same rule valid from before the window (which changes no choice): judged order by order, on all their facts.
      expect(open).toEqual(await preview({ ...plain, customerId, validFrom: Date.now() - 40 * 24 * HOUR }));
      expect(open.matched).toBeGreaterThan(0);
      if (open.orders.length < open.matched) continue; // the newest orders are past the listed 200
      expect(open.orders.some((o: any) => o.orderId === small.id)).toBe(true);
      expect(open.orders.some((o: any) => o.orderId === big.id)).toBe(false);
    }
  });
});

describe('calls, bad input and scoping', () => {
  it('offers the delegate fields by default and the temperature ones on request', async () => {
    const fields = (await dispatcher.get('/delegate/listConditionDefine')).result;
    expect(fields.map((f: any) => f.title)).toEqual(['客户', '业务类型', '发货省', '发货市', '收货省', '收货市', '货品类别', '重量', '体积', '数量', '要求装货时间(时)']);
    expect(fields.find((f: any) => f.key === 'shipperCity').operators).toContain('contains');
    expect((await dispatcher.get('/delegate/listConditionDefine?ruleType=temperature')).result[0].title).toBe('货品类别');
    expect((await dispatcher.get('/delegate/listOperator')).code).toBe(1);
  });

  it('lists, details, checks names and keeps the history of rules', async () => {
    const list = (await dispatcher.post('/delegate/rule/query', { ruleName: '甲客户' })).result.data;
    expect(list[0]).toMatchObject({ ruleName: '甲客户整箱', delegateCarrierName: names.get(C2), customerName: expect.any(String), backupCarrierNames: names.get(C3) });
    expect((await dispatcher.post('/delegate/rule/unique', { ruleName: '甲客户整箱' })).result).toBe(false);
    expect((await dispatcher.post('/delegate/rule/unique', { ruleName: '甲客户整箱', id: list[0].id })).result).toBe(true);
    expect((await dispatcher.post('/delegate/rule/unique', { ruleName: '新规则' })).result).toBe(true);
    const history = (await dispatcher.post('/delegate/rule/history', { id: list[0].id })).result.data;
    expect(history[0].changes).toContainEqual(expect.objectContaining({ title: '委托承运商', beforeText: names.get(C1), afterText: names.get(C2) }));
    // The backup carriers read by name, not by id, in the history too.
    expect(history.at(-1).changes).toContainEqual(expect.objectContaining({ title: '备选承运商', after: [C3], afterText: names.get(C3) }));
  });

  it('refuses what it cannot keep, naming the field, and changes nothing', async () => {
    const save = (body: Record<string, unknown>) => t.refused(() => dispatcher.post('/delegate/rule/save', body));
    const base = { ruleName: '坏规则', delegateCarrierId: C1 };
    expect((await save({ ruleName: '缺承运商' })).message).toMatch(/^委托承运商/);
    expect((await save({ ...base, delegateCarrierId: 999999 })).message).toBe('委托承运商：所选承运商不存在');
    expect((await save({ ...base, backupCarrierIds: [999999] })).message).toBe('备选承运商：所选承运商不存在');
    expect((await save({ ...base, backupCarrierIds: ['一'] })).code).toBe(100);
    expect((await save({ ...base, ruleName: '甲客户整箱' })).message).toBe('规则名称已存在');
    expect((await save({ ...base, ruleName: 'x'.repeat(51) })).message).toMatch(/^规则名称/);
    expect((await save({ ...base, priority: -1 })).message).toMatch(/^优先级/);
    expect((await save({ ...base, carrierId: C1 })).code).toBe(100);
    expect((await save({ ...base, conditions: [{ field: 'password', operator: 'eq', value: 1 }] })).message).toBe('条件：第1条条件：请选择条件字段');
    expect((await save({ ...base, conditions: [{ field: 'quantity', operator: 'contains', value: '1' }] })).message).toBe('条件：第1条条件：数量不能使用该运算符');
    expect((await save({ ...base, validFrom: 1_800_000_000_000, validTo: 1_700_000_000_000 })).message).toBe('失效日期不能早于生效日期');
    expect((await save({ id: 999999, version: 1, ruleName: '不存在' })).code).not.toBe(1);
    const preview = await t.refused(() => dispatcher.post('/delegate/rule/preview', { rule: { ...base, conditions: [{ field: 'weightT', operator: 'between', value: [5, 1] }] } }));
    expect(preview.message).toBe('条件：第1条条件：重量的下限不能大于上限');
    expect((await t.refused(() => dispatcher.post('/delegate/rule/find', { orderId: 'x' }))).code).toBe(100);
  });

  it('is the staff\'s: customer and carrier users may neither read nor change rules, whatever they send', async () => {
    for (const who of ['customer', 'carrier']) {
      const partner = await t.as(who);
      expect((await partner.post('/delegate/rule/query', {})).code).toBe(104);
      expect((await t.refused(() => partner.post('/delegate/rule/save', { ruleName: '伙伴规则', delegateCarrierId: C1 }))).code).toBe(104);
      expect((await t.refused(() => partner.post('/delegate/rule/preview', { rule: { ruleName: '伙伴规则', delegateCarrierId: C1 } }))).code).toBe(104);
      expect((await partner.post('/delegate/rule/find', { orderId: 1 })).code).toBe(104);
    }
  });
});
