// 业务报警设置 changes what the alarm engine raises: an alarm type switched off raises nothing while
// another still does; a change applies from its moment on (late points keep the setting of their time);
// the thresholds' old calls still work; bad input changes nothing; partner users may not change it.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { insertWaybill, placeAt } from './support/waybill-fixture.ts';
import { ingest } from '../server/tracking/ingest.ts';
import { drainNotifications } from '../server/notify/dispatch.ts';
import type { TrackPoint } from '../server/tracking/columns.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
const MIN = 60_000;
let t: TestApp;
let admin: Caller;
let vehicleId: number;
let waybillId: number;

const row = async (q: string, ...p: unknown[]) => (await t.db.one<any>(q, p))!;
/** n readings a minute apart from `from`: 120 km/h (over the 100 km/h default) at 12 ℃ (over the 2~8 ℃ default). */
const speeding = (from: number, n: number): TrackPoint[] =>
  Array.from({ length: n }, (_, i) => ({ lon: 116.5, lat: 39.9 + i * 0.01, gpsTime: from + i * MIN, speed: 120, direction: 0, odometer: i, status: 0, t1: 12 }));
const alarmsOf = async (lastAlarmType: number) =>
  (await row('SELECT count(*) AS n FROM alarms WHERE waybill_id = ? AND last_alarm_type = ? AND confirmed = 1', waybillId, lastAlarmType)).n;
/** As if the setting had been saved `ago` ms earlier (ingestion refuses points from the future). */
const backdate = (ago: number) =>
  t.db.run("UPDATE rule_versions SET valid_since = valid_since - ?, valid_until = valid_until - ? WHERE rule_type = 'alarmSetting' AND rule_id = 1", [ago, ago]);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  const customerId = (await row('SELECT id FROM customers WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 1')).id;
  const carrierId = (await row(`SELECT c.id FROM carriers c WHERE c.corp_id = 1 AND c.is_deleted = 0 AND EXISTS (SELECT 1 FROM vehicles v JOIN drivers d ON d.id = v.driver_id
    WHERE v.carrier_id = c.id AND v.status = 0 AND v.is_deleted = 0 AND d.status = 0 AND d.is_deleted = 0) ORDER BY c.id LIMIT 1`)).id;
  const f = await insertWaybill(t.db, { customerId, carrierId });
  await placeAt(t.db, f, { status: 400, step: 10 }, carrierId);
  waybillId = f.waybillId;
  vehicleId = (await row('SELECT vehicle_id AS id FROM waybills WHERE id = ?', waybillId)).id;
  await t.db.run('UPDATE vehicles SET gather_temperature = 1, temperaturectrl = 1 WHERE id = ?', [vehicleId]);
});

describe('business alarm setting', () => {
  it('answers every alarm type switched on by default, beside the thresholds', async () => {
    const set = (await admin.get('/alarmRemindBusinessSet/getAllSet')).result;
    expect(set).toMatchObject({ temperatureEnabled: 1, overspeedEnabled: 1, doorOutsideFenceEnabled: 1, longStopEnabled: 1, overspeedKmh: 100, tempMin: 2, tempMax: 8 });
    expect(set.defaults).toMatchObject({ overspeedEnabled: 1 });
  });

  it('an alarm type switched off raises nothing while another still does, from the change on', async () => {
    const saved = await admin.post('/alarmRemindBusinessSet/updateAlarmSet', { overspeedEnabled: 0 });
    expect(saved.code).toBe(1);
    expect(saved.result).toMatchObject({ overspeedEnabled: 0, temperatureEnabled: 1, overspeedKmh: 100 });
    await backdate(30 * MIN);
    await ingest(t.db, 1, vehicleId, speeding(Date.now() - 9 * MIN, 8));
    expect(await alarmsOf(101)).toBe(1);
    expect(await alarmsOf(102)).toBe(0);

    // Points from before the change, arriving late: the setting of their time (overspeed on) judges them.
    await ingest(t.db, 1, vehicleId, speeding(Date.now() - 50 * MIN, 8));
    expect(await alarmsOf(102)).toBe(1);
    // The alarms' notifications are sent before the refusals below compare the tables.
    await drainNotifications(t.db);
  });

  it('keeps the thresholds\' own calls working and every save as a version without gaps', async () => {
    const saved = await admin.post('/alarmRemindBusinessSet/updateAlarmSet', { overspeedKmh: 90, overspeedEnabled: 1 });
    expect(saved.result).toMatchObject({ overspeedKmh: 90, overspeedEnabled: 1, temperatureEnabled: 1 });
    expect((await admin.get('/alarmRemindBusinessSet/getAllSet')).result).toMatchObject({ overspeedKmh: 90, overspeedEnabled: 1 });
    const versions = await t.db.all<any>(`SELECT version, valid_since AS "since", valid_until AS "until" FROM rule_versions
      WHERE rule_type = 'alarmSetting' AND rule_id = 1 ORDER BY version`, []);
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3]);
    for (let i = 1; i < versions.length; i++) expect(versions[i].since).toBe(versions[i - 1].until);
    expect(versions[2].until).toBeNull();
  });

  it.each([
    [{ overspeedEnabled: 2 }, '超速报警'],
    [{ temperatureEnabled: '1' }, '温度异常报警'],
    [{ longStopEnabled: null }, '超时停车报警'],
    [{ doorOutsideFenceEnabled: -1 }, '围栏外开门报警'],
    [{ overspeedKmh: "90; DROP TABLE alarms" }, '超速阈值'],
    [{ tempMin: 9 }, '温度上限'],
    [{ soundEnabled: 1 }, 'soundEnabled'],
    [{ overspeedEnabled: 1, overspeedKmh: 'x'.repeat(10_000) }, '超速阈值'],
  ])('refuses %j naming the field, changing nothing', async (body, field) => {
    const r = await t.refused(() => admin.post('/alarmRemindBusinessSet/updateAlarmSet', body));
    expect(r.code).toBe(100);
    expect(r.message).toContain(field);
  });

  it('is the staff\'s: a customer or carrier user may not change it', async () => {
    await t.db.run(`INSERT INTO role_operations (corp_id, role_id, operation_id) SELECT 1, ur.role_id, 'businessAlarmSet3' FROM user_roles ur JOIN users u ON u.id = ur.user_id
      WHERE u.user_name IN ('customer', 'carrier') ON CONFLICT DO NOTHING`, []);
    for (const name of ['customer', 'carrier']) {
      const caller = await t.as(name);
      const r = await t.refused(() => caller.post('/alarmRemindBusinessSet/updateAlarmSet', { temperatureEnabled: 0 }));
      expect(r.code, name).not.toBe(1);
    }
  });
});
