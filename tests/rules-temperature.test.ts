// Temperature rules change what the alarm engine does: a rule for one customer alarms on its waybill and
// not on another's; a point is judged by the rule version in force at its time; the most specific rule
// wins; the preview over past readings says exactly what saving the rule then does to the same readings.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { insertWaybill, placeAt, type WaybillFixture } from './support/waybill-fixture.ts';
import { ingest } from '../server/tracking/ingest.ts';
import { raiseAlarms } from '../server/alarms/raise.ts';
import { settingsOf } from '../server/alarms/settings.ts';
import { readTrack } from '../server/tracking/store/store.ts';
import type { TrackPoint } from '../server/tracking/columns.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
const MIN = 60_000;
let t: TestApp;
let dispatcher: Caller;
interface Haul { f: WaybillFixture; vehicleId: number; customerId: number }
let a: Haul, b: Haul;

const row = async (q: string, ...p: unknown[]) => (await t.db.one<any>(q, p))!;
/** n readings a minute apart from `from`, channel 1 at `temp` (and channel 2 at 3 ℃). */
const readings = (from: number, n: number, temp: number | ((i: number) => number)): TrackPoint[] =>
  Array.from({ length: n }, (_, i) => ({ lon: 116.5, lat: 39.9 + i * 0.001, gpsTime: from + i * MIN, speed: 50, direction: 0, odometer: i, status: 0,
    t1: typeof temp === 'number' ? temp : temp(i), t2: 3 }));
const temperatureAlarms = (h: Haul) =>
  t.db.all<any>('SELECT begin_time AS "beginTime", end_time AS "endTime", peak_value AS "peakValue", alarm_content AS "content" FROM alarms WHERE waybill_id = ? AND last_alarm_type = 101 AND confirmed = 1 ORDER BY begin_time', [h.f.waybillId]);

async function haul(customerOffset: number, carrierOffset: number): Promise<Haul> {
  const customerId = (await row('SELECT id FROM customers WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 1 OFFSET ?', customerOffset)).id;
  const carrierId = (await row(`SELECT c.id FROM carriers c WHERE c.corp_id = 1 AND c.is_deleted = 0
    AND EXISTS (SELECT 1 FROM vehicles v JOIN drivers d ON d.id = v.driver_id WHERE v.carrier_id = c.id AND v.status = 0 AND v.is_deleted = 0 AND d.status = 0 AND d.is_deleted = 0)
    ORDER BY c.id LIMIT 1 OFFSET ?`, carrierOffset)).id;
  const f = await insertWaybill(t.db, { customerId, carrierId });
  await placeAt(t.db, f, { status: 400, step: 10 }, carrierId);
  const vehicleId = (await row('SELECT vehicle_id AS id FROM waybills WHERE id = ?', f.waybillId)).id;
  // Channels 1 and 2 collected; the fixture's trip began an hour ago.
  await t.db.run('UPDATE vehicles SET gather_temperature = 1, temperaturectrl = 3 WHERE id = ?', [vehicleId]);
  return { f, vehicleId, customerId };
}

/**
 * As if the rule had been saved `ago` ms earlier: its versions' times move back by as much. A test cannot
 * wait for points to arrive after a save, and ingestion refuses points from the future.
 */
async function backdate(ruleId: number, ago: number) {
  await t.db.run('UPDATE rule_versions SET valid_since = valid_since - ?, valid_until = valid_until - ? WHERE rule_id = ? AND rule_type = ?', [ago, ago, ruleId, 'temperature']);
}

const ruleBody = (over: Record<string, unknown>) => ({ ruleName: '客户冷藏', tempMin: 2, tempMax: 4, toleranceMinutes: 5, ...over });

beforeAll(async () => {
  t = await createTestApp();
  dispatcher = await t.as('dispatcher');
  // The demo's temperature rules (one names the first customer) are in force from the moment the demo was
  // seeded: points older than that are judged by none of them, newer ones by them, so what these tests'
  // past readings raise would depend on how long ago the test database was seeded. The rules here are the
  // tests' own.
  await t.db.run("DELETE FROM rule_versions WHERE corp_id = 1 AND rule_type = 'temperature'");
  await t.db.run('DELETE FROM temperature_rules WHERE corp_id = 1');
  // Each customer's waybill on its own carrier's vehicle.
  a = await haul(0, 0);
  b = await haul(1, 1);
  expect(a.vehicleId).not.toBe(b.vehicleId);
});

describe('temperature rules drive the alarms', () => {
  it('a rule for one customer alarms on its waybill, not on another customer\'s', async () => {
    const start = Date.now() - 50 * MIN;
    // 6 ℃ is inside the corporation's 2~8: no alarm before any rule.
    for (const h of [a, b]) await ingest(t.db, 1, h.vehicleId, readings(start, 8, 6));
    expect(await temperatureAlarms(a)).toEqual([]);

    const saved = await dispatcher.post('/temperatureRule/save', ruleBody({ ruleName: '甲客户鲜品', customerId: a.customerId, channels: [1] }));
    expect(saved.code).toBe(1);
    await backdate(saved.result.id, 30 * MIN);
    for (const h of [a, b]) await ingest(t.db, 1, h.vehicleId, readings(Date.now() - 9 * MIN, 8, 6));
    const [alarm] = await temperatureAlarms(a);
    expect(alarm.content).toBe('温度6℃，超出2~4℃的范围');
    expect(await temperatureAlarms(b)).toEqual([]);
  });

  it('judges late points by the rule version in force at their time', async () => {
    // Points from before the rule was saved (30 minutes ago), arriving now: the corporation's 2~8 judges them.
    const before = (await temperatureAlarms(a)).length;
    await ingest(t.db, 1, a.vehicleId, readings(Date.now() - 42 * MIN, 8, 6));
    expect(await temperatureAlarms(a)).toHaveLength(before);
  });

  it('takes the most specific rule: a customer\'s over a company-wide one; a stopped rule does nothing', async () => {
    const wide = await dispatcher.post('/temperatureRule/save', ruleBody({ ruleName: '全公司严格', tempMin: 5, tempMax: 5.5, toleranceMinutes: 1 }));
    expect(wide.code).toBe(1);
    expect(await settingsOf(t.db, 1, a.f.waybillId)).toMatchObject({ tempMin: 2, tempMax: 4, temperatureRule: { ruleName: '甲客户鲜品' } });
    expect(await settingsOf(t.db, 1, b.f.waybillId)).toMatchObject({ tempMin: 5, tempMax: 5.5, tempMinMs: MIN, temperatureRule: { ruleName: '全公司严格' } });
    const detail = (await dispatcher.get(`/temperatureRule/findRuleById?id=${wide.result.id}`)).result;
    expect((await dispatcher.post('/temperatureRule/update', { id: wide.result.id, version: detail.version, status: 1 })).code).toBe(1);
    expect(await settingsOf(t.db, 1, b.f.waybillId)).toMatchObject({ tempMin: 2, tempMax: 8, temperatureRule: null });
    // The waybill's own range still wins over every rule.
    await t.db.run('INSERT INTO waybill_temperature_ranges (corp_id, waybill_id, temp_min, temp_max) VALUES (1, ?, ?, ?)', [a.f.waybillId, -18, -12]);
    expect(await settingsOf(t.db, 1, a.f.waybillId)).toMatchObject({ tempMin: -18, tempMax: -12, temperatureRule: null });
    await t.db.run('DELETE FROM waybill_temperature_ranges WHERE waybill_id = ?', [a.f.waybillId]);
  });

  it('keeps every version: the history lists the change, and the versions span time without gaps', async () => {
    const { id } = (await dispatcher.post('/temperatureRule/page', { ruleName: '甲客户鲜品' })).result.data[0];
    const detail = (await dispatcher.get(`/temperatureRule/findRuleById?id=${id}`)).result;
    expect((await dispatcher.post('/temperatureRule/update', { id, version: detail.version, tempMax: 5 })).code).toBe(1);
    const history = (await dispatcher.post('/temperatureRule/findTemperatureHistoryPage', { id })).result.data;
    expect(history[0].changes).toEqual([expect.objectContaining({ title: '温度上限(℃)', before: 4, after: 5 })]);
    const versions = await t.db.all<any>('SELECT version, valid_since AS "since", valid_until AS "until" FROM rule_versions WHERE rule_id = ? AND rule_type = ? ORDER BY valid_since', [id, 'temperature']);
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    expect(versions[0].until).toBe(versions[1].since);
    expect(versions[1].until).toBeNull();
    expect((await dispatcher.post('/temperatureRule/deleteBatch', { ids: [id] })).code).toBe(105);
    expect((await row('SELECT valid_until AS "until" FROM rule_versions WHERE rule_id = ? AND version = 2', id)).until).not.toBeNull();
  });
});

describe('preview over past readings', () => {
  it('lists the alarms the rule would have raised, and saving it then raises exactly those on the same readings', async () => {
    // Customer B's readings of the last 40 minutes: 6 ℃ with a 9 ℃ peak, stored before any rule covers B.
    const from = Date.now() - 40 * MIN;
    const temp = (i: number) => (i >= 10 && i < 20 ? (i === 15 ? 9 : 6) : 3);
    await ingest(t.db, 1, b.vehicleId, readings(from, 30, temp));
    const candidate = ruleBody({ ruleName: '乙客户试行', customerId: b.customerId, toleranceMinutes: 3 });
    const preview = await dispatcher.post('/temperatureRule/preview', { rule: candidate });
    expect(preview.code).toBe(1);
    const listed = preview.result.waybills.find((w: any) => w.waybillId === b.f.waybillId);
    expect(listed.alarms).toContainEqual(expect.objectContaining({ beginTime: from + 10 * MIN, endTime: from + 19 * MIN, durationMinutes: 9, peakValue: 9, content: '温度9℃，超出2~4℃的范围' }));
    expect(preview.result.waybills.some((w: any) => w.waybillId === a.f.waybillId)).toBe(false);
    // Nothing was written by the preview.
    expect((await row("SELECT count(*) AS n FROM temperature_rules WHERE rule_name = '乙客户试行'")).n).toBe(0);

    // A rule marked 停用 is previewed for what it would do once switched on.
    const stopped = await dispatcher.post('/temperatureRule/preview', { rule: { ...candidate, status: 1 } });
    expect(stopped.result.waybills.find((w: any) => w.waybillId === b.f.waybillId)?.alarms).toEqual(listed.alarms);

    // Only another channel watched: nothing to say.
    const channel2 = await dispatcher.post('/temperatureRule/preview', { rule: { ...candidate, channels: [2] } });
    expect(channel2.result.waybills.find((w: any) => w.waybillId === b.f.waybillId)?.alarms ?? []).toEqual([]);

    // Saved, the rule judges the trip's stored readings, replayed now, as the preview said.
    expect((await dispatcher.post('/temperatureRule/save', candidate)).code).toBe(1);
    const stored = await readTrack(t.db, b.vehicleId, listed.tripFrom, listed.tripTo);
    const shift = Date.now() + MIN - listed.tripFrom;
    for (let i = 0; i < stored.length; i++) stored.gpsTime[i] += shift;
    const before = (await temperatureAlarms(b)).length;
    await raiseAlarms(t.db, b.vehicleId, stored, { waybillId: b.f.waybillId, final: true });
    const raised = (await temperatureAlarms(b)).slice(before);
    expect(raised.length).toBeGreaterThan(0);
    expect(raised.map((x: any) => ({ beginTime: x.beginTime - shift, endTime: x.endTime - shift, peakValue: x.peakValue, content: x.content })))
      .toEqual(listed.alarms.map((x: any) => ({ beginTime: x.beginTime, endTime: x.endTime, peakValue: x.peakValue, content: x.content })));
  });
});

describe('condition definitions and bad input', () => {
  it('offers the condition fields and operators in Chinese', async () => {
    const fields = (await dispatcher.get('/delegate/listConditionDefine?ruleType=temperature')).result;
    expect(fields.map((f: any) => f.title)).toEqual(['货品类别', '温层', '车型', '重量', '运输距离']);
    expect(fields[0].operators).toEqual(['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty']);
    const operators = (await dispatcher.get('/delegate/listOperator')).result;
    expect(operators.find((o: any) => o.key === 'between')).toMatchObject({ label: '介于', arity: 'pair' });
  });

  it('refuses a duplicate name, a band upside down and a condition it cannot evaluate, changing nothing', async () => {
    const count = async () => (await row('SELECT count(*) AS n FROM rule_versions')).n;
    const n = await count();
    const dup = await t.refused(() => dispatcher.post('/temperatureRule/save', ruleBody({ ruleName: '乙客户试行' })));
    expect([dup.code, dup.message]).toEqual([100, '规则名称已存在']);
    const band = await t.refused(() => dispatcher.post('/temperatureRule/save', ruleBody({ ruleName: '倒挂', tempMin: 6, tempMax: 2 })));
    expect(band.message).toBe('温度上限不能低于温度下限');
    const bad = await t.refused(() => dispatcher.post('/temperatureRule/save', ruleBody({ ruleName: '坏条件', conditions: [{ field: 'goodsCategory', operator: 'gt', value: 3 }] })));
    expect([bad.code, bad.message]).toEqual([100, '条件：第1条条件：货品类别不能使用该运算符']);
    const previewBad = await t.refused(() => dispatcher.post('/temperatureRule/preview', { rule: ruleBody({ conditions: [{ field: 'x', operator: 'eq', value: 1 }] }) }));
    expect(previewBad.message).toBe('条件：第1条条件：请选择条件字段');
    expect(await count()).toBe(n);
  });

  it('keeps a name that looks like a list or an object as the text typed, in the rule and its version', async () => {
    const ruleName = '[冷链]{试行}';
    const saved = await dispatcher.post('/temperatureRule/save', ruleBody({ ruleName }));
    expect(saved.code).toBe(1);
    const version = await row('SELECT record FROM rule_versions WHERE rule_id = ? AND rule_type = ?', saved.result.id, 'temperature');
    expect(JSON.parse(version.record)).toMatchObject({ ruleName, tempMin: 2, tempMax: 4 });
  });

  it('is the staff\'s: a carrier user may not preview or change rules', async () => {
    const carrier = await t.as('carrier');
    expect((await t.refused(() => carrier.post('/temperatureRule/preview', { rule: ruleBody({}) }))).code).toBe(104);
    expect((await t.refused(() => carrier.post('/temperatureRule/save', ruleBody({ ruleName: '承运商规则' })))).code).toBe(104);
  });
});
