// The alarm list (报警列表, issue 17): business and driver alarms paged with filters on kind, family,
// handle status, alarm status, plate, carrier and time; counts by kind that agree with the list;
// batch ignoring through each family's own call, leaving every other alarm alone; carrier scoping.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { emptyColumns } from '../server/tracking/columns.ts';
import { raiseAlarms } from '../server/alarms/raise.ts';
import { recordDriverEvent } from '../server/alarms/driver-events.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;
const MIN = 60_000;
let t: TestApp;
let admin: Caller;
let carrierId: number;
/** Vehicles: own (carrier 1's) and other (another carrier's). */
let own: { id: number; corpId: number; carrierId: number; vehicleNo: string };
let other: { id: number; corpId: number; carrierId: number; vehicleNo: string };
let t0: number;

const get = async (sql: string, ...p: unknown[]) => (await t.db.one<Row>(sql, p))!;
const handleStatuses = async () => Object.fromEntries((await t.db.all<Row>('SELECT id, handle_status AS h FROM alarms ORDER BY id', [])).map((r) => [r.id, r.h]));
const kinds = (r: Row) => Object.fromEntries(r.tabs.map((tab: Row) => [tab.lastAlarmTypeStr, tab.count]));

/** Overspeed (102) for 2 minutes, and a temperature excursion (101) for 6, starting at `at`. */
async function businessAlarms(vehicleId: number, at: number) {
  const cols = emptyColumns(14, 1);
  for (let i = 0; i < 14; i++) {
    cols.gpsTime[i] = at + i * 30_000;
    cols.lon[i] = 120;
    cols.lat[i] = 30;
    cols.speed[i] = i < 5 ? 130 : 60;
    cols.temps[0]![i] = i >= 1 && i <= 13 ? 12 : 5;
  }
  await raiseAlarms(t.db, vehicleId, cols);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  carrierId = (await get("SELECT partner_id AS id FROM users WHERE user_name = 'carrier'")).id;
  const vehicle = (sql: string, p: number) => get(`SELECT id, corp_id AS corpId, carrier_id AS carrierId, vehicle_no AS vehicleNo FROM vehicles WHERE corp_id = 1 AND is_deleted = 0 AND ${sql} ORDER BY id LIMIT 1`, p) as Promise<typeof own>;
  own = await vehicle('carrier_id = ?', carrierId);
  other = await vehicle('carrier_id <> ?', carrierId);
  for (const v of [own, other]) await t.db.run('UPDATE vehicles SET gather_temperature = 1, temperaturectrl = 1 WHERE id = ?', [v.id]);
  t0 = Date.now() - 6 * 60 * MIN;
  await businessAlarms(own.id, t0);
  await businessAlarms(other.id, t0 + 60 * MIN);
  await recordDriverEvent(t.db, own, { vehicleId: own.id, eventType: 301, eventLevel: 3, gpsTime: t0 + 120 * MIN, lon: 120, lat: 30 });
  await recordDriverEvent(t.db, other, { vehicleId: other.id, eventType: 317, eventLevel: 1, gpsTime: t0 + 180 * MIN, lon: 120, lat: 30 });
});

describe('counts by kind', () => {
  it('count each kind of the filtered alarms, and each kind is what its tab lists', async () => {
    const all = (await admin.post('/alarmResult/countByKind', {})).result;
    expect(all.totalRecords).toBe(6);
    expect(kinds(all)).toEqual({ 温度异常: 2, 超速: 2, 疲劳驾驶: 1, 玩手机: 1 });
    for (const tab of all.tabs) {
      const list = await admin.post('/alarmResult/findByPage', { lastAlarmType: [tab.lastAlarmType] });
      expect(list.result.totalRecords).toBe(tab.count);
      expect(list.result.data.every((r: Row) => r.lastAlarmType === tab.lastAlarmType)).toBe(true);
    }
    // The kind itself does not narrow its own counts (the tabs stay), the other filters do.
    expect(kinds((await admin.post('/alarmResult/countByKind', { lastAlarmType: [102] })).result)).toEqual(kinds(all));
    expect(kinds((await admin.post('/alarmResult/countByKind', { firstAlarmType: 300 })).result)).toEqual({ 疲劳驾驶: 1, 玩手机: 1 });
    expect(kinds((await admin.post('/alarmResult/countByKind', { firstAlarmType: 100 })).result)).toEqual({ 温度异常: 2, 超速: 2 });
  });

  it('filters by carrier, plate, alarm status and time', async () => {
    expect(kinds((await admin.post('/alarmResult/countByKind', { carrierId })).result)).toEqual({ 温度异常: 1, 超速: 1, 疲劳驾驶: 1 });
    const byPlate = await admin.post('/alarmResult/findByPage', { vehicleNo: other.vehicleNo.slice(2) });
    expect(new Set(byPlate.result.data.map((r: Row) => r.vehicleName))).toEqual(new Set([other.vehicleNo]));
    expect(byPlate.result.data[0]).toMatchObject({ carrierName: expect.any(String), handleStatusStr: '未处理' });
    const ended = await admin.post('/alarmResult/findByPage', { status: 0 });
    expect(ended.result.data.every((r: Row) => r.status === 0)).toBe(true);
    const window = await admin.post('/alarmResult/countByKind', { beginTime: [t0 + 100 * MIN, null] });
    expect(kinds(window.result)).toEqual({ 疲劳驾驶: 1, 玩手机: 1 });
  });
});

describe('batch ignore', () => {
  it('ignores the three chosen alarms through their own calls and leaves every other alarm alone', async () => {
    const list = (await admin.post('/alarmResult/findByPage', { handleStatus: [0], pageSize: 100 })).result.data as Row[];
    const business = list.filter((r) => r.firstAlarmType !== 300 && r.vehicleId === own.id).map((r) => r.id);
    const driver = list.filter((r) => r.firstAlarmType === 300 && r.vehicleId === own.id).map((r) => r.id);
    expect([business.length, driver.length]).toEqual([2, 1]);
    const before = await handleStatuses();
    // A driver alarm is not ignored through the business call, nor the other way round.
    expect((await t.refused(() => admin.post('/alarmResult/akeyToIgnore', { ids: driver }))).message).toBe('没有可忽略的未处理报警');
    expect((await t.refused(() => admin.post('/driverAlarm/ignore', { idList: business }))).message).toBe('没有可忽略的未处理报警');
    expect((await admin.post('/alarmResult/akeyToIgnore', { ids: business })).result).toEqual({ total: 2, ignoredCount: 2, skippedCount: 0 });
    expect((await admin.post('/driverAlarm/ignore', { idList: driver })).result).toEqual({ total: 1, ignoredCount: 1, skippedCount: 0 });
    const after = await handleStatuses();
    const chosen = new Set([...business, ...driver]);
    for (const [id, h] of Object.entries(after)) expect([id, h]).toEqual([id, chosen.has(Number(id)) ? 2 : before[id]]);
    expect(kinds((await admin.post('/alarmResult/countByKind', { handleStatus: [0] })).result)).toEqual({ 温度异常: 1, 超速: 1, 玩手机: 1 });
    expect(kinds((await admin.post('/alarmResult/countByKind', { handleStatus: [2] })).result)).toEqual({ 温度异常: 1, 超速: 1, 疲劳驾驶: 1 });
  });
});

describe('scope', () => {
  it("a carrier user with the alarm list sees its carrier's alarms only", async () => {
    await t.db.run(`INSERT INTO role_operations (corp_id, role_id, operation_id) SELECT 1, ur.role_id, 'alarmList3' FROM user_roles ur
      JOIN users u ON u.id = ur.user_id WHERE u.user_name = 'carrier'`, []);
    t.sessions.invalidate();
    const carrier = await t.as('carrier');
    const counts = (await carrier.post('/alarmResult/countByKind', {})).result;
    expect(kinds(counts)).toEqual({ 温度异常: 1, 超速: 1, 疲劳驾驶: 1 });
    const list = (await carrier.post('/alarmResult/findByPage', { pageSize: 100 })).result;
    expect(list.totalRecords).toBe(3);
    expect(list.data.every((r: Row) => r.vehicleId === own.id)).toBe(true);
    // Another carrier's alarm cannot be ignored by asking for it.
    const foreign = (await admin.post('/alarmResult/findByPage', { vehicleNo: other.vehicleNo, handleStatus: [0], firstAlarmType: 100 })).result.data[0].id;
    expect((await t.refused(() => carrier.post('/alarmResult/akeyToIgnore', { ids: [foreign] }))).message).toBe('没有可忽略的未处理报警');
  });

  it('another corporation counts none of them', async () => {
    expect((await (await t.as('admin2')).post('/alarmResult/countByKind', {})).result).toEqual({ totalRecords: 0, tabs: [] });
  });

  it('without an alarm operation the calls are forbidden', async () => {
    expect((await (await t.as('customer')).post('/alarmResult/countByKind', {})).code).toBe(104);
  });
});

describe('bad input', () => {
  it.each([
    [{ firstAlarmType: 200 }, '报警大类'],
    [{ carrierId: 0 }, '承运商'],
    [{ vehicleNo: '浙'.repeat(21) }, '车牌号'],
    [{ handleStatus: [5] }, '处理状态'],
    [{ beginTime: ['today', null] }, '报警时间'],
    [{ kind: 1 }, 'kind'],
  ])('%j is refused with code 100 naming %s', async (body, name) => {
    for (const path of ['/alarmResult/findByPage', '/alarmResult/countByKind']) {
      const r = await admin.post(path, body);
      expect([path, r.code]).toEqual([path, 100]);
      expect(r.message).toContain(name);
    }
  });

  it('the batch ignore refuses bad id lists, naming the field, and changes nothing', async () => {
    for (const [path, body] of [['/alarmResult/akeyToIgnore', { ids: [] }], ['/alarmResult/akeyToIgnore', { ids: ['1'] }], ['/driverAlarm/ignore', { idList: [-1] }],
      ['/driverAlarm/ignore', { ids: [1] }], ['/alarmResult/akeyToIgnore', { ids: Array(1001).fill(1) }]] as const) {
      const r = await t.refused(() => admin.post(path, body));
      expect([path, r.code]).toEqual([path, 100]);
      expect(r.message).toMatch(/报警|idList|ids/);
    }
  });
});
