// Departure rules refuse 开始运输 / 离开装货地 while a condition they state does not hold: a warm or open
// reefer may not leave with a customer's goods; the same waybill leaves once the rule is changed or
// stopped; a late confirmation is judged by the rule version in force at the time it gives; checkRule
// answers what the action then does; the preview says which past departures the rule would have refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { insertWaybill, placeAt } from './support/waybill-fixture.ts';
import { ingest } from '../server/tracking/ingest.ts';
import type { TrackPoint } from '../server/tracking/columns.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
const MIN = 60_000;
let t: TestApp;
let dispatcher: Caller;
let carrierUser: Caller;
/** The carrier user's carrier and another one, each with a vehicle, and a customer for each. */
let own: { carrierId: number; customerId: number; vehicleId: number };
let other: { carrierId: number; customerId: number; vehicleId: number };

const row = async (q: string, ...p: unknown[]) => (await t.db.one<any>(q, p))!;

/** A waybill of the haul at `step` (8 待离开装货地: arrived at the loading place an hour ago; 4 待运输). */
async function waybillAt(h: typeof own, step: 8 | 4) {
  const f = await insertWaybill(t.db, { customerId: h.customerId, carrierId: h.carrierId });
  await placeAt(t.db, f, { status: step === 8 ? 400 : 300, step }, h.carrierId);
  return f;
}
const versionOf = async (id: number) => (await row('SELECT version FROM waybills WHERE id = ?', id)).version as number;
const stepOf = async (id: number) => (await row('SELECT step FROM waybills WHERE id = ?', id)).step as number;
const leave = async (who: Caller, f: { waybillId: number; nodes: { start: number } }, time?: number) =>
  who.post('/waybillAction/leaveWaybillNode', { id: f.waybillId, version: await versionOf(f.waybillId), nodeId: f.nodes.start, ...(time ? { time } : {}) });

/** One reading a minute from `from` for n minutes: channel 1 at temp(i), doors as `door(i)`. */
const readings = (from: number, n: number, temp: (i: number) => number, door: (i: number) => boolean = () => false): TrackPoint[] =>
  Array.from({ length: n }, (_, i) => ({ lon: 116.5, lat: 39.9 + i * 0.001, gpsTime: from + i * MIN, speed: 0, direction: 0, odometer: i, status: door(i) ? 1 : 0, t1: temp(i) }));

const WARM = '车厢未预冷至8℃以下，不能离开装货地';
const coldRule = (over: Record<string, unknown> = {}) => ({
  ruleName: '冷藏车离场须预冷', customerId: own.customerId, action: 2,
  conditions: [{ field: 'temperature', operator: 'lte', value: 8 }, { field: 'doorOpen', operator: 'eq', value: 0 }], message: WARM, ...over,
});
const ruleRow = async (id: number) => row('SELECT version, status FROM departure_rules WHERE id = ?', id);

beforeAll(async () => {
  t = await createTestApp();
  [dispatcher, carrierUser] = await Promise.all([t.as('dispatcher'), t.as('carrier')]);
  const ownCarrier = (await row("SELECT partner_id AS id FROM users WHERE user_name = 'carrier'")).id as number;
  const haul = async (carrierId: number, customerOffset: number) => {
    const customerId = (await row('SELECT id FROM customers WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 1 OFFSET ?', customerOffset)).id;
    const probe = await waybillAt({ carrierId, customerId, vehicleId: 0 }, 8);
    const vehicleId = (await row('SELECT vehicle_id AS id FROM waybills WHERE id = ?', probe.waybillId)).id;
    // A reefer with one probe and a door sensor on door channel 1.
    await t.db.run('UPDATE vehicles SET gather_temperature = 1, temperaturectrl = 1, detect_door = 1, open_door_status = 1 WHERE id = ?', [vehicleId]);
    return { carrierId, customerId, vehicleId };
  };
  const otherCarrier = (await row(`SELECT c.id FROM carriers c WHERE c.corp_id = 1 AND c.is_deleted = 0 AND c.id <> ?
    AND EXISTS (SELECT 1 FROM vehicles v JOIN drivers d ON d.id = v.driver_id WHERE v.carrier_id = c.id AND v.status = 0 AND v.is_deleted = 0 AND d.status = 0 AND d.is_deleted = 0)
    ORDER BY c.id LIMIT 1`, ownCarrier)).id;
  own = await haul(ownCarrier, 0);
  other = await haul(otherCarrier, 1);
  // Both reefers with the doors shut for the last 50 minutes: ours at 12 ℃; the other at 12 ℃, then
  // for the last 20 minutes at 5 ℃ (inside the corporation's 2~8 ℃).
  const start = Date.now() - 50 * MIN;
  await ingest(t.db, 1, own.vehicleId, readings(start, 50, () => 12));
  await ingest(t.db, 1, other.vehicleId, readings(start, 50, (i) => (i < 30 ? 12 : 5)));
});

describe('departure rules guard 离开装货地', () => {
  let ruleId: number;

  it('refuses a warm reefer with the rule\'s message, for the rule\'s customer only, and lets it go once the rule changes', async () => {
    const f = await waybillAt(own, 8);
    const g = await waybillAt(other, 8);
    const saved = await dispatcher.post('/departureRule/saveOrUpdateRule', coldRule());
    expect(saved.code).toBe(1);
    ruleId = saved.result.id;

    const check = await dispatcher.post('/departureRule/checkRule', { waybillId: f.waybillId, action: 2 });
    expect(check.result).toMatchObject({ pass: false, ruleName: '冷藏车离场须预冷', message: WARM });
    expect(check.result.unmet).toEqual([{ field: 'temperature', operator: 'lte', value: 8, actual: [12] }]);
    const refused = await t.refused(() => leave(dispatcher, f));
    expect([refused.code, refused.message]).toEqual([0, WARM]);
    expect(await stepOf(f.waybillId)).toBe(8);
    // Another customer's waybill is outside the rule's scope.
    expect((await leave(dispatcher, g)).code).toBe(1);

    // 12 ℃ is allowed once the rule asks for 15 ℃ or colder.
    const changed = await dispatcher.post('/departureRule/saveOrUpdateRule', { id: ruleId, version: (await ruleRow(ruleId)).version,
      conditions: [{ field: 'temperature', operator: 'lte', value: 15 }, { field: 'doorOpen', operator: 'eq', value: 0 }] });
    expect(changed.code).toBe(1);
    expect((await dispatcher.post('/departureRule/checkRule', { waybillId: f.waybillId, action: 2 })).result.pass).toBe(true);
    expect((await leave(dispatcher, f)).code).toBe(1);
    expect(await stepOf(f.waybillId)).toBe(9);
  });

  it('refuses an open door, and nothing once the rule is stopped', async () => {
    const f = await waybillAt(own, 8);
    await ingest(t.db, 1, own.vehicleId, readings(Date.now() - 2 * MIN, 2, () => 12, () => true));
    const open = await t.refused(() => leave(dispatcher, f));
    expect(open.message).toBe(WARM);
    expect(open.result.unmet).toEqual([{ field: 'doorOpen', operator: 'eq', value: 0, actual: 1 }]);
    const stopped = await dispatcher.post('/departureRule/saveOrUpdateRule', { id: ruleId, version: (await ruleRow(ruleId)).version, status: 1 });
    expect(stopped.code).toBe(1);
    expect((await leave(dispatcher, f)).code).toBe(1);
  });

  it('judges a late confirmation by the rule version in force at the time it gives', async () => {
    // The rule was enabled (version 2, 15 ℃) until 10 minutes ago, then stopped (version 3).
    const now = Date.now();
    await t.db.run('UPDATE rule_versions SET valid_since = ?, valid_until = ? WHERE rule_type = ? AND rule_id = ? AND version = 2', [now - 60 * MIN, now - 10 * MIN, 'departure', ruleId]);
    await t.db.run('UPDATE rule_versions SET valid_since = ? WHERE rule_type = ? AND rule_id = ? AND version = 3', [now - 10 * MIN, 'departure', ruleId]);
    const f = await waybillAt(own, 8);
    // 15 minutes ago the doors were shut but version 2 held: left at 12 ℃ then is allowed...
    expect((await dispatcher.post('/departureRule/checkRule', { waybillId: f.waybillId, action: 2, time: now - 15 * MIN })).result.pass).toBe(true);
    // ...while a stricter version 2 (8 ℃) refuses the same moment, and the stopped rule of now does not.
    await t.db.run("UPDATE rule_versions SET record = replace(record, '\"value\":15', '\"value\":8') WHERE rule_type = ? AND rule_id = ? AND version = 2", ['departure', ruleId]);
    expect((await dispatcher.post('/departureRule/checkRule', { waybillId: f.waybillId, action: 2, time: now - 15 * MIN })).result.pass).toBe(false);
    expect((await dispatcher.post('/departureRule/checkRule', { waybillId: f.waybillId, action: 2 })).result.pass).toBe(true);
    const late = await t.refused(() => leave(dispatcher, f, now - 15 * MIN));
    expect(late.message).toBe(WARM);
    expect((await leave(dispatcher, f, now - 5 * MIN)).code).toBe(1);
  });
});

describe('departure rules guard 开始运输 with pre-cooling', () => {
  it('counts the minutes in the waybill\'s range and refuses arriving to load before the reefer was cold long enough', async () => {
    // The other reefer has been at 5 ℃ for 20 minutes (beforeAll).
    const f = await waybillAt(other, 4);
    const saved = await dispatcher.post('/departureRule/saveOrUpdateRule', {
      ruleName: '装货前预冷30分钟', carrierId: other.carrierId, action: 1, conditions: [{ field: 'precooledMinutes', operator: 'gte', value: 30 }], message: '车辆预冷不足30分钟，不能开始运输',
    });
    expect(saved.code).toBe(1);
    const check = await dispatcher.post('/departureRule/checkRule', { waybillId: f.waybillId, action: 1 });
    expect(check.result.pass).toBe(false);
    expect(check.result.facts.precooledMinutes).toBeGreaterThanOrEqual(20);
    expect(check.result.facts.precooledMinutes).toBeLessThan(30);
    expect(check.result.facts.loadConfirmed).toBe(0);
    const refused = await t.refused(async () => dispatcher.post('/waybillAction/arriveWaybillNode', { id: f.waybillId, version: await versionOf(f.waybillId), nodeId: f.nodes.start }));
    expect(refused.message).toBe('车辆预冷不足30分钟，不能开始运输');
    // Leaving the loading place is not what this rule guards.
    expect((await dispatcher.post('/departureRule/checkRule', { waybillId: f.waybillId, action: 2 })).result.pass).toBe(true);
    const relaxed = await dispatcher.post('/departureRule/saveOrUpdateRule', { id: saved.result.id, version: 1, conditions: [{ field: 'precooledMinutes', operator: 'gte', value: 15 }] });
    expect(relaxed.code).toBe(1);
    expect((await dispatcher.post('/waybillAction/arriveWaybillNode', { id: f.waybillId, version: await versionOf(f.waybillId), nodeId: f.nodes.start })).code).toBe(1);
    expect(await stepOf(f.waybillId)).toBe(6);
  });
});

describe('conditions on the load', () => {
  it('narrow the waybills a rule covers: a rule for another temperature class lets the waybill go', async () => {
    const f = await waybillAt(own, 4);
    const body = (name: string, temperatureClass: number) => ({
      ruleName: name, action: 3, message: '本温层车辆须预冷', conditions: [{ field: 'temperatureClass', operator: 'eq', value: temperatureClass }, { field: 'precooledMinutes', operator: 'gte', value: 60 }],
    });
    const facts = (await dispatcher.post('/departureRule/checkRule', { waybillId: f.waybillId, action: 1 })).result;
    expect(facts.pass).toBe(true);
    // The facts were read: the pre-cooling rule above guards 开始运输 too (for another carrier).
    const cls = facts.facts.temperatureClass as number;
    expect([1, 2, 3, 4]).toContain(cls);
    const otherClass = await dispatcher.post('/departureRule/saveOrUpdateRule', body('他温层须预冷', cls === 4 ? 3 : 4));
    expect(otherClass.code).toBe(1);
    expect((await dispatcher.post('/departureRule/checkRule', { waybillId: f.waybillId, action: 1 })).result.pass).toBe(true);
    const sameClass = await dispatcher.post('/departureRule/saveOrUpdateRule', body('本温层须预冷', cls));
    expect(sameClass.code).toBe(1);
    const check = (await dispatcher.post('/departureRule/checkRule', { waybillId: f.waybillId, action: 1 })).result;
    expect([check.pass, check.ruleName]).toEqual([false, '本温层须预冷']);
    // Only the condition on the moment is what failed.
    expect(check.unmet.map((c: any) => c.field)).toEqual(['precooledMinutes']);
    // 适用动作 3 guards both actions.
    expect((await dispatcher.post('/departureRule/checkRule', { waybillId: f.waybillId, action: 2 })).result.ruleName).toBe('本温层须预冷');
    for (const r of [otherClass, sameClass]) await dispatcher.post('/departureRule/saveOrUpdateRule', { id: r.result.id, version: 1, status: 1 });
  });
});

describe('the preview', () => {
  it('lists the past departures a rule would have refused, as the check then judges them', async () => {
    // The departures recorded above: one at 12 ℃ with the doors shut (first test), one with a door open,
    // one at 12 ℃ 5 minutes ago. A rule asking for 10 ℃ refuses those at 12 ℃ of its customer.
    const candidate = coldRule({ ruleName: '预览', conditions: [{ field: 'temperature', operator: 'lte', value: 10 }] });
    const preview = await dispatcher.post('/departureRule/preview', { rule: candidate });
    expect(preview.code).toBe(1);
    const left = await t.db.all<any>(`SELECT e.waybill_id AS "waybillId", e.at, e.payload FROM waybill_events e JOIN waybills w ON w.id = e.waybill_id
      WHERE e.action = 'leaveWaybillNode' AND w.vehicle_id = ? ORDER BY e.at`, [own.vehicleId]);
    expect(preview.result.judged).toBe(left.length);
    expect(preview.result.refused).toBe(left.length);
    // Saving the rule: the check of each of those waybills at its departure's time says the same.
    const saved = await dispatcher.post('/departureRule/saveOrUpdateRule', candidate);
    await t.db.run('UPDATE rule_versions SET valid_since = valid_since - ? WHERE rule_type = ? AND rule_id = ?', [120 * MIN, 'departure', saved.result.id]);
    for (const e of left) {
      const time = (e.payload && JSON.parse(e.payload).time) || e.at;
      const c = await dispatcher.post('/departureRule/checkRule', { waybillId: e.waybillId, action: 2, time });
      expect(c.result.pass).toBe(false);
      expect(c.result.ruleName).toBe('预览');
    }
    expect(preview.result.refusals.map((r: any) => r.waybillId)).toEqual(left.map((e) => e.waybillId));
  });
});

describe('input, names and partners', () => {
  it('refuses bad rules naming the field, and changes nothing', async () => {
    const missing = await t.refused(() => dispatcher.post('/departureRule/saveOrUpdateRule', coldRule({ ruleName: '无提示', message: undefined })));
    expect([missing.code, missing.result.field]).toEqual([100, 'message']);
    expect(missing.message).toContain('提示信息');
    const badField = await t.refused(() => dispatcher.post('/departureRule/saveOrUpdateRule', coldRule({ ruleName: '坏条件', conditions: [{ field: 'speed', operator: 'eq', value: 1 }] })));
    expect([badField.code, badField.message]).toEqual([100, '条件：第1条条件：请选择条件字段']);
    const badOp = await t.refused(() => dispatcher.post('/departureRule/saveOrUpdateRule', coldRule({ ruleName: '坏运算符', conditions: [{ field: 'doorOpen', operator: 'gt', value: 0 }] })));
    expect(badOp.message).toBe('条件：第1条条件：车门打开不能使用该运算符');
    const noCondition = await t.refused(() => dispatcher.post('/departureRule/saveOrUpdateRule', coldRule({ ruleName: '无条件', conditions: [] })));
    expect(noCondition.code).toBe(100);
    const loadOnly = await t.refused(() => dispatcher.post('/departureRule/saveOrUpdateRule', coldRule({ ruleName: '只有货品条件', conditions: [{ field: 'weightT', operator: 'gt', value: 1 }] })));
    expect([loadOnly.code, loadOnly.message]).toEqual([100, '发车条件：请至少设置一条车辆温度、车门、预冷或装货的条件']);
    const badAction = await t.refused(() => dispatcher.post('/departureRule/saveOrUpdateRule', coldRule({ ruleName: '坏动作', action: 4 })));
    expect(badAction.code).toBe(100);
    expect(badAction.result.field).toBe('action');
    const unknown = await t.refused(() => dispatcher.post('/departureRule/saveOrUpdateRule', coldRule({ ruleName: '多字段', color: 'red' })));
    expect(unknown.code).toBe(100);
    const negative = await t.refused(() => dispatcher.post('/departureRule/saveOrUpdateRule', coldRule({ ruleName: '负优先级', priority: -1 })));
    expect([negative.code, negative.result.field]).toEqual([100, 'priority']);
    const long = await t.refused(() => dispatcher.post('/departureRule/saveOrUpdateRule', coldRule({ ruleName: '长'.repeat(51) })));
    expect([long.code, long.result.field]).toEqual([100, 'ruleName']);
    const taken = await t.refused(() => dispatcher.post('/departureRule/saveOrUpdateRule', coldRule()));
    expect(taken.code).toBe(100);
    const noVersion = await t.refused(() => dispatcher.post('/departureRule/saveOrUpdateRule', { id: 1, status: 1 }));
    expect([noVersion.code, noVersion.result.field]).toEqual([100, 'version']);
    const future = await t.refused(() => dispatcher.post('/departureRule/checkRule', { waybillId: 1, action: 2, time: Date.now() + 3_600_000 }));
    expect(future.code).toBe(100);
    const script = await dispatcher.post('/departureRule/saveOrUpdateRule', coldRule({ ruleName: '<script>alert(1)</script>', status: 1 }));
    expect(script.code).toBe(1);
    expect((await dispatcher.get(`/departureRule/queryByRuleId?id=${script.result.id}`)).result.ruleName).toBe('<script>alert(1)</script>');
  });

  it('says whether a name is free, leaving out the rule\'s own', async () => {
    const id = (await row("SELECT id FROM departure_rules WHERE rule_name = '冷藏车离场须预冷'")).id;
    expect((await dispatcher.get(`/departureRule/validateRuleName?ruleName=${encodeURIComponent('冷藏车离场须预冷')}`)).result).toBe(false);
    expect((await dispatcher.get(`/departureRule/validateRuleName?ruleName=${encodeURIComponent('冷藏车离场须预冷')}&id=${id}`)).result).toBe(true);
    expect((await dispatcher.get(`/departureRule/validateRuleName?ruleName=${encodeURIComponent('新名称')}`)).result).toBe(true);
    const page = await dispatcher.post('/departureRule/pageQueryDepartureRule', { ruleName: '冷藏车' });
    expect(page.result.data.map((r: any) => r.ruleName)).toEqual(['冷藏车离场须预冷']);
    const history = await dispatcher.post('/departureRule/pageQueryDepartureRuleHistory', { id });
    expect(history.code).toBe(1);
    expect(history.result.totalRecords).toBeGreaterThanOrEqual(3);
  });

  it('lets a carrier ask only about its own waybills, and not change rules', async () => {
    const mine = await waybillAt(own, 8);
    const theirs = await waybillAt(other, 8);
    expect((await carrierUser.post('/departureRule/checkRule', { waybillId: mine.waybillId, action: 2 })).code).toBe(1);
    const hidden = await carrierUser.post('/departureRule/checkRule', { waybillId: theirs.waybillId, action: 2 });
    expect([hidden.code, hidden.message]).toEqual([0, '记录不存在或无权访问']);
    expect((await t.refused(() => carrierUser.post('/departureRule/saveOrUpdateRule', coldRule({ ruleName: '承运商规则' })))).code).toBe(104);
    expect((await t.refused(() => carrierUser.post('/departureRule/preview', { rule: coldRule() }))).code).toBe(104);
  });
});
