// The vehicle monitor (车辆监控, issue 17): every vehicle with its last report, place, temperatures,
// carried waybill, driver and open alarms, from points sent through /track/ingest with a terminal
// credential; the status tabs' counts agree with the list; carrier users see their vehicles only.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { insertWaybill, placeAt, vehicleOf, type WaybillFixture } from './support/waybill-fixture.ts';
import { asTerminal } from './support/terminal.ts';
import { ONLINE_MINUTES } from '../server/tracking/online.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;
const MIN = 60_000;
let t: TestApp;
let admin: Caller;
let f: WaybillFixture;
/** A: carrier 1's, on the waybill, reporting now. B: carrier 1's, last report 30 min ago, an overspeed alarm. C: another carrier's, reporting now. */
let A: { id: number; vehicleNo: string };
let B: { id: number; vehicleNo: string };
let C: { id: number; vehicleNo: string; carrierId: number };
let carrierId: number;
let place: { lon: number; lat: number; name: string };
let total: number;

const get = async (sql: string, ...p: unknown[]): Promise<any> => (await t.db.one<Row>(sql, p))!;
const points = (t0: number, n: number, at: (i: number) => Row = () => ({})) => Array.from({ length: n }, (_, i) => ({
  lon: place.lon, lat: place.lat, gpsTime: t0 + i * 30_000, speed: 56, direction: 90, odometer: 1000 + i, status: 0, ...at(i),
}));
const tabsOf = (r: Row) => Object.fromEntries(r.tabs.map((tab: Row) => [tab.monitorStatusStr, tab.count]));

async function grant(userName: string, op: string) {
  await t.db.run(`INSERT INTO role_operations (corp_id, role_id, operation_id) SELECT 1, ur.role_id, ? FROM user_roles ur JOIN users u ON u.id = ur.user_id
    WHERE u.user_name = ? ON CONFLICT DO NOTHING`, [op, userName]);
  t.sessions.invalidate();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  const gateway = await asTerminal(t);
  carrierId = (await get("SELECT partner_id AS id FROM users WHERE user_name = 'carrier'")).id;
  f = await insertWaybill(t.db, { carrierId });
  await placeAt(t.db, f, { status: 400, step: 10 }, carrierId);
  A = await get('SELECT v.id, v.vehicle_no AS vehicleNo FROM vehicles v JOIN waybills w ON w.vehicle_id = v.id WHERE w.id = ?', f.waybillId);
  B = await get('SELECT id, vehicle_no AS vehicleNo FROM vehicles WHERE carrier_id = ? AND id <> ? AND is_deleted = 0 ORDER BY id LIMIT 1', carrierId, A.id);
  C = await get('SELECT id, vehicle_no AS vehicleNo, carrier_id AS carrierId FROM vehicles WHERE corp_id = 1 AND carrier_id <> ? AND is_deleted = 0 ORDER BY id LIMIT 1', carrierId);
  total = (await get('SELECT count(*) AS n FROM vehicles WHERE corp_id = 1 AND is_deleted = 0')).n;
  // Channels 1 and 2 collected: a reading on channel 3 is not shown.
  await t.db.run('UPDATE vehicles SET gather_temperature = 1, temperaturectrl = 3 WHERE id = ?', [A.id]);
  place = await get('SELECT a.lon, a.lat, a.area_name AS name FROM waybill_nodes n JOIN areas a ON a.id = n.area_id WHERE n.id = ?', f.nodes.start);
  const now = Date.now();
  expect((await gateway.post('/track/ingest', { vehicleId: A.id, points: points(now - 2 * MIN, 3, () => ({ t1: 4.5, t2: -1.2, t3: 7 })) })).code).toBe(1);
  // Two minutes at 130 km/h half an hour ago: B's overspeed alarm, through the real rules.
  expect((await gateway.post('/track/ingest', { vehicleId: B.id, points: points(now - 34 * MIN, 8, (i) => ({ speed: i < 6 ? 130 : 60 })) })).code).toBe(1);
  expect((await gateway.post('/track/ingest', { vehicleId: C.id, points: points(now - MIN, 2) })).code).toBe(1);
});

describe('the list and its tabs', () => {
  it('counts every tab over the same rows the list shows', async () => {
    const counts = (await admin.post('/vehicleMonitor/count', {})).result;
    expect(counts.totalRecords).toBe(total);
    expect(tabsOf(counts)).toEqual({ 在线: 2, 离线: total - 2, 运输中: 1, 空闲: total - 1, 报警: 1 });
    for (const tab of counts.tabs) {
      const list = await admin.post('/vehicleMonitor/list', { monitorStatus: [tab.monitorStatus], pageSize: 1000 });
      expect([tab.monitorStatusStr, list.result.totalRecords]).toEqual([tab.monitorStatusStr, tab.count]);
      expect(list.result.data).toHaveLength(tab.count);
    }
  });

  it('shows the online vehicles newest report first, with place, speed, the collected temperatures, waybill and driver', async () => {
    const { data } = (await admin.post('/vehicleMonitor/list', { monitorStatus: [1] })).result;
    expect(data.map((r: Row) => r.vehicleNo)).toEqual([C.vehicleNo, A.vehicleNo]);
    const a = data[1];
    expect(a).toMatchObject({
      online: 1, onlineStr: '在线', speed: 56, temperatureStr: '温度1 4.5℃，温度2 -1.2℃', waybillId: f.waybillId, waybillNo: f.waybillNo, onWaybill: 1, openAlarms: 0,
    });
    expect(a.placeName).toContain(place.name);
    expect(a.gpsTimeStr).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(a.driverName).toBe((await get('SELECT d.driver_name AS n FROM waybills w JOIN drivers d ON d.id = w.driver_id WHERE w.id = ?', f.waybillId)).n);
    expect(data[0]).toMatchObject({ waybillId: null, waybillNo: '', onWaybill: 0, temperatureStr: '' });
  });

  it(`counts a vehicle silent for more than ${ONLINE_MINUTES} minutes offline, with its open alarm`, async () => {
    const { data } = (await admin.post('/vehicleMonitor/list', { monitorStatus: [5] })).result;
    expect(data).toEqual([expect.objectContaining({ vehicleNo: B.vehicleNo, online: 0, onlineStr: '离线', openAlarms: 1 })]);
    expect((await admin.post('/vehicleMonitor/list', { online: [0], monitorStatus: [3] })).result.totalRecords).toBe(0);
  });

  it('filters by plate, carrier and online state, and the counts follow the filters', async () => {
    const byPlate = await admin.post('/vehicleMonitor/list', { vehicleNo: A.vehicleNo.slice(1) });
    expect(byPlate.result.data.map((r: Row) => r.vehicleNo)).toContain(A.vehicleNo);
    expect(byPlate.result.data.every((r: Row) => r.vehicleNo.includes(A.vehicleNo.slice(1)))).toBe(true);
    const byCarrier = (await admin.post('/vehicleMonitor/count', { carrierId: C.carrierId })).result;
    const ofCarrier = (await get('SELECT count(*) AS n FROM vehicles WHERE corp_id = 1 AND carrier_id = ? AND is_deleted = 0', C.carrierId)).n;
    expect(byCarrier.totalRecords).toBe(ofCarrier);
    expect(tabsOf(byCarrier)).toMatchObject({ 在线: 1, 运输中: 0, 报警: 0 });
    expect(tabsOf((await admin.post('/vehicleMonitor/count', { online: [1] })).result)).toMatchObject({ 在线: 2, 离线: 0, 运输中: 1 });
    expect((await admin.post('/vehicleMonitor/list', { vehicleNo: "' OR 1=1 --" })).result.totalRecords).toBe(0);
  });

  it('an alarm handled or ignored is no longer open', async () => {
    const alarm = (await get('SELECT id FROM alarms WHERE vehicle_id = ? AND confirmed = 1', B.id)).id;
    expect((await admin.post('/alarmResult/akeyToIgnore', { ids: [alarm] })).code).toBe(1);
    expect(tabsOf((await admin.post('/vehicleMonitor/count', {})).result).报警).toBe(0);
    await t.db.run('UPDATE alarms SET handle_status = 0 WHERE id = ?', [alarm]);
  });
});

describe('who sees what', () => {
  it("a carrier user sees its carrier's vehicles only", async () => {
    await grant('carrier', 'vehicleMonitor3');
    const carrier = await t.as('carrier');
    const own = (await get('SELECT count(*) AS n FROM vehicles WHERE corp_id = 1 AND carrier_id = ? AND is_deleted = 0', carrierId)).n;
    const counts = (await carrier.post('/vehicleMonitor/count', {})).result;
    expect(counts.totalRecords).toBe(own);
    expect(tabsOf(counts)).toEqual({ 在线: 1, 离线: own - 1, 运输中: 1, 空闲: own - 1, 报警: 1 });
    const list = await carrier.post('/vehicleMonitor/list', { pageSize: 1000 });
    expect(list.result.data.map((r: Row) => r.vehicleNo)).not.toContain(C.vehicleNo);
    // Asking for another carrier's vehicles finds none.
    expect((await carrier.post('/vehicleMonitor/list', { carrierId: C.carrierId })).result.totalRecords).toBe(0);
    // Without the business jump (5023) the carried waybill's number is still shown, as text.
    const page = (await carrier.get('/ui/pages/monitor/vehicle-monitor')).result;
    expect(page.columns.find((c: Row) => c.field === 'waybillNo')).toMatchObject({ title: '当前运单' });
    expect(page.columns.find((c: Row) => c.field === 'waybillNo').link).toBeUndefined();
  });

  it('another corporation sees none of these vehicles', async () => {
    const other = await t.as('admin2');
    const list = await other.post('/vehicleMonitor/list', { vehicleNo: A.vehicleNo });
    expect(list.result.data.map((r: Row) => r.id)).not.toContain(A.id);
    expect(tabsOf((await other.post('/vehicleMonitor/count', {})).result).在线).toBe(0);
  });

  it('a customer user needs the operation, and then sees no vehicle', async () => {
    const customer = await t.as('customer');
    expect((await customer.post('/vehicleMonitor/list', {})).code).toBe(104);
    await grant('customer', 'vehicleMonitor3');
    const granted = await t.as('customer');
    expect((await granted.post('/vehicleMonitor/list', {})).result.totalRecords).toBe(0);
  });
});

describe('bad input', () => {
  it.each([
    [{ monitorStatus: [6] }, '车辆状态'],
    [{ monitorStatus: 1 }, '车辆状态'],
    [{ online: [2] }, '在线状态'],
    [{ carrierId: -1 }, '承运商'],
    [{ vehicleNo: '浙'.repeat(21) }, '车牌号'],
    [{ pageSize: 1001 }, '每页条数'],
    [{ curPage: 0 }, '页码'],
    [{ plate: '浙A' }, 'plate'],
  ])('%j is refused with code 100 naming %s', async (body, name) => {
    for (const path of ['/vehicleMonitor/list', '/vehicleMonitor/count']) {
      if (path.endsWith('count') && ('pageSize' in body || 'curPage' in body)) continue;
      const r = await admin.post(path, body);
      expect([path, r.code]).toEqual([path, 100]);
      expect(r.message).toContain(name);
    }
  });
});
