// Waybill rules move a waybill by itself from its vehicle's fence visits: with no rule nothing moves
// (today's behaviour); a rule for one customer makes 确认到达 at the loading place when the vehicle has
// stayed in its fence long enough, and 确认离开 when it leaves — through the waybill machine, so the
// leave waits for 确认装货 — recorded as done by the rule; another customer's waybill is left alone; an
// entry is judged by the version in force at the entry; a signed waybill is closed N hours after
// 签收; the preview says exactly what saving then does.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { insertWaybill, placeAt, type WaybillFixture } from './support/waybill-fixture.ts';
import { ingest } from '../server/tracking/ingest.ts';
import type { TrackPoint } from '../server/tracking/columns.ts';
import { sweepWaybillRules } from '../server/domain/rules/waybill-rule-apply.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
const MIN = 60_000;
const HOUR = 60 * MIN;
let t: TestApp;
let dispatcher: Caller;
let carrierUser: Caller;
let own: { carrierId: number; customerId: number };
let other: { carrierId: number; customerId: number };
/** The track's moments: the vehicle entered the loading place's fence at `entry` and was last inside at `exit`. */
let base: number;
let entry: number;
let exit: number;

const row = async (q: string, ...p: unknown[]) => (await t.db.one<any>(q, p))!;
const sweep = (now = Date.now()) => sweepWaybillRules(t.db, t.registry.get, now);
const stateOf = async (id: number) => row('SELECT status, step, version FROM waybills WHERE id = ?', id);
const startNode = async (f: WaybillFixture) => row('SELECT actual_arrive_time AS arrived, actual_leave_time AS "left" FROM waybill_nodes WHERE id = ?', f.nodes.start);

/** A waybill of the haul at 待运输 (300/4), with its vehicle since three hours before the track. */
async function waybillOf(h: typeof own): Promise<WaybillFixture> {
  const f = await insertWaybill(t.db, { customerId: h.customerId, carrierId: h.carrierId });
  await placeAt(t.db, f, { status: 300, step: 4 }, h.carrierId);
  await t.db.run('UPDATE waybills SET created_at = ? WHERE id = ?', [base - HOUR, f.waybillId]);
  return f;
}

/** Away, 30 minutes inside the loading place's fence, away again: one point a minute. */
function trackPoints(lon: number, lat: number): TrackPoint[] {
  const at = (i: number, inside: boolean): TrackPoint => ({
    lon: inside ? lon : lon + 0.5, lat: inside ? lat : lat + i * 0.001, gpsTime: base + i * MIN, speed: inside ? 0 : 40, direction: 0, odometer: i, status: 0,
  });
  return Array.from({ length: 60 }, (_, i) => at(i, i >= 10 && i < 40));
}

const ruleBody = (over: Record<string, unknown> = {}) => ({
  ruleName: '客户甲进出装货地自动到离', customerId: own.customerId, arriveStart: 1, leaveStart: 1, viaAuto: 0, arriveEnd: 0, leaveEnd: 0, minStayMinutes: 10, ...over,
});
const ruleVersion = async (id: number) => (await row('SELECT version FROM waybill_rules WHERE id = ?', id)).version as number;
/** Puts a version of the rule in force from `since` (the moment it was saved, as if earlier). */
const backdate = (id: number, version: number, since: number, until?: number) =>
  t.db.run(`UPDATE rule_versions SET valid_since = ?${until !== undefined ? ', valid_until = ?' : ''} WHERE rule_type = 'waybillRule' AND rule_id = ? AND version = ?`,
    until !== undefined ? [since, until, id, version] : [since, id, version]);

beforeAll(async () => {
  t = await createTestApp();
  [dispatcher, carrierUser] = await Promise.all([t.as('dispatcher'), t.as('carrier')]);
  const ownCarrier = (await row("SELECT partner_id AS id FROM users WHERE user_name = 'carrier'")).id as number;
  const otherCarrier = (await row(`SELECT c.id FROM carriers c WHERE c.corp_id = 1 AND c.is_deleted = 0 AND c.id <> ?
    AND EXISTS (SELECT 1 FROM vehicles v JOIN drivers d ON d.id = v.driver_id WHERE v.carrier_id = c.id AND v.status = 0 AND v.is_deleted = 0 AND d.status = 0 AND d.is_deleted = 0)
    ORDER BY c.id LIMIT 1`, ownCarrier)).id as number;
  const customer = async (offset: number) => (await row('SELECT id FROM customers WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 1 OFFSET ?', offset)).id as number;
  own = { carrierId: ownCarrier, customerId: await customer(0) };
  other = { carrierId: otherCarrier, customerId: await customer(1) };
  base = Date.now() - 4 * HOUR;
  entry = base + 10 * MIN;
  exit = base + 39 * MIN;
  // Both hauls' vehicles drive the same track through the loading place (the fixtures' first area).
  const probe = await waybillOf(own);
  const area = await row('SELECT a.lon, a.lat FROM waybill_nodes n JOIN areas a ON a.id = n.area_id WHERE n.id = ?', probe.nodes.start);
  for (const h of [own, other]) {
    const f = h === own ? probe : await waybillOf(h);
    const vehicleId = (await row('SELECT vehicle_id AS id FROM waybills WHERE id = ?', f.waybillId)).id as number;
    await ingest(t.db, 1, vehicleId, trackPoints(area.lon, area.lat));
  }
});

describe('waybill rules', () => {
  let ruleId: number;

  it('moves nothing by itself without a rule (today\'s behaviour)', async () => {
    const f = await waybillOf(own);
    expect(await sweep()).toBe(0);
    expect(await stateOf(f.waybillId)).toMatchObject({ status: 300, step: 4 });
    expect(await startNode(f)).toEqual({ arrived: null, left: null });
  });

  it('arrives and leaves the loading place for the rule\'s customer only, through the machine, as done by the rule', async () => {
    const f = await waybillOf(own);
    const g = await waybillOf(other);
    const saved = await dispatcher.post('/waybillRule/saveRule', ruleBody());
    expect(saved.code).toBe(1);
    ruleId = saved.result.id;
    await backdate(ruleId, 1, base - HOUR);

    await sweep();
    // Arrived at the entry (开始运输 → 400/6); the leave waits: the machine wants 开始装货 and 确认装货 first.
    expect(await startNode(f)).toEqual({ arrived: entry, left: null });
    expect(await stateOf(f.waybillId)).toMatchObject({ status: 400, step: 6 });
    const event = await row("SELECT user_name AS \"userName\", payload FROM waybill_events WHERE waybill_id = ? AND action = 'arriveWaybillNode'", f.waybillId);
    expect(event.userName).toBe('系统（运单规则：客户甲进出装货地自动到离）');
    expect(JSON.parse(event.payload)).toEqual({ time: entry, ruleId, ruleName: '客户甲进出装货地自动到离' });
    // Another customer's waybill on the same track is not the rule's.
    expect(await stateOf(g.waybillId)).toMatchObject({ status: 300, step: 4 });
    expect(await startNode(g)).toEqual({ arrived: null, left: null });

    expect((await dispatcher.post('/waybillAction/startLoad', { id: f.waybillId, version: (await stateOf(f.waybillId)).version })).code).toBe(1);
    const lines = await t.db.all<any>('SELECT id, quantity FROM order_goods WHERE order_id = ?', [f.orderId]);
    const loaded = await dispatcher.post('/waybillAction/confirmLoad', {
      id: f.waybillId, version: (await stateOf(f.waybillId)).version, goods: lines.map((l) => ({ goodsId: l.id, quantity: l.quantity })),
    });
    expect(loaded.code).toBe(1);
    await sweep();
    expect(await startNode(f)).toEqual({ arrived: entry, left: exit });
    expect(await stateOf(f.waybillId)).toMatchObject({ status: 400, step: 9 });
  });

  it('judges an entry by the version in force at the entry: a longer minimum stay then means no arrival', async () => {
    // Version 2 asks 60 minutes (the vehicle stayed 29) and was in force at the entry; version 3 (10 minutes) only from after it.
    const changed = await dispatcher.post('/waybillRule/updateRule', { id: ruleId, version: await ruleVersion(ruleId), minStayMinutes: 60 });
    expect(changed.code).toBe(1);
    const again = await dispatcher.post('/waybillRule/updateRule', { id: ruleId, version: await ruleVersion(ruleId), minStayMinutes: 10 });
    expect(again.code).toBe(1);
    await backdate(ruleId, 1, base - 3 * HOUR, base - 2 * HOUR);
    await backdate(ruleId, 2, base - 2 * HOUR, entry + MIN);
    await backdate(ruleId, 3, entry + MIN);
    const f = await waybillOf(own);
    await sweep();
    expect(await startNode(f)).toEqual({ arrived: null, left: null });
    // Had the 10-minute version been in force at the entry, the same track is an arrival.
    await backdate(ruleId, 2, base - 2 * HOUR, entry - MIN);
    await backdate(ruleId, 3, entry - MIN);
    await sweep();
    expect(await startNode(f)).toEqual({ arrived: entry, left: null });
  });

  it('previews exactly what saving and replaying then does', async () => {
    const f = await waybillOf(own);
    const candidate = ruleBody({ ruleName: '预览规则', arriveStart: 1, leaveStart: 1 });
    // The rule of the earlier tests stands aside: stopped.
    expect((await dispatcher.post('/waybillRule/updateRule', { id: ruleId, version: await ruleVersion(ruleId), status: 1 })).code).toBe(1);
    const preview = await dispatcher.post('/waybillRule/preview', { rule: candidate });
    expect(preview.code).toBe(1);
    const mine = preview.result.steps.filter((s: any) => s.waybillId === f.waybillId);
    expect(mine.map((s: any) => [s.kind, s.time])).toEqual([['arrive', entry], ['leave', exit]]);
    expect(preview.result.rows.find((r: any) => r.waybillNo === f.waybillNo)).toMatchObject({ action: '自动到达', recordedStr: '未记录' });
    // Nothing was written by the preview.
    expect(await startNode(f)).toEqual({ arrived: null, left: null });

    const saved = await dispatcher.post('/waybillRule/saveRule', candidate);
    expect(saved.code).toBe(1);
    await backdate(saved.result.id, 1, base - HOUR);
    await sweep();
    const v = (await stateOf(f.waybillId)).version;
    expect((await dispatcher.post('/waybillAction/startLoad', { id: f.waybillId, version: v })).code).toBe(1);
    const lines = await t.db.all<any>('SELECT id, quantity FROM order_goods WHERE order_id = ?', [f.orderId]);
    expect((await dispatcher.post('/waybillAction/confirmLoad', { id: f.waybillId, version: (await stateOf(f.waybillId)).version, goods: lines.map((l) => ({ goodsId: l.id, quantity: l.quantity })) })).code).toBe(1);
    await sweep();
    const node = await startNode(f);
    expect([['arrive', node.arrived], ['leave', node.left]]).toEqual(mine.map((s: any) => [s.kind, s.time]));
    // Stop it again for the tests after.
    expect((await dispatcher.post('/waybillRule/updateRule', { id: saved.result.id, version: await ruleVersion(saved.result.id), status: 1 })).code).toBe(1);
  });

  it('judges a waybill again once new points arrive after a sweep that found nothing (a quiet waybill is not re-read)', async () => {
    const saved = await dispatcher.post('/waybillRule/saveRule', ruleBody({ ruleName: '新轨迹到达规则' }));
    expect(saved.code).toBe(1);
    await backdate(saved.result.id, 1, base - HOUR);
    // It got its vehicle after the vehicle's visit: nothing to judge yet.
    const f = await waybillOf(own);
    await t.db.run('UPDATE waybills SET created_at = ? WHERE id = ?', [base + 60 * MIN, f.waybillId]);
    await sweep();
    await sweep();
    expect(await startNode(f)).toEqual({ arrived: null, left: null });
    // The vehicle comes back into the loading place's fence and stays 20 minutes.
    const vehicleId = (await row('SELECT vehicle_id AS id FROM waybills WHERE id = ?', f.waybillId)).id as number;
    const area = await row('SELECT a.lon, a.lat FROM waybill_nodes n JOIN areas a ON a.id = n.area_id WHERE n.id = ?', f.nodes.start);
    await ingest(t.db, 1, vehicleId, Array.from({ length: 20 }, (_, i): TrackPoint => ({
      lon: area.lon, lat: area.lat, gpsTime: base + (70 + i) * MIN, speed: 0, direction: 0, odometer: 100 + i, status: 0,
    })));
    await sweep();
    expect(await startNode(f)).toEqual({ arrived: base + 70 * MIN, left: null });
    expect((await dispatcher.post('/waybillRule/updateRule', { id: saved.result.id, version: await ruleVersion(saved.result.id), status: 1 })).code).toBe(1);
  });

  it('closes a signed waybill the rule\'s hours after 签收, and not before', async () => {
    const saved = await dispatcher.post('/waybillRule/saveRule', ruleBody({ ruleName: '签收后4小时结束', arriveStart: 0, leaveStart: 0, endAfterSignHours: 4 }));
    expect(saved.code).toBe(1);
    await backdate(saved.result.id, 1, base - 2 * HOUR);
    const signed = async (h: typeof own, at: number) => {
      const f = await waybillOf(h);
      await placeAt(t.db, f, { status: 500, step: 13, signStatus: 1211 }, h.carrierId);
      await t.db.run("INSERT INTO waybill_events (corp_id, waybill_id, action, from_status, to_status, from_step, to_step, user_id, user_name, at) VALUES (1, ?, 'signOrder', 400, 500, 12, 13, 1, '调度', ?)", [f.waybillId, at]);
      return f;
    };
    const due = await signed(own, Date.now() - 5 * HOUR);
    const early = await signed(own, Date.now() - 3 * HOUR);
    const others = await signed(other, Date.now() - 5 * HOUR);
    await sweep();
    expect(await stateOf(due.waybillId)).toMatchObject({ status: 500, step: 999 });
    const ended = await row("SELECT user_name AS \"userName\", payload FROM waybill_events WHERE waybill_id = ? AND action = 'manualEnd'", due.waybillId);
    expect(ended.userName).toBe('系统（运单规则：签收后4小时结束）');
    expect(JSON.parse(ended.payload)).toMatchObject({ remark: '签收后4小时，按运单规则自动结束', ruleName: '签收后4小时结束' });
    expect(await stateOf(early.waybillId)).toMatchObject({ step: 13 });
    expect(await stateOf(others.waybillId)).toMatchObject({ step: 13 });
  });
});

describe('waybill rules: bad input and partners', () => {
  it('refuses bad rules with the field named in Chinese, changing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [ruleBody({ ruleName: '' }), 'ruleName'],
      [ruleBody({ ruleName: '甲'.repeat(51) }), 'ruleName'],
      [ruleBody({ minStayMinutes: -1 }), 'minStayMinutes'],
      [ruleBody({ minStayMinutes: '5' }), 'minStayMinutes'],
      [ruleBody({ endAfterSignHours: 0 }), 'endAfterSignHours'],
      [ruleBody({ arriveStart: 2 }), 'arriveStart'],
      [ruleBody({ ruleName: "x'; DROP TABLE waybill_rules; --", unknownField: 1 }), 'unknownField'],
      [ruleBody({ conditions: [{ field: 'noSuchField', operator: 'eq', value: 1 }] }), 'conditions'],
    ];
    for (const [body, field] of cases) {
      const r = await t.refused(() => dispatcher.post('/waybillRule/saveRule', body));
      expect([r.code, r.result?.field ?? r.message]).toEqual([100, expect.stringContaining(field)]);
      expect(r.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    const p = await t.refused(() => dispatcher.post('/waybillRule/preview', { rule: ruleBody({ minStayMinutes: 999 }) }));
    expect(p.code).toBe(100);
  });

  it('offers the condition editor the load\'s fields the form names (x-conditions)', async () => {
    const x = t.registry.get().resources.get('waybillRule')!.schema.properties.conditions as unknown as { 'x-conditions': string };
    const defs = await dispatcher.get(`/delegate/listConditionDefine?ruleType=${x['x-conditions']}`);
    expect(defs.code).toBe(1);
    expect(defs.result.map((d: any) => d.title)).toEqual(['货品类别', '温层', '车型', '重量', '运输距离']);
  });

  it('keeps rules to the corporation\'s staff: a carrier user is refused', async () => {
    const r = await t.refused(() => carrierUser.post('/waybillRule/saveRule', ruleBody({ ruleName: '承运商规则' })));
    expect([103, 104]).toContain(r.code);
    const p = await t.refused(() => carrierUser.post('/waybillRule/preview', { rule: ruleBody() }));
    expect([103, 104]).toContain(p.code);
  });
});
