// The home dashboard's calls against figures counted by hand from the fixture below: today's orders
// and waybills by status, the on-time rate, open alarms by type, vehicles online, volume by business
// line, the lines' delivering amounts and the map of waybills in transit; each as staff, as a
// carrier user (its own rows only), as a customer user, and as another corporation. Then the
// dashboard rules: defaults by permission, saving an order, and bad input refused with nothing changed.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { insertWaybill, placeAt, rowOf, vehicleOf, type WaybillFixture } from './support/waybill-fixture.ts';
import { emptyColumns } from '../server/tracking/columns.ts';
import { raiseAlarms } from '../server/alarms/raise.ts';
import { recordDriverEvent } from '../server/alarms/driver-events.ts';
import { ONLINE_MINUTES } from '../server/tracking/online.ts';

type Row = Record<string, any>;
const DAY = 86_400_000;
const MIN = 60_000;
let t: TestApp;
let carrierC: number;
let carrierD: number;
let w: Record<'todayC' | 'todayOpen' | 'yesterdayC' | 'todayD', WaybillFixture>;
let vehicleC: { id: number; vehicleNo: string };
let corpVehicles: number;
let carrierVehicles: number;

const byStatus = (rows: { status: number; count: number }[]) => Object.fromEntries(rows.map((r) => [r.status, r.count]));
async function ok(user: string, path: string) {
  const r = await (await t.as(user)).get(path);
  expect(r.code, r.message).toBe(1);
  return r.result;
}
async function lastPosition(vehicleId: number, gpsTime: number) {
  await t.db.run(`INSERT INTO vehicle_last_positions (vehicle_id, corp_id, gps_time, lon, lat, speed, direction, odometer, status, sensors, stored_at)
    VALUES (?, 1, ?, 113.62, 34.75, 62, 90, 1000, 0, '{"t1":4.2}', ?)`, [vehicleId, gpsTime, gpsTime]);
}

beforeAll(async () => {
  t = await createTestApp();
  const now = Date.now();
  carrierC = (await rowOf(t.db, "SELECT partner_id AS p FROM users WHERE user_name = 'carrier'")).p;
  carrierD = (await rowOf(t.db, 'SELECT id FROM carriers WHERE corp_id = 1 AND id <> ? AND is_deleted = 0 ORDER BY id LIMIT 1', carrierC)).id;
  const otherCustomer = (await rowOf(t.db, "SELECT id FROM customers WHERE corp_id = 1 AND id <> (SELECT partner_id FROM users WHERE user_name = 'customer') ORDER BY id LIMIT 1")).id;
  w = {
    // In transit today for the carrier user's carrier; its vehicle reports (online).
    todayC: await insertWaybill(t.db, { carrierId: carrierC }),
    // Waiting for a vehicle, no carrier.
    todayOpen: await insertWaybill(t.db),
    // Created yesterday for carrier C, delivered on time.
    yesterdayC: await insertWaybill(t.db, { carrierId: carrierC, now: now - DAY }),
    // A poultry (毛鸡运输, 15) waybill in transit for another carrier and customer; its vehicle never reported.
    todayD: await insertWaybill(t.db, { carrierId: carrierD, customerId: otherCustomer }),
  };
  await placeAt(t.db, w.todayC, { status: 400, step: 10 }, carrierC);
  await placeAt(t.db, w.todayD, { status: 400, step: 10 }, carrierD);
  await placeAt(t.db, w.yesterdayC, { status: 500, step: 13 }, carrierC);
  await t.db.run("UPDATE waybill_nodes SET arrive_state = 1 WHERE waybill_id = ? AND node_type = 'end'", [w.yesterdayC.waybillId]);
  await t.db.run('UPDATE waybills SET business_type = 15 WHERE id = ?', [w.todayD.waybillId]);
  // Another corporation's waybill: nobody of corporation 1 counts it.
  await insertWaybill(t.db, { corpId: 2 });

  vehicleC = await vehicleOf(t.db, carrierC);
  const otherC = (await rowOf(t.db, 'SELECT id FROM vehicles WHERE corp_id = 1 AND carrier_id = ? AND id <> ? AND is_deleted = 0 ORDER BY id LIMIT 1', carrierC, vehicleC.id)).id;
  const vehicleD = await vehicleOf(t.db, carrierD);
  const spareD = (await rowOf(t.db, 'SELECT id FROM vehicles WHERE corp_id = 1 AND carrier_id = ? AND id <> ? AND is_deleted = 0 ORDER BY id LIMIT 1', carrierD, vehicleD.id)).id;
  await lastPosition(vehicleC.id, now - MIN); // online, on todayC
  await lastPosition(otherC, now - (ONLINE_MINUTES + 1) * MIN); // reported, but too long ago
  await lastPosition(spareD, now - 2 * MIN); // online, no waybill
  corpVehicles = (await rowOf(t.db, 'SELECT count(*) AS n FROM vehicles WHERE corp_id = 1 AND is_deleted = 0')).n;
  carrierVehicles = (await rowOf(t.db, 'SELECT count(*) AS n FROM vehicles WHERE corp_id = 1 AND carrier_id = ? AND is_deleted = 0', carrierC)).n;

  // Alarms: an overspeed on carrier C's vehicle (raised by the real rules), a driver alarm on carrier D's,
  // and a handled overspeed on D's that is no longer open.
  const cols = emptyColumns(5);
  for (let i = 0; i < 5; i++) ((cols.gpsTime[i] = now - 3600_000 + i * 30_000), (cols.lon[i] = 120), (cols.lat[i] = 30), (cols.speed[i] = 130));
  await raiseAlarms(t.db, vehicleC.id, cols);
  await raiseAlarms(t.db, vehicleD.id, cols);
  await t.db.run('UPDATE alarms SET handle_status = 1 WHERE vehicle_id = ?', [vehicleD.id]);
  await recordDriverEvent(t.db, { id: vehicleD.id, corpId: 1, carrierId: carrierD }, { vehicleId: vehicleD.id, eventType: 301, eventLevel: 2, gpsTime: now - 600_000, lon: 120, lat: 30 });
});

describe('statistics/doBusi', () => {
  it('staff: today\'s orders and waybills by status, on-time rate, open alarms by type, vehicles online', async () => {
    const r = await ok('admin', '/statistics/doBusi');
    // Three orders and three waybills made today in corporation 1 (yesterday's and corporation 2's are not).
    expect(r.orders.total).toBe(3);
    expect(r.waybills.total).toBe(3);
    expect(byStatus(r.waybills.byStatus)).toEqual({ 100: 1, 400: 2 });
    expect(r.waybills.byStatus.find((s: Row) => s.status === 400).statusStr).toBe('运输中');
    // Split by business line, as each line's own list counts them.
    expect(Object.fromEntries(r.waybills.byLine.map((l: Row) => [l.businessLineName, byStatus(l.byStatus)]))).toEqual({ 饲料成品: { 100: 1, 400: 1 }, 养禽: { 400: 1 } });
    expect(r.orders.byLine.map((l: Row) => [l.businessLine, l.total])).toEqual([['finishProduct', 3]]);
    // yesterday's arrived on time, both of today's in transit reached the unloading place late.
    expect(r.onTime).toEqual({ days: 30, onTime: 1, late: 2, rate: 0.333 });
    expect(r.alarms.total).toBe(2);
    expect(r.alarms.byType.map((a: Row) => [a.alarmTypeName, a.count]).sort()).toEqual([['疲劳驾驶', 1], ['超速', 1]]);
    expect(r.vehicles).toEqual({ total: corpVehicles, online: 2, onlineMinutes: ONLINE_MINUTES });
  });

  it('each count equals the list it links to, with the same creation period', async () => {
    const admin = await t.as('admin');
    const r = (await admin.get('/statistics/doBusi')).result;
    const tabs = (await admin.post('/waybill/getWaybillNumberByCondition', { createdAt: r.createdAt })).result.tabs;
    expect(byStatus(tabs.filter((x: Row) => x.count > 0))).toEqual(byStatus(r.waybills.byStatus));
    const orders = (await admin.post('/orderInfo/count', { createdAt: r.createdAt, groupByStatus: true })).result;
    expect(byStatus(orders)).toEqual(byStatus(r.orders.byStatus));
    // A line's numbers are its list's tab counts (that list's fixed filter is the line's business types).
    const poultry = (await admin.post('/waybill/getWaybillNumberByCondition', { createdAt: r.createdAt, businessType: [15] })).result.tabs;
    expect(byStatus(poultry.filter((x: Row) => x.count > 0))).toEqual(byStatus(r.waybills.byLine.find((l: Row) => l.businessLine === 'yqmj').byStatus));
    expect((await admin.get('/alarmResult/getTopAlarmInfo')).result.alarmCount).toBe(r.alarms.total);
  });

  it('a carrier user counts its own carrier\'s rows only, and gets no orders or alarms it has no list for', async () => {
    const r = await ok('carrier', '/statistics/doBusi');
    expect(r.orders).toBeUndefined();
    expect(r.alarms).toBeUndefined();
    expect(byStatus(r.waybills.byStatus)).toEqual({ 400: 1 });
    expect(r.onTime).toMatchObject({ onTime: 1, late: 1, rate: 0.5 });
    expect(r.vehicles).toMatchObject({ total: carrierVehicles, online: 1 });
  });

  it('a customer user counts the orders of its customer only', async () => {
    const r = await ok('customer', '/statistics/doBusi');
    expect(r.orders.total).toBe(2);
    expect(r.waybills).toBeUndefined();
    expect((await (await t.as('customer')).get('/statistics/businessVolume')).code).toBe(104);
  });

  it('another corporation sees its own waybill and nothing of corporation 1', async () => {
    const r = await ok('admin2', '/statistics/doBusi');
    expect(r.waybills.total).toBe(1);
    expect(r.alarms.total).toBe(0);
  });

  it('a bad number of days is code 100 naming it', async () => {
    const admin = await t.as('admin');
    for (const days of ['0', '91', 'abc', '1.5', "1'; DROP TABLE waybills; --"]) {
      const r = await admin.get(`/statistics/doBusi?days=${encodeURIComponent(days)}`);
      expect(r.code, days).toBe(100);
      expect(r.message).toContain('准时率统计天数');
    }
    expect((await admin.get('/statistics/doBusi?days=1')).result.onTime).toMatchObject({ days: 1, onTime: 0, late: 2 });
    expect((await admin.get('/statistics/doBusi?other=1')).code).toBe(100);
  });
});

describe('statistics/businessVolume and the delivering amounts', () => {
  it('waybills per day and business line, today last', async () => {
    const r = await ok('admin', '/statistics/businessVolume?days=7');
    expect(r.dates).toHaveLength(7);
    const lines = Object.fromEntries(r.lines.map((l: Row) => [l.businessLineName, l.counts]));
    expect(lines).toEqual({ 饲料成品: [0, 0, 0, 0, 0, 1, 2], 养禽: [0, 0, 0, 0, 0, 0, 1] });
    expect(r.total).toBe(4);
    const carrier = await ok('carrier', '/statistics/businessVolume?days=2');
    expect(carrier.lines.map((l: Row) => [l.businessLine, l.counts])).toEqual([['finishProduct', [1, 1]]]);
  });

  it('each line\'s open waybills by status', async () => {
    const feed = await ok('admin', '/statistics/feedDeliveringAmount');
    expect(feed).toMatchObject({ businessLineName: '饲料成品', inTransit: 1, open: 2 });
    expect(byStatus(feed.byStatus)).toMatchObject({ 100: 1, 400: 1 });
    expect(await ok('admin', '/statistics/poultryDeliveringAmount')).toMatchObject({ businessLineName: '养禽', inTransit: 1, open: 1 });
    expect(await ok('admin', '/statistics/jiaRunDeliveringAmount')).toMatchObject({ inTransit: 0, open: 0 });
    expect(await ok('carrier', '/statistics/feedDeliveringAmount')).toMatchObject({ inTransit: 1, open: 1 });
    for (const name of ['materialDeliveringAmount', 'chickDeliveringAmount', 'daHuaNongDeliveringAmount']) {
      expect((await ok('admin', `/statistics/${name}`)).open, name).toBe(0);
    }
  });
});

describe('statistics/dashboardMap', () => {
  it('the waybills in transit with their vehicles\' last positions; one whose vehicle never reported is counted apart', async () => {
    const r = await ok('admin', '/statistics/dashboardMap');
    expect(r).toMatchObject({ total: 2, unplaced: 1, truncated: false });
    expect(r.data).toHaveLength(1);
    expect(r.data[0]).toMatchObject({ waybillId: w.todayC.waybillId, waybillNo: w.todayC.waybillNo, vehicleNo: vehicleC.vehicleNo, lon: 113.62, lat: 34.75, online: true });
    expect(r.data[0].gpsTimeStr).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('a carrier user sees its own waybill only; another corporation none', async () => {
    expect((await ok('carrier', '/statistics/dashboardMap')).total).toBe(1);
    expect((await ok('admin2', '/statistics/dashboardMap')).total).toBe(0);
  });
});

describe('dashboardRuleSet', () => {
  it('offers by default every card the user may see, all shown', async () => {
    const admin = await ok('admin', '/dashboardRuleSet/findByUserId');
    expect(admin.customized).toBe(false);
    expect(admin.cards.map((c: Row) => c.cardKey)).toEqual(['todayOrders', 'todayWaybills', 'onTimeRate', 'openAlarms', 'vehiclesOnline', 'businessVolume', 'deliveringAmount', 'transitMap']);
    expect(admin.cards.every((c: Row) => c.show)).toBe(true);
    const carrier = await ok('carrier', '/dashboardRuleSet/findByUserId');
    expect(carrier.cards.map((c: Row) => c.title)).toEqual(['今日运单', '准时率', '在线车辆', '业务量趋势', '各业务线在途', '在途运单地图']);
  });

  it('keeps a user\'s order and hidden cards; cards left out come after them, shown', async () => {
    const dispatcher = await t.as('dispatcher');
    const saved = await dispatcher.post('/dashboardRuleSet/addOrUpdate', { cards: [{ cardKey: 'transitMap', show: true }, { cardKey: 'todayOrders', show: false }] });
    expect(saved.code, saved.message).toBe(1);
    const read = (await dispatcher.get('/dashboardRuleSet/findByUserId')).result;
    expect(read.customized).toBe(true);
    expect(read.cards.slice(0, 3).map((c: Row) => [c.cardKey, c.show, c.sort])).toEqual([['transitMap', true, 1], ['todayOrders', false, 2], ['todayWaybills', true, 3]]);
    // Another user's dashboard is untouched.
    expect((await ok('admin', '/dashboardRuleSet/findByUserId')).customized).toBe(false);
  });

  it('refuses bad input with code 100 naming the field, another user with 104, and changes nothing', async () => {
    const carrier = await t.as('carrier');
    const admin = await t.as('admin');
    const bad: [unknown, string][] = [
      [{}, '看板卡片'],
      [{ cards: 'todayOrders' }, '看板卡片'],
      [{ cards: [{ cardKey: 'nope', show: true }] }, '卡片'],
      [{ cards: [{ cardKey: "'; DROP TABLE users; --", show: true }] }, '卡片'],
      [{ cards: [{ cardKey: '<script>alert(1)</script>', show: true }] }, '卡片'],
      [{ cards: [{ cardKey: 'todayWaybills', show: 'yes' }] }, '是否显示'],
      [{ cards: [{ cardKey: 'todayWaybills' }] }, '是否显示'],
      [{ cards: [{ cardKey: 'todayWaybills', show: true, extra: 1 }] }, 'extra'],
      [{ cards: [{ cardKey: 'todayWaybills', show: true }, { cardKey: 'todayWaybills', show: false }] }, '「今日运单」重复'],
      [{ cards: Array.from({ length: 9 }, () => ({ cardKey: 'todayWaybills', show: true })) }, '看板卡片'],
      [{ cards: [], userId: -1 }, '用户'],
    ];
    for (const [body, named] of bad) {
      const r = await t.refused(() => admin.post('/dashboardRuleSet/addOrUpdate', body));
      expect(r.code, JSON.stringify(body)).toBe(100);
      expect(r.message).toContain(named);
    }
    // A card of a list the carrier user cannot open.
    const denied = await t.refused(() => carrier.post('/dashboardRuleSet/addOrUpdate', { cards: [{ cardKey: 'todayOrders', show: true }] }));
    expect(denied).toMatchObject({ code: 100, message: '看板卡片：没有查看「今日订单」的权限' });
    const adminId = (await rowOf(t.db, "SELECT id FROM users WHERE user_name = 'admin'")).id;
    expect((await t.refused(() => carrier.post('/dashboardRuleSet/addOrUpdate', { userId: adminId, cards: [] }))).code).toBe(104);
    expect((await carrier.get(`/dashboardRuleSet/findByUserId?userId=${adminId}`)).code).toBe(104);
  });
});
