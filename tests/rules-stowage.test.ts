// Stowage rules and auto-stowage (智能配载): a run proposes vehicles with orders as the rule in force
// for each order says (its carrier's vehicles of its car models, its limits), never over a vehicle's
// capacity, never touching orders no rule covers; the dispatcher adopts a proposal (→ a 1102 task →
// confirmResult → one waybill) or rejects it (its orders free again); a rule's change applies from
// its moment on; the preview shows what a run does on the same orders; partners see only their part.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Reply, type TestApp } from './support/test-app.ts';
import { shanghaiDateStart } from '../server/resources/time.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;
const HOUR = 3_600_000;
let t: TestApp;
let dispatcher: Caller;
/** A: the demo customer user's customer; B another. C1: the demo carrier user's carrier; C2 another. */
let A: number, B: number, C1: number, C2: number;
/** The car model the rules load onto; V1, V2 (C1's) and W1 (C2's) are its only vehicles, 10 (t) each. */
let M: number, V1: number, V2: number, W1: number;
let areaX: number, areaY: number, areaZ: number;

const row = async (q: string, ...p: unknown[]) => (await t.db.one<any>(q, p))!;
function ok(r: Reply) {
  expect(r.code, r.message).toBe(1);
  return r.result;
}
async function newOrder(customerId: number, weight: number, shipperAreaId = areaX) {
  return ok(await dispatcher.post('/orderInfo/save', {
    customerId, businessType: 1, shipperAreaId, receiverAreaId: areaY, goods: [{ goodsName: '整车货物', quantity: 10, unit: '箱', weight }],
  })).id as number;
}
const stowable = async () => ok(await dispatcher.post('/orderStowageTask/unStowageOrderList', { pageSize: 1000 })).data.map((o: Row) => o.id) as number[];
const proposals = async (by: Caller = dispatcher, body: Row = {}) => ok(await by.post('/orderStowageTask/autoStowageList', { pageSize: 1000, ...body })).data as Row[];
const runNow = async () => ok(await dispatcher.post('/orderStowageTask/autoStowage', {}));
const ofRun = async (runId: number) => (await proposals()).filter((p) => p.runId === runId).sort((a, b) => a.id - b.id);
const orderSets = (ps: Row[]) => ps.map((p) => p.orders.map((o: Row) => o.orderId).sort((a: number, b: number) => a - b)).sort((a, b) => a[0] - b[0]);
async function saveRule(body: Row) {
  return ok(await dispatcher.post('/stowageRule/saveOrUpdate', body)).id as number;
}
async function change(id: number, fields: Row) {
  const { version } = ok(await dispatcher.get(`/stowageRule/detail/${id}`));
  ok(await dispatcher.post('/stowageRule/saveOrUpdate', { id, version, ...fields }));
}
/** Ends every pending proposal, so the next run starts from all orders free. */
async function clearPending() {
  for (const p of await proposals(dispatcher, { status: [2] })) ok(await dispatcher.post('/orderStowageTask/rejectProposal', { id: p.id, version: p.version }));
}
const baseRule = () => ({ ruleName: '甲客户整车', customerId: A, vehicleCarrierId: C1, carModelIds: [M], maxOrders: 2, maxLoadRate: 100 });

beforeAll(async () => {
  t = await createTestApp();
  dispatcher = await t.as('dispatcher');
  A = (await row("SELECT partner_id AS id FROM users WHERE user_name = 'customer'")).id;
  B = (await row('SELECT id FROM customers WHERE corp_id = 1 AND is_deleted = 0 AND id <> ? ORDER BY id LIMIT 1', A)).id;
  C1 = (await row("SELECT partner_id AS id FROM users WHERE user_name = 'carrier'")).id;
  C2 = (await row('SELECT id FROM carriers WHERE corp_id = 1 AND is_deleted = 0 AND status = 0 AND id <> ? ORDER BY id LIMIT 1', C1)).id;
  M = (await row('SELECT id FROM car_models WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 1')).id;
  [areaX, areaY, areaZ] = (await t.db.all<any>('SELECT id FROM areas WHERE corp_id = 1 AND is_deleted = 0 AND customer_id IS NULL ORDER BY id LIMIT 3', [])).map((a) => a.id);
  // Only this file's orders are open, and no other rule acts on them (a demo delegate rule would hand them to its carrier).
  await t.db.run('UPDATE orders SET is_deleted = 1 WHERE corp_id = 1', []);
  await t.db.run("DELETE FROM rule_versions WHERE rule_type IN ('delegate', 'stowage')", []);
  // Three vehicles of the model with drivers in service: two of C1, one of C2; no other vehicle is of the model.
  const fit = await t.db.all<any>(`SELECT v.id FROM vehicles v JOIN drivers d ON d.id = v.driver_id WHERE v.corp_id = 1 AND v.status = 0 AND v.is_deleted = 0
    AND d.status = 0 AND d.is_deleted = 0 ORDER BY v.id LIMIT 3`, []);
  expect(fit.length).toBe(3);
  [V1, V2, W1] = fit.map((v) => v.id);
  await t.db.run('UPDATE vehicles SET car_model_id = NULL WHERE car_model_id = ?', [M]);
  for (const [id, carrier] of [[V1, C1], [V2, C1], [W1, C2]]) {
    await t.db.run('UPDATE vehicles SET car_model_id = ?, carrier_id = ?, load_weight = 10, volume = NULL WHERE id = ?', [M, carrier, id]);
    await t.db.run('UPDATE drivers SET carrier_id = ? WHERE id = (SELECT driver_id FROM vehicles WHERE id = ?)', [carrier, id]);
  }
});

describe('a run proposes what the rule in force says', () => {
  let a6: number, a4: number, a4b: number, a3: number, a12: number, b2: number;
  let runId: number;

  it('without a rule a run proposes nothing and leaves every order free', async () => {
    a6 = await newOrder(A, 6);
    a4 = await newOrder(A, 4);
    a4b = await newOrder(A, 4);
    a3 = await newOrder(A, 3);
    a12 = await newOrder(A, 12);
    b2 = await newOrder(B, 2);
    const r = await runNow();
    expect(r).toMatchObject({ proposals: 0, failed: 0, orders: 0 });
    expect(await stowable()).toEqual(expect.arrayContaining([a6, a4, a4b, a3, a12, b2]));
  });

  it('with a rule for customer A: A\'s orders on C1\'s vehicles within capacity and order limit; B\'s untouched', async () => {
    await saveRule(baseRule());
    const r = await runNow();
    runId = r.runId;
    expect(r).toMatchObject({ proposals: 2, failed: 1, orders: 4 });
    const ps = await ofRun(runId);
    const pending = ps.filter((p) => p.status === 2);
    // First fit decreasing: 6+4 fills one vehicle to 100%, 4+3 the other; the 12 t order fits none.
    expect(orderSets(pending)).toEqual([[a6, a4].sort(), [a4b, a3].sort()].sort((x, y) => x[0] - y[0]));
    expect(pending.map((p) => p.vehicleId).sort()).toEqual([V1, V2].sort());
    for (const p of pending) {
      expect(p.totalWeight).toBeLessThanOrEqual(10);
      expect(p.orderCount).toBeLessThanOrEqual(2);
      expect(p).toMatchObject({ statusStr: '待采纳', carrierId: C1, ruleName: '甲客户整车', canAdopt: true, canReject: true });
    }
    const failed = ps.find((p) => p.status === 5)!;
    expect(failed).toMatchObject({ statusStr: '生成失败', reason: '超出载重', vehicleId: null, canAdopt: false, canReject: false });
    expect(failed.orders.map((o: Row) => o.orderId)).toEqual([a12]);
    // An order is in at most one live proposal: the proposed ones leave the stowable list, the rest stay.
    const free = await stowable();
    for (const id of [a6, a4, a4b, a3]) expect(free).not.toContain(id);
    expect(free).toEqual(expect.arrayContaining([a12, b2]));
  });

  it('a second run does not propose the same orders again, and a task by hand cannot take a proposed order', async () => {
    expect(await runNow()).toMatchObject({ proposals: 0, orders: 0, failed: 1 });
    // The 12 t order failing again replaces its 生成失败 row of the rule: one, not one per run.
    const failures = (await proposals()).filter((p) => p.status === 5 && p.orders.some((o: Row) => o.orderId === a12));
    expect(failures).toHaveLength(1);
    expect(failures[0].runId).not.toBe(runId);
    const r = await t.refused(() => dispatcher.post('/orderStowageTask/save', { orderIds: [a6] }));
    expect(r.message).toMatch(/已在智能配载方案ZP\d+中/);
  });

  it('adopting makes a 1102 task of the proposal, whose confirmed result is ONE waybill; it cannot be adopted twice', async () => {
    const p = (await ofRun(runId)).find((x) => x.orders.some((o: Row) => o.orderId === a6))!;
    const adopted = ok(await dispatcher.post('/orderStowageTask/adoptProposal', { id: p.id, version: p.version }));
    const task = await row('SELECT status, vehicle_id AS "vehicleId" FROM order_stowage_tasks WHERE id = ?', adopted.taskId);
    expect(task).toEqual({ status: 1102, vehicleId: p.vehicleId });
    const after = (await ofRun(runId)).find((x) => x.id === p.id)!;
    expect(after).toMatchObject({ status: 3, statusStr: '已采纳', taskId: adopted.taskId, taskNo: adopted.taskNo, canAdopt: false });
    expect((await t.refused(() => dispatcher.post('/orderStowageTask/adoptProposal', { id: p.id, version: after.version }))).message).toBe('只有待采纳的方案可以采纳或不采纳');
    const confirmed = ok(await dispatcher.post('/orderStowageTask/confirmResult', { id: adopted.taskId, version: adopted.taskVersion }));
    const carried = await t.db.all<any>('SELECT order_id AS "orderId" FROM waybill_orders WHERE waybill_id = ? ORDER BY order_id', [confirmed.waybillId]);
    expect(carried.map((c) => c.orderId)).toEqual([a6, a4].sort((x, y) => x - y));
    expect((await row('SELECT count(DISTINCT waybill_id) AS n FROM waybill_orders WHERE order_id IN (?, ?)', a6, a4)).n).toBe(1);
  });

  it('rejecting frees the proposal\'s orders; a stale or repeated answer is refused', async () => {
    const p = (await ofRun(runId)).find((x) => x.status === 2)!;
    expect((await t.refused(() => dispatcher.post('/orderStowageTask/rejectProposal', { id: p.id, version: p.version + 1 }))).message).toBe('数据已被他人修改，请刷新后重试');
    ok(await dispatcher.post('/orderStowageTask/rejectProposal', { id: p.id, version: p.version }));
    expect((await ofRun(runId)).find((x) => x.id === p.id)).toMatchObject({ status: 4, statusStr: '未采纳', canReject: false });
    expect(await stowable()).toEqual(expect.arrayContaining([a4b, a3]));
    // Free again: the next run proposes them anew; ending that run ends its pending proposals (6 手动结束).
    const again = await runNow();
    expect(orderSets((await ofRun(again.runId)).filter((x) => x.status === 2))).toEqual([[a4b, a3].sort((x, y) => x - y)]);
    const pending = (await ofRun(again.runId)).find((x) => x.status === 2)!;
    expect(ok(await dispatcher.post('/orderStowageTask/endAutoStowage', { id: pending.id, version: pending.version }))).toEqual({ runId: again.runId, ended: 1 });
    expect((await ofRun(again.runId)).filter((x) => x.status !== 5).map((x) => x.statusStr)).toEqual(['手动结束']);
    expect(await stowable()).toEqual(expect.arrayContaining([a4b, a3]));
  });
});

describe('a rule\'s settings change what a run proposes; a change applies from its moment on', () => {
  let id: number;
  let x1: number, x2: number, z1: number;

  beforeAll(async () => {
    await clearPending();
    await t.db.run('UPDATE orders SET is_deleted = 1 WHERE corp_id = 1', []);
    // The first rule out of the way (as if removed before these tests' moment).
    await t.db.run('UPDATE stowage_rules SET is_deleted = 1', []);
    await t.db.run("DELETE FROM rule_versions WHERE rule_type = 'stowage'", []);
    x1 = await newOrder(A, 2, areaX);
    x2 = await newOrder(A, 2, areaX);
    z1 = await newOrder(A, 2, areaZ);
    id = await saveRule({ ...baseRule(), ruleName: '甲客户拼车', maxOrders: 3 });
  });

  it('loading places not required the same: all three on one vehicle; required the same: the other place apart', async () => {
    const any = await runNow();
    expect(orderSets((await ofRun(any.runId)).filter((p) => p.status === 2))).toEqual([[x1, x2, z1]]);
    await clearPending();
    await change(id, { loadingPlace: 1 });
    const same = await runNow();
    expect(orderSets((await ofRun(same.runId)).filter((p) => p.status === 2))).toEqual([[x1, x2], [z1]].sort((a, b) => a[0] - b[0]));
    await clearPending();
  });

  it('every change is a version in force from its moment; the history lists the writes', async () => {
    const versions = await t.db.all<any>("SELECT version, valid_until AS \"until\" FROM rule_versions WHERE rule_type = 'stowage' AND rule_id = ? ORDER BY version", [id]);
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    expect(versions[0].until).not.toBeNull();
    expect(versions[1].until).toBeNull();
    const history = ok(await dispatcher.post('/stowageRule/queryHistoryByPage', { id }));
    expect(history.totalRecords).toBe(2);
    // A stopped rule proposes nothing.
    await change(id, { status: 1 });
    expect(await runNow()).toMatchObject({ proposals: 0, orders: 0 });
    await change(id, { status: 0, loadingPlace: 0 });
  });

  it('the preview over the last 30 days proposes what a run then proposes on the same orders, and writes nothing', async () => {
    const { version } = ok(await dispatcher.get(`/stowageRule/detail/${id}`));
    const rule = { ...baseRule(), ruleName: '甲客户拼车', maxOrders: 2 };
    const before = await t.snapshot();
    const preview = ok(await dispatcher.post('/stowageRule/preview', { id, rule }));
    expect(await t.snapshot()).toEqual(before);
    expect(preview.summary.map((s: Row) => s.label)).toEqual(['预览区间', '适用订单', '配载方案', '平均装载率', '未能配载订单']);
    expect(preview.matched).toBe(3);
    ok(await dispatcher.post('/stowageRule/saveOrUpdate', { id, version, ...rule }));
    const r = await runNow();
    const run = (await ofRun(r.runId)).filter((p) => p.status === 2);
    expect(orderSets(run)).toEqual(orderSets(preview.proposals.filter((p: Row) => !p.reason).map((p: Row) => ({ orders: p.orderIds.map((orderId: number) => ({ orderId })) }))));
    expect(run.map((p) => p.loadRate).sort()).toEqual(preview.proposals.map((p: Row) => p.loadRate).sort());
    await clearPending();
  });

  it('at a rule\'s daily run time the job runner runs once for the slot', async () => {
    await change(id, { autoRun: 1, runTimes: '08:00,14:00' });
    // Tomorrow (the rule is in force from now on): nothing due before 08:00, one run in the 08:00 slot
    // however often the runner sweeps, another at 14:00.
    const day = shanghaiDateStart(new Date(Date.now() + 8 * HOUR).toISOString().slice(0, 10)) + 24 * HOUR;
    expect((await t.jobs.runOnce(day + 7 * HOUR)).autoStowage).toBe(0);
    expect((await t.jobs.runOnce(day + 8 * HOUR + 60_000)).autoStowage).toBe(1);
    expect((await t.jobs.runOnce(day + 8 * HOUR + 120_000)).autoStowage).toBe(0);
    expect((await row('SELECT kind, slot FROM stowage_runs ORDER BY id DESC LIMIT 1'))).toEqual({ kind: 2, slot: `${new Date(day + 8 * HOUR).toISOString().slice(0, 10)} 08:00` });
    expect((await proposals(dispatcher, { status: [2] })).length).toBeGreaterThan(0);
    await clearPending();
    expect((await t.jobs.runOnce(day + 14 * HOUR + 60_000)).autoStowage).toBe(1);
    await clearPending();
  });
});

describe('partners see only their part; only staff run and answer', () => {
  it('a carrier user sees the proposals for its own vehicles only and answers none; a customer user sees none', async () => {
    await saveRule({ ...baseRule(), ruleName: '乙客户整车', customerId: B, vehicleCarrierId: C2 });
    await newOrder(B, 5);
    await runNow();
    const all = await proposals(dispatcher, { status: [2] });
    expect(new Set(all.map((p) => p.carrierId))).toEqual(new Set([C1, C2]));
    // The demo carrier role has no stowage screen; a corporation that grants it one gets it scoped.
    await t.db.run(`INSERT INTO role_operations (corp_id, role_id, operation_id) SELECT DISTINCT ur.corp_id, ur.role_id, 'orderStowage3' FROM user_roles ur
      JOIN users u ON u.id = ur.user_id WHERE u.user_name = 'carrier'`, []);
    const carrier = await t.as('carrier');
    const mine = await proposals(carrier, { status: [2] });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((p) => p.carrierId === C1 && !p.canAdopt)).toBe(true);
    expect((await t.refused(() => carrier.post('/orderStowageTask/adoptProposal', { id: mine[0].id, version: mine[0].version }))).code).toBe(104);
    expect((await t.refused(() => carrier.post('/orderStowageTask/autoStowage', {}))).code).toBe(104);
    const customer = await t.as('customer');
    const r = await customer.post('/orderStowageTask/autoStowageList', {});
    expect(r.code === 104 || (r.code === 1 && r.result.totalRecords === 0)).toBe(true);
  });
});

describe('rule calls: name check, detail, bad input', () => {
  it('checkName answers whether a name is free; detail/{id} names the car models', async () => {
    expect(ok(await dispatcher.get('/stowageRule/checkName?ruleName=' + encodeURIComponent('乙客户整车')))).toBe(false);
    expect(ok(await dispatcher.get('/stowageRule/checkName?ruleName=' + encodeURIComponent('新规则')))).toBe(true);
    const id = (await row("SELECT id FROM stowage_rules WHERE rule_name = '乙客户整车'")).id;
    const d = ok(await dispatcher.get(`/stowageRule/detail/${id}`));
    expect(d.carModelNames).toBe((await row('SELECT model_name AS n FROM car_models WHERE id = ?', M)).n);
    expect((await dispatcher.get('/stowageRule/detail/abc')).code).toBe(100);
  });

  it('refuses bad rules with the field named in Chinese and changes nothing', async () => {
    const cases: [Row, string][] = [
      [{ ...baseRule(), ruleName: '坏1', maxOrders: -1 }, 'maxOrders'],
      [{ ...baseRule(), ruleName: '坏2', maxLoadRate: 0 }, 'maxLoadRate'],
      [{ ...baseRule(), ruleName: '坏3', maxOrders: 'x' }, 'maxOrders'],
      [{ ...baseRule(), ruleName: '坏4', carModelIds: [] }, 'carModelIds'],
      [{ ...baseRule(), ruleName: '坏5', carModelIds: [987654] }, 'carModelIds'],
      [{ ...baseRule(), ruleName: '坏6', autoRun: 1 }, 'runTimes'],
      [{ ...baseRule(), ruleName: '坏7', autoRun: 1, runTimes: '25:00' }, 'runTimes'],
      [{ ...baseRule(), ruleName: '坏8', runTimes: "08:00'; DROP TABLE orders;--" }, 'runTimes'],
      [{ ...baseRule(), ruleName: 'x'.repeat(51) }, 'ruleName'],
      [{ ...baseRule(), ruleName: '坏9', loadingPlace: 3 }, 'loadingPlace'],
      [{ ...baseRule(), ruleName: '坏10', conditions: [{ field: 'nope', operator: 'eq', value: 1 }] }, 'conditions'],
      [{ ...baseRule(), ruleName: '坏11', unknownField: 1 }, 'unknownField'],
      [{ ruleName: '坏12', carModelIds: [M], maxOrders: 2, maxLoadRate: 100 }, 'vehicleCarrierId'],
    ];
    for (const [body, field] of cases) {
      const r = await t.refused(() => dispatcher.post('/stowageRule/saveOrUpdate', body));
      expect(r.code, JSON.stringify(body)).toBe(100);
      expect(r.result?.field ?? r.message, JSON.stringify(body)).toContain(field);
      expect(r.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    for (const body of [{}, { id: 'x', version: 1 }, { id: 1 }, { id: -1, version: 1 }, { id: 1, version: 1, extra: 1 }]) {
      expect((await t.refused(() => dispatcher.post('/orderStowageTask/adoptProposal', body))).code).toBe(100);
      expect((await t.refused(() => dispatcher.post('/orderStowageTask/rejectProposal', body))).code).toBe(100);
    }
    expect((await t.refused(() => dispatcher.post('/orderStowageTask/autoStowageList', { status: [9] }))).code).toBe(100);
    expect((await t.refused(() => dispatcher.post('/orderStowageTask/endAutoStowage', { id: 'x', version: 1 }))).code).toBe(100);
  });
});
