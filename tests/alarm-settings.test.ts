// The corporation's alarm thresholds (alarmRemindBusinessSet/getAllSet, updateAlarmSet): the
// defaults until changed, bounded values, a temperature band that stays a band, values not sent
// kept, per corporation, and the ingestion's rules use the changed values on the next batch of points
// after the change (tests/alarm-settings-switches.test.ts: the switches and the versions).
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { DEFAULT_SETTINGS } from '../server/alarms/settings.ts';
import { asTerminal } from './support/terminal.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
let t: TestApp;
let admin: Caller, monitor: Caller, customer: Caller, admin2: Caller;

beforeAll(async () => {
  t = await createTestApp();
  [admin, monitor, customer, admin2] = await Promise.all(['admin', 'monitor', 'customer', 'admin2'].map((u) => t.as(u)));
});

const overspeedAlarms = async (vehicleId: number) =>
  (await t.db.one<{ n: number }>('SELECT count(*) AS n FROM alarms WHERE vehicle_id = ? AND last_alarm_type = 102', [vehicleId]))!.n;

describe('alarm settings', () => {
  it('reads the documented defaults before anything is changed', async () => {
    const r = await monitor.get('/alarmRemindBusinessSet/getAllSet');
    expect(r.result).toMatchObject({ ...DEFAULT_SETTINGS, updatedAt: null, defaults: DEFAULT_SETTINGS });
  });

  it('ingestion raises overspeed by the changed threshold on the next batch', async () => {
    const v = (await t.db.one<{ id: number }>('SELECT id FROM vehicles WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 1'))!;
    const t0 = Date.now() - 3600_000;
    const gateway = await asTerminal(t);
    const batch = (from: number) => Array.from({ length: 8 }, (_, i) => ({ lon: 113 + i * 0.005, lat: 34.7, gpsTime: from + i * 30_000, speed: 80, direction: 90, odometer: 100 + i * 0.4 }));
    expect((await gateway.post('/track/ingest', { vehicleId: v.id, points: batch(t0) })).code).toBe(1);
    expect(await overspeedAlarms(v.id)).toBe(0); // 80 km/h is under the default 100

    const saved = await monitor.post('/alarmRemindBusinessSet/updateAlarmSet', { overspeedKmh: 70, overspeedMinMs: 60_000 });
    expect(saved.code).toBe(1);
    expect(saved.result).toMatchObject({ overspeedKmh: 70, overspeedMinMs: 60_000, tempMin: DEFAULT_SETTINGS.tempMin });
    expect(saved.result.updatedAt).toBeGreaterThan(0);
    // A change applies to points from its moment on (versioned, docs/rules.md): as if saved before the next
    // batch's points, since ingestion refuses points from the future.
    await t.db.run("UPDATE rule_versions SET valid_since = valid_since - ?, valid_until = valid_until - ? WHERE rule_type = 'alarmSetting' AND rule_id = 1", [3_300_000, 3_300_000]);
    expect((await gateway.post('/track/ingest', { vehicleId: v.id, points: batch(t0 + 600_000) })).code).toBe(1);
    expect(await overspeedAlarms(v.id)).toBe(1);
  });

  it('keeps the values it is not sent, and takes the defaults back when sent them', async () => {
    await monitor.post('/alarmRemindBusinessSet/updateAlarmSet', { tempMin: -20, tempMax: -10 });
    expect((await monitor.get('/alarmRemindBusinessSet/getAllSet')).result).toMatchObject({ overspeedKmh: 70, tempMin: -20, tempMax: -10 });
    const { defaults } = (await monitor.get('/alarmRemindBusinessSet/getAllSet')).result;
    const reset = await monitor.post('/alarmRemindBusinessSet/updateAlarmSet', { overspeedKmh: defaults.overspeedKmh, tempMin: defaults.tempMin, tempMax: defaults.tempMax });
    expect(reset.result).toMatchObject({ overspeedKmh: 100, overspeedMinMs: 60_000, tempMin: 2, tempMax: 8 });
  });

  it('refuses a band whose upper value is not above the lower, and values out of bounds', async () => {
    const band = await t.refused(() => monitor.post('/alarmRemindBusinessSet/updateAlarmSet', { tempMin: 9 }));
    expect([band.code, band.message]).toEqual([100, '温度上限：上限值需大于下限值']);
    const high = await t.refused(() => monitor.post('/alarmRemindBusinessSet/updateAlarmSet', { overspeedKmh: 500 }));
    expect(high.message).toBe('超速阈值：不能大于200');
    const text = await t.refused(() => monitor.post('/alarmRemindBusinessSet/updateAlarmSet', { stopMinMs: '30' }));
    expect(text.message).toContain('超时停车时长');
    const unknown = await t.refused(() => monitor.post('/alarmRemindBusinessSet/updateAlarmSet', { humidityMax: 3 }));
    expect(unknown.code).toBe(100);
  });

  it('belongs to the corporation: others keep theirs, partners may not change it', async () => {
    await monitor.post('/alarmRemindBusinessSet/updateAlarmSet', { stopMinMs: 3_600_000 });
    expect((await admin2.get('/alarmRemindBusinessSet/getAllSet')).result.stopMinMs).toBe(DEFAULT_SETTINGS.stopMinMs);
    expect((await t.refused(() => customer.post('/alarmRemindBusinessSet/updateAlarmSet', { stopMinMs: 600_000 }))).code).toBe(104);
    // Even holding the alarm desk's operation, a carrier user cannot change its client's thresholds.
    const role = (await t.db.one<{ id: number }>("SELECT ur.role_id AS id FROM users u JOIN user_roles ur ON ur.user_id = u.id WHERE u.user_name = 'carrier'"))!;
    await t.db.run("INSERT INTO role_operations (corp_id, role_id, operation_id) VALUES (1, ?, 'BusinessAlarmReport3')", [role.id]);
    const carrier = await t.as('carrier');
    expect((await carrier.get('/alarmRemindBusinessSet/getAllSet')).code).toBe(1);
    expect((await t.refused(() => carrier.post('/alarmRemindBusinessSet/updateAlarmSet', { stopMinMs: 600_000 }))).code).toBe(104);
  });
});
