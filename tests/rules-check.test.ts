// Check rules hold a waybill at its check point until the check is answered: a customer's entry check holds
// 开始装货 for that customer's waybill and not for an identical one of another customer; stopping the rule
// releases; an answer is judged by the rule version in force when it is given; a failing required answer
// keeps the waybill held, naming the question; the answers appear in waybill/check/node and the detail; the
// list reads 待入厂检查; bad input is refused naming the field; partners see only their own waybills' checks.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { insertWaybill, placeAt } from './support/waybill-fixture.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
let t: TestApp;
let dispatcher: Caller;
let carrierUser: Caller;
let customerUser: Caller;
let ownCarrier: number;
let otherCarrier: number;
let customers: number[];

const row = async (q: string, ...p: unknown[]) => (await t.db.one<any>(q, p))!;
const versionOf = async (id: number) => (await row('SELECT version FROM waybills WHERE id = ?', id)).version as number;
const stepOf = async (id: number) => (await row('SELECT step FROM waybills WHERE id = ?', id)).step as number;
const ruleVersion = async (id: number) => (await row('SELECT version FROM check_rules WHERE id = ?', id)).version as number;

/** A waybill of the customer standing at `step` (6 arrived at the loading place, 10 at the unloading place, 11 delivered). */
async function waybillAt(customerId: number, step: 6 | 10 | 11, carrierId = ownCarrier) {
  const f = await insertWaybill(t.db, { customerId, carrierId });
  await placeAt(t.db, f, { status: 400, step }, carrierId);
  return f;
}
const act = async (who: Caller, action: string, f: { waybillId: number; nodes: { end: number } }, extra: Record<string, unknown> = {}) =>
  who.post(`/waybillAction/${action}`, { id: f.waybillId, version: await versionOf(f.waybillId), ...extra });

const QUESTIONS = [
  { question: '车厢是否清洁', answerKind: 1, required: true, passAnswer: 1 },
  { question: '预冷温度', answerKind: 2, unit: '℃', required: true, max: -15 },
  { question: '备注', answerKind: 3 },
];
const entryRule = (over: Record<string, unknown> = {}) => ({ ruleName: '测试客户入厂检查', checkType: 1, customerId: customers[0], questions: QUESTIONS, ...over });
const flag = (who: Caller, waybillId: number, answers: unknown, checkType = 1) => who.post('/waybill/check/flag', { waybillId, checkType, answers });
const GOOD = [{ seq: 1, answer: 1 }, { seq: 2, answer: -18 }];

beforeAll(async () => {
  t = await createTestApp();
  [dispatcher, carrierUser, customerUser] = await Promise.all([t.as('dispatcher'), t.as('carrier'), t.as('customer')]);
  ownCarrier = (await row("SELECT partner_id AS id FROM users WHERE user_name = 'carrier'")).id;
  const ownCustomer = (await row("SELECT partner_id AS id FROM users WHERE user_name = 'customer'")).id as number;
  const other = (await row('SELECT id FROM customers WHERE corp_id = 1 AND is_deleted = 0 AND id <> ? ORDER BY id LIMIT 1', ownCustomer)).id as number;
  customers = [ownCustomer, other];
  otherCarrier = (await row(`SELECT c.id FROM carriers c WHERE c.corp_id = 1 AND c.is_deleted = 0 AND c.id <> ?
    AND EXISTS (SELECT 1 FROM vehicles v JOIN drivers d ON d.id = v.driver_id WHERE v.carrier_id = c.id AND v.status = 0 AND v.is_deleted = 0 AND d.status = 0 AND d.is_deleted = 0)
    ORDER BY c.id LIMIT 1`, ownCarrier)).id;
});

describe('an entry check rule', () => {
  let ruleId: number;

  it('holds 开始装货 of its customer\'s waybill until the check passes, and not an identical waybill of another customer', async () => {
    const f = await waybillAt(customers[0], 6);
    const g = await waybillAt(customers[1], 6);
    const saved = await dispatcher.post('/check/rule/update', entryRule());
    expect(saved.code).toBe(1);
    ruleId = saved.result.id;

    const node = (await dispatcher.get(`/waybill/check/node?waybillId=${f.waybillId}`)).result;
    expect(node.pending).toMatchObject({ checkType: 1, checkTypeStr: '入厂检查', checkStatus: 2, checkStatusStr: '待入厂检查', ruleName: '测试客户入厂检查' });
    expect(node.pending.questions.map((q: any) => q.question)).toEqual(['车厢是否清洁', '预冷温度', '备注']);
    const list = await dispatcher.post('/waybill/pageQueryByCondition', { waybillNo: f.waybillNo });
    expect(list.result.data[0]).toMatchObject({ status: 400, checkStatus: 2, statusStr: '待入厂检查' });
    // The list does not offer 开始装货 on the held waybill; 异常结束 stays.
    expect(list.result.data[0].availableActions).not.toContain('startLoad');
    expect(list.result.data[0].availableActions).toContain('abnormalEnd');
    expect((await dispatcher.get(`/waybill/getWaybillDetailById?id=${f.waybillId}`)).result).toMatchObject({ status: 400, checkStatus: 2, statusStr: '待入厂检查' });
    // The same customer's waybill at the unloading place stands at a point no rule in force checks.
    const h = await waybillAt(customers[0], 10);
    expect((await dispatcher.post('/waybill/pageQueryByCondition', { waybillNo: h.waybillNo })).result.data[0]).toMatchObject({ status: 400, checkStatus: null, statusStr: '运输中' });

    const held = await t.refused(() => act(dispatcher, 'startLoad', f));
    expect([held.code, held.message]).toEqual([0, '运单待入厂检查，请先完成入厂检查（检查规则「测试客户入厂检查」）再开始装货']);
    expect(await stepOf(f.waybillId)).toBe(6);
    // The other customer's waybill is outside the rule's scope: nothing pending, loading starts.
    expect((await dispatcher.get(`/waybill/check/node?waybillId=${g.waybillId}`)).result.pending).toBeNull();
    expect((await dispatcher.get(`/check/question?waybillId=${g.waybillId}&checkType=1`)).result).toBeNull();
    expect((await act(dispatcher, 'startLoad', g)).code).toBe(1);

    // A failing required answer is kept but holds the waybill, naming the question.
    const dirty = await flag(dispatcher, f.waybillId, [{ seq: 1, answer: 0 }, { seq: 2, answer: -18 }]);
    expect([dirty.code, dirty.message]).toEqual([0, '入厂检查未通过：第1题「车厢是否清洁」应为是']);
    expect(dirty.result.passed).toBe(false);
    expect((await t.refused(() => act(dispatcher, 'startLoad', f))).code).toBe(0);
    // Answered and passed: loading starts.
    const ok = await flag(dispatcher, f.waybillId, [...GOOD, { seq: 3, answer: '车厢已消毒' }]);
    expect(ok.code).toBe(1);
    expect(ok.result.passed).toBe(true);
    expect((await dispatcher.post('/waybill/pageQueryByCondition', { waybillNo: f.waybillNo })).result.data[0]).toMatchObject({ checkStatus: null, statusStr: '运输中' });
    expect((await act(dispatcher, 'startLoad', f)).code).toBe(1);
    expect(await stepOf(f.waybillId)).toBe(7);

    // The answers on the waybill: both answerings, with the rule's version and each answer judged.
    const answered = (await dispatcher.get(`/waybill/check/node?waybillId=${f.waybillId}`)).result.answered;
    expect(answered.map((a: any) => [a.checkTypeStr, a.passedStr, a.ruleVersion])).toEqual([['入厂检查', '未通过', 1], ['入厂检查', '通过', 1]]);
    expect(answered[1].answers.map((a: any) => [a.question, a.answer, a.passed])).toEqual([['车厢是否清洁', 1, true], ['预冷温度', -18, true], ['备注', '车厢已消毒', true]]);
    expect((await dispatcher.get(`/waybill/getWaybillDetailById?id=${f.waybillId}`)).result.checks).toHaveLength(2);
    // Nothing more to answer once the waybill moved on.
    expect((await t.refused(() => flag(dispatcher, f.waybillId, GOOD))).message).toBe('运单当前不在入厂检查环节，请刷新后重试');
  });

  it('judges an answer by the rule version in force when it is given', async () => {
    const f = await waybillAt(customers[0], 6);
    // Version 2 asks for −20 ℃ or colder: −18 ℃ no longer passes.
    const changed = await dispatcher.post('/check/rule/update', { id: ruleId, version: await ruleVersion(ruleId), questions: [QUESTIONS[0], { ...QUESTIONS[1], max: -20 }] });
    expect(changed.code).toBe(1);
    const warm = await flag(dispatcher, f.waybillId, GOOD);
    expect([warm.code, warm.message]).toEqual([0, '入厂检查未通过：第2题「预冷温度」应为≤ -20 ℃']);
    expect(warm.result.answers[1]).toMatchObject({ answer: -18, passed: false, expected: '≤ -20 ℃' });
    const cold = await flag(dispatcher, f.waybillId, [{ seq: 1, answer: 1 }, { seq: 2, answer: -21 }]);
    expect(cold.code).toBe(1);
    const stored = await t.db.all<any>('SELECT rule_version AS v, passed FROM waybill_checks WHERE waybill_id = ? ORDER BY id', [f.waybillId]);
    expect(stored.map((s) => [s.v, s.passed])).toEqual([[2, 0], [2, 1]]);
  });

  it('releases the waybill once the rule is stopped (check/rule/active)', async () => {
    const f = await waybillAt(customers[0], 6);
    expect((await t.refused(() => act(dispatcher, 'startLoad', f))).code).toBe(0);
    const stopped = await dispatcher.post('/check/rule/active', { id: ruleId, status: 1, version: await ruleVersion(ruleId) });
    expect(stopped.code).toBe(1);
    expect((await dispatcher.get(`/check/rule/detail?ruleId=${ruleId}`)).result).toMatchObject({ status: 1, ruleName: '测试客户入厂检查' });
    expect((await dispatcher.get(`/waybill/check/node?waybillId=${f.waybillId}`)).result.pending).toBeNull();
    expect((await act(dispatcher, 'startLoad', f)).code).toBe(1);
    expect((await dispatcher.post('/check/rule/active', { id: ruleId, status: 0, version: await ruleVersion(ruleId) })).code).toBe(1);
  });
});

describe('unloading and exit checks', () => {
  it('hold 确认交货 and 离开卸货地 of the rule\'s carrier, never 异常结束', async () => {
    const unload = await dispatcher.post('/check/rule/update', { ruleName: '卸货检查', checkType: 2, carrierId: otherCarrier, questions: [{ question: '封签是否完好', answerKind: 1, required: true, passAnswer: 1 }] });
    const exit = await dispatcher.post('/check/rule/update', { ruleName: '出厂检查', checkType: 3, carrierId: otherCarrier, questions: [{ question: '车门是否关闭', answerKind: 1, required: true, passAnswer: 1 }] });
    expect([unload.code, exit.code]).toEqual([1, 1]);
    const f = await waybillAt(customers[1], 10, otherCarrier);
    const goods = (await dispatcher.post('/waybillAction/getGoodsInfoBeforeDelivery', { id: f.waybillId })).result;
    const delivered = (goods.goods ?? goods).map((g: any) => ({ goodsId: g.goodsId ?? g.id, quantity: g.quantity }));
    const held = await t.refused(() => act(dispatcher, 'confirmDelivery', f, { goods: delivered }));
    expect(held.message).toBe('运单待卸货检查，请先完成卸货检查（检查规则「卸货检查」）再确认交货');
    expect((await flag(dispatcher, f.waybillId, [{ seq: 1, answer: 1 }], 2)).code).toBe(1);
    expect((await act(dispatcher, 'confirmDelivery', f, { goods: delivered })).code).toBe(1);
    expect((await dispatcher.get(`/waybill/check/node?waybillId=${f.waybillId}`)).result.checkStatus).toBe(4);
    const leave = await t.refused(() => act(dispatcher, 'leaveWaybillNode', f, { nodeId: f.nodes.end }));
    expect(leave.message).toBe('运单待出厂检查，请先完成出厂检查（检查规则「出厂检查」）再离开卸货地');
    expect((await flag(dispatcher, f.waybillId, [{ seq: 1, answer: 1 }], 3)).code).toBe(1);
    expect((await act(dispatcher, 'leaveWaybillNode', f, { nodeId: f.nodes.end })).code).toBe(1);
    const g = await waybillAt(customers[1], 11, otherCarrier);
    expect((await act(dispatcher, 'abnormalEnd', g, { reason: '车辆故障' })).code).toBe(1);
  });
});

describe('the preview', () => {
  it('counts the waybills that reached the check point and would have been held, as saving then holds them', async () => {
    const candidate = { ruleName: '预览', checkType: 1, customerId: customers[0], questions: [QUESTIONS[0]] };
    const preview = await dispatcher.post('/check/rule/preview', { rule: candidate });
    expect(preview.code).toBe(1);
    // The waybills of this test that reached 待开始装货 through the machine: none (they were placed there);
    // those that reached it by 确认到达 are counted by their customer.
    const reached = await t.db.all<any>(`SELECT DISTINCT e.waybill_id AS id FROM waybill_events e WHERE e.to_step = 6 AND e.from_step <> 6 AND e.to_status = 400`, []);
    expect(preview.result.reached).toBe(reached.length);
    const f = await waybillAt(customers[0], 6);
    await t.db.run("UPDATE waybills SET status = 300, step = 4 WHERE id = ?", [f.waybillId]);
    await t.db.run('UPDATE waybill_nodes SET actual_arrive_time = NULL, arrive_state = NULL WHERE id = ?', [f.nodes.start]);
    expect((await act(dispatcher, 'arriveWaybillNode', f, { nodeId: (f.nodes as any).start })).code).toBe(1);
    const after = (await dispatcher.post('/check/rule/preview', { rule: candidate })).result;
    expect(after.reached).toBe(preview.result.reached + 1);
    expect(after.held).toBe(preview.result.held + 1);
    expect(after.rows.map((r: any) => r.waybillNo)).toContain(f.waybillNo);
    const otherCustomer = (await dispatcher.post('/check/rule/preview', { rule: { ...candidate, customerId: customers[1] } })).result;
    expect(otherCustomer.rows.map((r: any) => r.waybillNo)).not.toContain(f.waybillNo);
    // Saved, the rule holds that very waybill.
    expect((await dispatcher.get(`/waybill/check/node?waybillId=${f.waybillId}`)).result.pending.ruleName).toBe('测试客户入厂检查');
  });
});

describe('input and partners', () => {
  it('refuses bad rules and bad answers naming the field, and changes nothing', async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const r = await t.refused(() => dispatcher.post('/check/rule/update', entryRule({ ruleName: `坏${field}`, ...body })));
      expect(r.code).toBe(100);
      expect(String(r.result?.field).split('.')[0]).toBe(field);
      return r.message;
    };
    expect(await bad({ questions: [] }, 'questions')).toContain('检查问题');
    expect(await bad({ questions: [{ question: '长'.repeat(51), answerKind: 1 }] }, 'questions')).toContain('问题：长度不能超过50');
    expect(await bad({ questions: [{ question: '温度', answerKind: 2, min: 5, max: 1 }] }, 'questions')).toBe('检查问题：第1题：最小值不能大于最大值');
    expect(await bad({ questions: [{ question: '清洁', answerKind: 3, passAnswer: 1 }] }, 'questions')).toBe('检查问题：第1题：只有是/否问题可以设置通过答案');
    expect(await bad({ questions: [{ question: '清洁', answerKind: 1 }, { question: '清洁', answerKind: 1 }] }, 'questions')).toBe('检查问题：第2题：问题重复');
    expect(await bad({ questions: [{ question: '清洁', answerKind: 9 }] }, 'questions')).toContain('答案类型');
    expect(await bad({ checkType: 4 }, 'checkType')).toContain('检查类型');
    expect(await bad({ checkType: '1' }, 'checkType')).toContain('检查类型');
    expect(await bad({ checkType: undefined }, 'checkType')).toContain('检查类型');
    expect(await bad({ priority: -1 }, 'priority')).toContain('优先级');
    expect(await bad({ ruleName: '长'.repeat(51) }, 'ruleName')).toContain('规则名称');
    expect(await bad({ conditions: [{ field: 'speed', operator: 'eq', value: 1 }] }, 'conditions')).toBe('条件：第1条条件：请选择条件字段');
    expect((await t.refused(() => dispatcher.post('/check/rule/update', entryRule({ ruleName: '多字段', color: 'red' })))).code).toBe(100);
    expect((await t.refused(() => dispatcher.post('/check/rule/update', entryRule()))).code).toBe(100);
    const noVersion = await t.refused(() => dispatcher.post('/check/rule/active', { id: 1, status: 1 }));
    expect([noVersion.code, noVersion.result.field]).toEqual([100, 'version']);
    expect((await t.refused(() => dispatcher.post('/check/rule/active', { id: 1, status: 2, version: 1 }))).result.field).toBe('status');
    const script = await dispatcher.post('/check/rule/update', entryRule({ ruleName: '<script>alert(1)</script>', status: 1, questions: [{ question: "'; DROP TABLE waybills; --", answerKind: 3 }] }));
    expect(script.code).toBe(1);
    expect((await dispatcher.get(`/check/rule/detail?ruleId=${script.result.id}`)).result.questionsText).toBe("1. '; DROP TABLE waybills; --（文字，选答）");

    const f = await waybillAt(customers[0], 6);
    const answer = async (answers: unknown, field: string, checkType: unknown = 1) => {
      const r = await t.refused(() => dispatcher.post('/waybill/check/flag', { waybillId: f.waybillId, checkType, answers }));
      expect(r.code).toBe(100);
      expect(String(r.result?.field).split('.')[0]).toBe(field);
      return r.message;
    };
    expect(await answer([{ seq: 1, answer: 1 }], 'answers')).toBe('答案：第2题「预冷温度」必须回答');
    expect(await answer([{ seq: 1, answer: 2 }, { seq: 2, answer: -20 }], 'answers')).toBe('答案：第1题「车厢是否清洁」请回答是或否');
    expect(await answer([{ seq: 1, answer: 1 }, { seq: 2, answer: '很冷' }], 'answers')).toBe('答案：第2题「预冷温度」请填写数值');
    expect(await answer([...GOOD, { seq: 7, answer: 1 }], 'answers')).toBe('答案：第7题不存在');
    expect(await answer([...GOOD, { seq: 1, answer: 1 }], 'answers')).toBe('答案：第1题重复回答');
    expect(await answer([...GOOD, { seq: 3, answer: 'x'.repeat(201) }], 'answers')).toContain('答案');
    expect(await answer([{ seq: -1, answer: 1 }], 'answers')).toContain('题号');
    expect(await answer([{ seq: 1, answer: 1, color: 1 }], 'answers')).toContain('不是可以填写的项目');
    expect(await answer([], 'answers')).toContain('答案');
    expect(await answer('1', 'answers')).toContain('答案');
    expect(await answer(GOOD, 'checkType', 9)).toContain('检查类型');
    const noWaybill = await t.refused(() => dispatcher.post('/waybill/check/flag', { checkType: 1, answers: GOOD }));
    expect([noWaybill.code, noWaybill.result.field]).toEqual([100, 'waybillId']);
    // Not at that check point: a check answered out of turn is refused.
    expect((await t.refused(() => flag(dispatcher, f.waybillId, GOOD, 2))).message).toBe('运单当前不在卸货检查环节，请刷新后重试');
    expect((await t.refused(() => dispatcher.get(`/check/question?waybillId=${f.waybillId}&checkType=5`))).code).toBe(100);
  });

  it('lets a partner read and answer only its own waybills\' checks, and never change rules', async () => {
    const mine = await waybillAt(customers[0], 6);
    const theirs = await waybillAt(customers[1], 6, otherCarrier);
    expect((await customerUser.get(`/waybill/check/node?waybillId=${mine.waybillId}`)).result.pending.ruleName).toBe('测试客户入厂检查');
    const hidden = await customerUser.get(`/waybill/check/node?waybillId=${theirs.waybillId}`);
    expect([hidden.code, hidden.message]).toEqual([0, '记录不存在或无权访问']);
    expect((await carrierUser.get(`/waybill/check/node?waybillId=${theirs.waybillId}`)).code).toBe(0);
    expect((await carrierUser.get(`/check/question?waybillId=${theirs.waybillId}&checkType=1`)).code).toBe(0);
    const foreign = await t.refused(() => flag(carrierUser, theirs.waybillId, GOOD));
    expect(foreign.code === 0 || foreign.code === 104).toBe(true);
    expect((await t.refused(() => carrierUser.post('/check/rule/update', entryRule({ ruleName: '承运商规则' })))).code).toBe(104);
    expect((await t.refused(() => carrierUser.post('/check/rule/preview', { rule: entryRule() }))).code).toBe(104);
  });
});
