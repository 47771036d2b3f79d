// Prescription rules set the required times a waybill's route does not carry and judge its arrivals and
// leavings against them: a waybill on the rule's line gets the loading deadline at its generation and the
// unloading deadline from its actual leave time, and arriving after it is 晚点 (3) on the timeline and in
// the timeliness report; another line's waybill gets nothing; a time typed on the route wins; a change of
// the rule never re-judges what was recorded, and a moment is judged by the version in force then; the
// preview replays the last 30 days as saving the rule then does.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { placeAt } from './support/waybill-fixture.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;
const MIN = 60_000;
const HOUR = 60 * MIN;
let t: TestApp;
let dispatcher: Caller;
let carrierUser: Caller;
let carrierId: number;
/** Two places in one city (the rule's line) and a place in another city. */
let line: { from: number; to: number; city: string };
let elsewhere: number;

const row = async (q: string, ...p: unknown[]) => (await t.db.one<Row>(q, p))!;
const ok = async (who: Caller, path: string, body?: unknown) => {
  const r = body === undefined ? await who.get(path) : await who.post(path, body);
  expect(r.code, r.message).toBe(1);
  return r.result;
};
const nodesOf = (id: number) => t.db.all<Row>(`SELECT id, node_type AS "nodeType", required_arrive_time AS "requiredArriveTime", required_leave_time AS "requiredLeaveTime",
  arrive_state AS "arriveState", leave_state AS "leaveState" FROM waybill_nodes WHERE waybill_id = ? ORDER BY seq`, [id]);
const versionOf = async (id: number) => (await row('SELECT version FROM waybills WHERE id = ?', id)).version as number;

/** A hand waybill from `start` to the line's end, generated `ago` ms back (its creation and the times the rule gave it moved back alike), ready to start (300/4). */
async function waybill(start: number, ago: number, endArrive?: number) {
  const r = await ok(dispatcher, '/waybill/saveOrEdit', {
    businessType: 1, waybillName: '时效测试',
    nodes: [{ nodeType: 'start', areaId: start }, { nodeType: 'end', areaId: line.to, ...(endArrive ? { requiredArriveTime: endArrive } : {}) }],
    goods: [{ goodsName: '冻肉', quantity: 10, unit: '吨' }],
  });
  await t.db.run('UPDATE waybills SET created_at = created_at - ? WHERE id = ?', [ago, r.id]);
  await t.db.run('UPDATE waybill_nodes SET required_arrive_time = required_arrive_time - ? WHERE waybill_id = ? AND arrive_by_rule IS NOT NULL', [ago, r.id]);
  await t.db.run('UPDATE waybill_nodes SET required_leave_time = required_leave_time - ? WHERE waybill_id = ? AND leave_by_rule IS NOT NULL', [ago, r.id]);
  const [s, e] = await nodesOf(r.id);
  await placeAt(t.db, { waybillId: r.id, nodes: { start: s.id, end: e.id } } as never, { status: 300, step: 4 }, carrierId);
  return { id: r.id as number, waybillNo: r.waybillNo as string, start: s.id as number, end: e.id as number };
}
const act = async (action: 'arriveWaybillNode' | 'leaveWaybillNode', w: { id: number; start: number }, nodeId: number, time: number) => {
  // Loading (开始装货, 确认装货) is not this test's subject: a leave from the loading place finds it loaded.
  if (action === 'leaveWaybillNode' && nodeId === w.start) await t.db.run('UPDATE waybills SET step = 8 WHERE id = ?', [w.id]);
  return ok(dispatcher, `/waybillAction/${action}`, { id: w.id, version: await versionOf(w.id), nodeId, time });
};

/** Loading place within 1 h of the generation, 1 h on the road, 30 min to unload, 10 minutes either way is on time. */
const RULE = () => ({ ruleName: '同城冷链时效', originCity: line.city, loadArriveHours: 1, transportHours: 1, unloadDwellHours: 0.5, toleranceMinutes: 10 });
const ruleVersion = async (id: number) => (await row('SELECT version FROM prescription_rules WHERE id = ?', id)).version as number;

beforeAll(async () => {
  t = await createTestApp();
  [dispatcher, carrierUser] = await Promise.all([t.as('dispatcher'), t.as('carrier')]);
  carrierId = (await row("SELECT partner_id AS id FROM users WHERE user_name = 'carrier'")).id;
  const pair = await row(`SELECT a.id AS "from", b.id AS "to", a.city FROM areas a JOIN areas b ON b.corp_id = a.corp_id AND b.city = a.city AND b.id > a.id AND b.is_deleted = 0
    WHERE a.corp_id = 1 AND a.is_deleted = 0 ORDER BY a.id, b.id LIMIT 1`);
  line = { from: pair.from, to: pair.to, city: pair.city };
  elsewhere = (await row('SELECT id FROM areas WHERE corp_id = 1 AND is_deleted = 0 AND city <> ? ORDER BY id LIMIT 1', line.city)).id;
});

describe('prescription rules set and judge the required times', () => {
  let ruleId: number;
  let late: { id: number; waybillNo: string };

  it('gives a waybill on its line the loading deadline, the unloading one from the leave time, and judges a late arrival 晚点', async () => {
    ruleId = (await ok(dispatcher, '/prescriptionRule/save', RULE())).id;
    const now = Date.now();
    // In force for the last 5 hours, over the whole trip replayed below.
    await t.db.run('UPDATE rule_versions SET valid_since = ? WHERE rule_type = ? AND rule_id = ?', [now - 5 * HOUR, 'prescription', ruleId]);
    const w = await waybill(line.from, 3 * HOUR);
    const created = (await row('SELECT created_at AS c FROM waybills WHERE id = ?', w.id)).c as number;
    const [start, end] = await nodesOf(w.id);
    expect(start.requiredArriveTime).toBe(created + HOUR);
    // Nothing to derive the unloading place's times from but the loading deadline: 1 h later, unloaded 30 min after.
    expect([end.requiredArriveTime, end.requiredLeaveTime]).toEqual([created + 2 * HOUR, created + 150 * MIN]);

    // Reached 5 minutes after the deadline (within the tolerance: on time); left 20 minutes later.
    await act('arriveWaybillNode', w, w.start, created + 65 * MIN);
    await act('leaveWaybillNode', w, w.start, created + 85 * MIN);
    // The unloading deadline now runs from the actual leave time.
    expect((await nodesOf(w.id))[1].requiredArriveTime).toBe(created + 145 * MIN);
    await act('arriveWaybillNode', w, w.end, now - 10 * MIN);
    const nodes = await nodesOf(w.id);
    expect(nodes.map((n) => n.arriveState)).toEqual([1, 3]);

    const detail = await ok(dispatcher, `/waybill/getWaybillDetailById?id=${w.id}`);
    expect(detail.nodes[1]).toMatchObject({ arriveStateStr: '晚点', nodeStatus: 3, requiredArriveTimeStr: expect.stringMatching(/^\d{4}-/) });
    expect(detail.nodes[1].arriveActualTimeDiffStr).toMatch(/^晚点/);
    expect([detail.timelinessStatusStr, detail.transportStatusStr]).toEqual(['晚点', '超时']);
    late = w;
  });

  it('the timeliness report shows the rule\'s required time and the statuses', async () => {
    const r = await ok(dispatcher, '/report/waybill-timeliness/query', { waybillNo: late.waybillNo });
    expect(r.totalRecords).toBe(1);
    const end = (await nodesOf(late.id))[1];
    expect(r.data[0]).toMatchObject({ requiredArriveTime: end.requiredArriveTime, arriveState: 3, timelinessStatus: 30, transportStatus: 80 });
  });

  it('gives another line\'s waybill nothing', async () => {
    const w = await waybill(elsewhere, HOUR);
    expect((await nodesOf(w.id)).map((n) => [n.requiredArriveTime, n.requiredLeaveTime])).toEqual([[null, null], [null, null]]);
    await act('arriveWaybillNode', w, w.start, Date.now() - 30 * MIN);
    expect((await nodesOf(w.id))[0].arriveState).toBe(null);
    expect((await ok(dispatcher, `/waybill/getWaybillDetailById?id=${w.id}`)).timelinessStatusStr).toBe('未知');
  });

  it('keeps a required time typed on the route', async () => {
    const typed = Date.now() + 5 * HOUR;
    const w = await waybill(line.from, 0, typed);
    const [start, end] = await nodesOf(w.id);
    expect(start.requiredArriveTime).not.toBe(null);
    expect(end.requiredArriveTime).toBe(typed);
    await act('arriveWaybillNode', w, w.start, Date.now());
    await act('leaveWaybillNode', w, w.start, Date.now());
    expect((await nodesOf(w.id))[1].requiredArriveTime).toBe(typed);
    // The edit form offers only the typed times, so saving it unchanged keeps the rule's as the rule's.
    const form = await ok(dispatcher, `/waybill/getWaybillInfoForEdit?id=${w.id}`);
    expect(form.nodes.map((n: Row) => n.requiredArriveTime)).toEqual([null, typed]);
  });

  it('never re-judges a recorded arrival when the rule changes; a moment is judged by the version in force then', async () => {
    const changed = await dispatcher.post('/prescriptionRule/update', { id: ruleId, version: await ruleVersion(ruleId), transportHours: 10 });
    expect(changed.code).toBe(1);
    expect((await nodesOf(late.id))[1].arriveState).toBe(3);
    expect((await ok(dispatcher, '/report/waybill-timeliness/query', { waybillNo: late.waybillNo })).data[0].arriveState).toBe(3);

    // Version 1 (1 h on the road) held until 40 minutes ago, version 2 (10 h) since.
    const now = Date.now();
    await t.db.run('UPDATE rule_versions SET valid_since = ?, valid_until = ? WHERE rule_type = ? AND rule_id = ? AND version = 1', [now - 5 * HOUR, now - 40 * MIN, 'prescription', ruleId]);
    await t.db.run('UPDATE rule_versions SET valid_since = ? WHERE rule_type = ? AND rule_id = ? AND version = 2', [now - 40 * MIN, 'prescription', ruleId]);
    const w = await waybill(line.from, 0);
    await act('arriveWaybillNode', w, w.start, now - 50 * MIN);
    // Left 45 minutes ago, under version 1: due 1 h later; left now, under version 2, it would be 10 h.
    await act('leaveWaybillNode', w, w.start, now - 45 * MIN);
    expect((await nodesOf(w.id))[1].requiredArriveTime).toBe(now - 45 * MIN + HOUR);
  });
});

describe('the preview', () => {
  it('replays the last 30 days as saving the rule then does', async () => {
    const candidate = { ruleName: '预览时效', originCity: line.city, loadArriveHours: 1, transportHours: 1, unloadDwellHours: 0.5, toleranceMinutes: 10 };
    const before = await ok(dispatcher, '/prescriptionRule/preview', { rule: candidate });
    expect(before.judged).toBeGreaterThanOrEqual(1);
    expect(before.summary.map((s: Row) => s.label)).toContain('到达（按此规则）');
    expect(before.rows.some((r: Row) => r.wouldArriveState === '晚点')).toBe(true);
    // The waybill judged live by the same figures: its rows say now what they would be.
    const lateRows = before.rows.filter((r: Row) => r.node.startsWith('卸货地') && r.arriveState === '晚点');
    expect(lateRows.length).toBeGreaterThanOrEqual(1);
    expect(lateRows.every((r: Row) => r.wouldArriveState === '晚点')).toBe(true);
    // A rule for no waybill of the window judges none.
    const none = await ok(dispatcher, '/prescriptionRule/preview', { rule: { ...candidate, originCity: '不存在市' } });
    expect([none.judged, none.rows.length]).toEqual([0, 0]);
  });
});

describe('input and partners', () => {
  it.each([
    ['no time at all', { ruleName: '无时限' }, 'transportHours'],
    ['both transport time and km a day', { ruleName: '两种运输时限', transportHours: 2, kmPerDay: 500 }, 'kmPerDay'],
    ['both an arrival deadline and a clock time', { ruleName: '两种到达时限', loadArriveHours: 2, loadArriveClock: '08:00' }, 'loadArriveClock'],
    ['a clock time out of range', { ruleName: '坏时刻', loadArriveClock: '25:00' }, 'loadArriveClock'],
    ['a negative tolerance', { ruleName: '负容差', transportHours: 2, toleranceMinutes: -1 }, 'toleranceMinutes'],
    ['a wrong type', { ruleName: '错类型', transportHours: '两小时' }, 'transportHours'],
    ['an unknown field', { ruleName: '多字段', transportHours: 2, color: 'red' }, 'color'],
    ['a too long name', { ruleName: '长'.repeat(51), transportHours: 2 }, 'ruleName'],
    ['an unknown condition field', { ruleName: '坏条件', transportHours: 2, conditions: [{ field: 'speed', operator: 'eq', value: 1 }] }, 'conditions'],
    ['a script-looking name taken', { ruleName: '同城冷链时效', transportHours: 2 }, 'ruleName'],
  ])('refuses %s with code 100, changing nothing', async (_name, body, field) => {
    const r = await t.refused(() => dispatcher.post('/prescriptionRule/save', body));
    expect(r.code).toBe(100);
    expect(JSON.stringify(r)).toContain(field === 'color' ? 'color' : field);
    expect(r.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('the preview refuses bad input too', async () => {
    const r = await t.refused(() => dispatcher.post('/prescriptionRule/preview', { rule: { ruleName: '预览', transportHours: -1 } }));
    expect(r.code).toBe(100);
    const none = await t.refused(() => dispatcher.post('/prescriptionRule/preview', { rule: { ruleName: '预览' } }));
    expect(none.code).toBe(100);
  });

  it('a carrier user may neither write nor preview rules, and reads only its own waybills\' timelines', async () => {
    expect((await t.refused(() => carrierUser.post('/prescriptionRule/save', { ruleName: '承运商时效', transportHours: 2 }))).code).toBe(104);
    expect((await t.refused(() => carrierUser.post('/prescriptionRule/preview', { rule: { ruleName: '承运商时效', transportHours: 2 } }))).code).toBe(104);
    const mine = await waybill(line.from, 0);
    expect((await ok(carrierUser, `/waybill/getWaybillDetailById?id=${mine.id}`)).nodes[0].requiredArriveTimeStr).toMatch(/^\d{4}-/);
    await t.db.run('UPDATE waybills SET carrier_id = NULL, vehicle_id = NULL, driver_id = NULL WHERE id = ?', [mine.id]);
    expect((await carrierUser.get(`/waybill/getWaybillDetailById?id=${mine.id}`)).code).not.toBe(1);
  });
});
