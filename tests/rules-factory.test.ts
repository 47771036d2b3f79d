// Factory shipment setting (出厂发运设置): a factory's shipping hours refuse 离开装货地 outside them (judged by the
// setting's version in force at the moment the vehicle says it left), and its daily limit refuses dispatching one
// more vehicle to load there on a day already full, while another factory is not affected; the preview lists the
// departure and the dispatch that saving then refuses; bad input is refused naming the field; partners are kept out.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { insertWaybill, placeAt, vehicleOf } from './support/waybill-fixture.ts';
import { DAY_MS, formatDay, shanghaiDayStart } from '../server/resources/time.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
let t: TestApp;
let dispatcher: Caller;
let carrierUser: Caller;
let ownCarrier: number;
let factory: number;
let vehicleId: number;

const HOUR = 3_600_000;
const row = async (q: string, ...p: unknown[]) => (await t.db.one<any>(q, p))!;
const versionOf = async (id: number) => (await row('SELECT version FROM waybills WHERE id = ?', id)).version as number;
const settingVersion = async (id: number) => (await row('SELECT version FROM factory_shipment_settings WHERE id = ?', id)).version as number;
const today = shanghaiDayStart(Date.now());
const yesterday = today - DAY_MS;
/** Moves the settings' versions back, as if saved `ago` earlier. */
const backdate = (ago: number) => t.db.run("UPDATE rule_versions SET valid_since = valid_since - ?, valid_until = valid_until - ? WHERE rule_type = 'factoryShipment'", [ago, ago]);

/** A waybill loading at `areaId`, planned for `day` at 10:00. */
async function loadingAt(areaId: number, day = today) {
  const f = await insertWaybill(t.db);
  await t.db.run('UPDATE waybill_nodes SET area_id = ?, required_arrive_time = ?, required_leave_time = ? WHERE id = ?', [areaId, day + 10 * HOUR, day + 11 * HOUR, f.nodes.start]);
  return f;
}
const assign = async (waybillId: number) => dispatcher.post('/waybill/assignVehicle', { id: waybillId, version: await versionOf(waybillId), vehicleId });
const cancel = async (waybillId: number) => dispatcher.post('/waybill/cancelVehicle', { id: waybillId, version: await versionOf(waybillId) });

/** A waybill at the factory, loaded (step 8) since two days ago, about to leave. */
async function loadedAt(areaId: number) {
  const f = await loadingAt(areaId, yesterday);
  await placeAt(t.db, f, { status: 400, step: 8 }, ownCarrier);
  await t.db.run('UPDATE waybill_nodes SET actual_arrive_time = ? WHERE id = ?', [Date.now() - 2 * DAY_MS, f.nodes.start]);
  return f;
}
const leave = async (f: { waybillId: number; nodes: { start: number } }, time: number) =>
  dispatcher.post('/waybillAction/leaveWaybillNode', { id: f.waybillId, version: await versionOf(f.waybillId), nodeId: f.nodes.start, time });

beforeAll(async () => {
  t = await createTestApp();
  [dispatcher, carrierUser] = await Promise.all([t.as('dispatcher'), t.as('carrier')]);
  ownCarrier = (await row("SELECT partner_id AS id FROM users WHERE user_name = 'carrier'")).id;
  vehicleId = (await vehicleOf(t.db, ownCarrier)).id;
  // A factory of its own, so no other waybill of the demo loads there.
  const now = Date.now();
  factory = await t.db.insert(`INSERT INTO areas (corp_id, area_name, area_code, type_id, lon, lat, radius, created_at, updated_at)
    VALUES (1, '测试饲料厂', 'FAC-T1', 3, 113.3, 23.1, 500, ?, ?)`, [now, now]);
});

describe('shipping hours', () => {
  let settingId: number;
  const night = () => yesterday + 23 * HOUR;
  const morning = () => yesterday + 10 * HOUR;

  it('previews the departure outside the hours, then refuses it once saved and in force, from its moment on', async () => {
    const before = await loadedAt(factory);
    // No setting yet: leaving at 23:00 goes through.
    expect((await leave(before, night())).code).toBe(1);
    const preview = await dispatcher.post('/factoryShipmentSetting/preview', { rule: { areaId: factory, shipStart: '08:00', shipEnd: '18:00' } });
    expect(preview.code).toBe(1);
    expect(preview.result.refusals.map((r: any) => [r.waybillNo, r.kind, r.reason])).toEqual([[before.waybillNo, 'hours', '23:00离开，不在发运时段08:00-18:00内']]);

    const saved = await dispatcher.post('/factoryShipmentSetting/save', { areaId: factory, shipStart: '08:00', shipEnd: '18:00' });
    expect(saved.code).toBe(1);
    settingId = saved.result.id;
    expect((await dispatcher.get(`/factoryShipmentSetting/detail?id=${settingId}`)).result).toMatchObject({ areaName: '测试饲料厂', hoursText: '08:00-18:00' });
    // A departure said to have happened yesterday, before the setting existed, is judged by what was in force then.
    const late = await loadedAt(factory);
    expect((await leave(late, night())).code).toBe(1);

    await backdate(3 * DAY_MS);
    const f = await loadedAt(factory);
    const refused = await t.refused(() => leave(f, night()));
    expect([refused.code, refused.message]).toEqual([0, '装货工厂「测试饲料厂」的出厂发运时段为08:00-18:00，23:00不在发运时段内，不能离开装货地（出厂发运设置）']);
    expect((await row('SELECT actual_leave_time AS t FROM waybill_nodes WHERE id = ?', f.nodes.start)).t).toBeNull();
    expect((await leave(f, morning())).code).toBe(1);
  });

  it('runs hours past midnight, and leaves another factory alone', async () => {
    const changed = await dispatcher.post('/factoryShipmentSetting/update', { id: settingId, version: await settingVersion(settingId), shipStart: '20:00', shipEnd: '06:00' });
    expect(changed.code).toBe(1);
    await backdate(3 * DAY_MS);
    const f = await loadedAt(factory);
    expect((await t.refused(() => leave(f, morning()))).message).toContain('出厂发运时段为20:00-次日06:00，10:00不在发运时段内');
    expect((await leave(f, night())).code).toBe(1);
    // A start alone runs to midnight.
    const noEnd = await dispatcher.post('/factoryShipmentSetting/update', { id: settingId, version: await settingVersion(settingId), shipStart: '12:00', shipEnd: null });
    expect(noEnd.code).toBe(1);
    await backdate(3 * DAY_MS);
    const g = await loadedAt(factory);
    expect((await t.refused(() => leave(g, morning()))).message).toContain('出厂发运时段为12:00-24:00，10:00不在发运时段内');
    expect((await leave(g, night())).code).toBe(1);
    const elsewhere = await loadedAt((await row('SELECT id FROM areas WHERE corp_id = 1 AND id <> ? ORDER BY id LIMIT 1', factory)).id);
    expect((await leave(elsewhere, morning())).code).toBe(1);
  });
});

describe('daily limit', () => {
  it('previews the dispatch over the limit, then refuses it once saved, not at another factory, and frees the slot of a cancelled one', async () => {
    const limited = await t.db.insert(`INSERT INTO areas (corp_id, area_name, area_code, type_id, lon, lat, radius, created_at, updated_at)
      VALUES (1, '测试冷库', 'FAC-T2', 3, 113.4, 23.2, 500, ?, ?)`, [Date.now(), Date.now()]);
    const first = await loadingAt(limited);
    const second = await loadingAt(limited);
    expect((await assign(first.waybillId)).code).toBe(1);
    expect((await assign(second.waybillId)).code).toBe(1);
    const preview = await dispatcher.post('/factoryShipmentSetting/preview', { rule: { areaId: limited, dailyLimit: 1 } });
    expect(preview.result.refusals.map((r: any) => [r.waybillNo, r.reason])).toEqual([[second.waybillNo, `${formatDay(today)}第2辆，超过每日发运上限1车`]]);

    const saved = await dispatcher.post('/factoryShipmentSetting/save', { areaId: limited, dailyLimit: 1 });
    expect(saved.code).toBe(1);
    // Replayed: the second vehicle sent back and dispatched again is refused.
    expect((await cancel(second.waybillId)).code).toBe(1);
    const refused = await t.refused(() => assign(second.waybillId));
    expect([refused.code, refused.message]).toEqual([0, `装货工厂「测试冷库」${formatDay(today)}已派车1辆，达到每日发运上限1车（出厂发运设置）`]);
    // Another day at the same factory, and the same day at another factory, are free.
    expect((await assign((await loadingAt(limited, today + DAY_MS)).waybillId)).code).toBe(1);
    expect((await assign((await loadingAt(factory)).waybillId)).code).toBe(1);
    // The first one sent back frees its slot.
    expect((await cancel(first.waybillId)).code).toBe(1);
    expect((await assign(second.waybillId)).code).toBe(1);
  });
});

describe('input and partners', () => {
  it('refuses bad settings naming the field, changing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ areaId: factory + 1000 }, ''],
      [{ areaId: 999999, dailyLimit: 3 }, '装货工厂'],
      [{ areaId: factory }, '发运开始时刻：请至少设置发运时段或每日发运上限'],
      [{ areaId: factory, shipStart: '08:00', shipEnd: '08:00' }, '发运结束时刻：不能与发运开始时刻相同'],
      [{ areaId: factory, shipStart: '25:00', shipEnd: '08:00' }, '发运开始时刻'],
      [{ areaId: factory, dailyLimit: 0 }, '每日发运上限：'],
      [{ areaId: factory, dailyLimit: -1 }, '每日发运上限：'],
      [{ areaId: factory, dailyLimit: '3' }, '每日发运上限：'],
      [{ areaId: factory, dailyLimit: 3, remark: 'x'.repeat(201) }, '备注'],
      [{ areaId: factory, dailyLimit: 3, sqlField: "1'; DROP TABLE areas;--" }, ''],
      [{ dailyLimit: 3 }, '装货工厂'],
    ];
    for (const [body, words] of cases) {
      const r = await t.refused(() => dispatcher.post('/factoryShipmentSetting/save', body));
      expect(r.code, JSON.stringify(body)).toBe(100);
      expect(r.message).toContain(words);
    }
    // One setting per factory.
    const again = await t.refused(() => dispatcher.post('/factoryShipmentSetting/save', { areaId: factory, dailyLimit: 3 }));
    expect(again.code).toBe(100);
    expect((await t.refused(() => dispatcher.post('/factoryShipmentSetting/preview', { rule: { areaId: factory } }))).code).toBe(100);
  });

  it('keeps the settings to staff', async () => {
    expect((await t.refused(() => carrierUser.post('/factoryShipmentSetting/save', { areaId: factory, dailyLimit: 3 }))).code).toBe(104);
    expect((await t.refused(() => carrierUser.post('/factoryShipmentSetting/preview', { rule: { areaId: factory, dailyLimit: 3 } }))).code).toBe(104);
    expect((await carrierUser.post('/factoryShipmentSetting/page', {})).code).toBe(104);
  });
});
