// Alarms end to end: the rules raising, continuing, confirming and ending alarms over batches of
// points; the top bar's summary and list; the detail; handling with the opinion's exact
// messages; ignoring; driver alarms from active-safety events; who sees which alarm.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { insertFile, insertWaybill, placeAt, type WaybillFixture } from './support/waybill-fixture.ts';
import { doorBit, emptyColumns, type TrackColumns } from '../server/tracking/columns.ts';
import { openAlarms, raiseAlarms } from '../server/alarms/raise.ts';
import { asTerminal } from './support/terminal.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
const MIN = 60_000;
let t: TestApp;
let admin: Caller;
/** The terminal gateway of the admin's corporation: ingestion takes its credential, not a session. */
let gateway: Awaited<ReturnType<typeof asTerminal>>;
let f: WaybillFixture;
let vehicleId: number;
let start: { lon: number; lat: number };
let clock: number;

interface P { lon?: number; lat?: number; speed?: number; status?: number; t1?: number }
/** n points every 30 s from time t0; far from every fence unless told otherwise. */
function batch(t0: number, n: number, at: (i: number) => P = () => ({})): TrackColumns {
  const cols = emptyColumns(n, 1);
  for (let i = 0; i < n; i++) {
    const p = at(i);
    cols.gpsTime[i] = t0 + i * 30_000;
    cols.lon[i] = p.lon ?? start.lon + 0.5;
    cols.lat[i] = p.lat ?? start.lat;
    cols.speed[i] = p.speed ?? 60;
    cols.status[i] = p.status ?? 0;
    cols.temps[0]![i] = p.t1 ?? 5;
  }
  return cols;
}
const sql = async (q: string, ...p: unknown[]) => (await t.db.one<any>(q, p))!;
const alarmsOf = (lastAlarmType: number) => t.db.all<any>('SELECT * FROM alarms WHERE vehicle_id = ? AND last_alarm_type = ? ORDER BY id', [vehicleId, lastAlarmType]);
/** Each scenario starts an hour after the previous one, so none continues another's alarm. */
const nextHour = () => (clock += 60 * MIN);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  gateway = await asTerminal(t);
  const carrierId = (await sql("SELECT partner_id AS id FROM users WHERE user_name = 'carrier'")).id;
  f = await insertWaybill(t.db, { carrierId });
  await placeAt(t.db, f, { status: 400, step: 10 }, carrierId);
  vehicleId = (await sql('SELECT vehicle_id AS id FROM waybills WHERE id = ?', f.waybillId)).id;
  await t.db.run('UPDATE vehicles SET gather_temperature = 1, temperaturectrl = 1, detect_door = 1, open_door_status = 1 WHERE id = ?', [vehicleId]);
  start = <{ lon: number; lat: number }>await sql('SELECT a.lon, a.lat FROM waybill_nodes n JOIN areas a ON a.id = n.area_id WHERE n.id = ?', f.nodes.start);
  clock = Date.now() - 48 * 60 * MIN;
});

describe('rules over batches', () => {
  it('a temperature excursion is hidden until it lasts 5 minutes, continues over batches, and ends', async () => {
    const t0 = nextHour();
    await raiseAlarms(t.db, vehicleId, batch(t0, 3, () => ({ t1: 12 })));
    expect(await openAlarms(t.db, vehicleId)).toEqual([expect.objectContaining({ lastAlarmType: 101, confirmed: 0 })]);
    expect((await admin.get('/alarmResult/getTopAlarmInfo')).result.alarmCount).toBe(0);

    await raiseAlarms(t.db, vehicleId, batch(t0 + 90_000, 12, (i) => ({ t1: i === 5 ? 13.4 : 12 })));
    const [open] = await alarmsOf(101);
    expect(open).toMatchObject({ status: 1, confirmed: 1, waybill_id: f.waybillId, begin_time: t0, end_time: t0 + 420_000 });
    const detail = await admin.get(`/alarmResult/queryById?id=${open.id}`);
    expect(detail.result).toMatchObject({
      waybillNo: f.waybillNo, lastAlarmTypeName: '温度异常', alarmType: 1, status: 1, statusStr: '未结束', handleStatus: 0, handleStatusStr: '未处理',
      alarmContent: '温度13.4℃，超出2~8℃的范围', theLastTime: '7分钟',
    });
    expect(detail.result.mainDriverInfo).not.toBe('');
    expect(detail.result.carrierName).toBeTruthy();

    await raiseAlarms(t.db, vehicleId, batch(t0 + 450_000, 3));
    expect(await alarmsOf(101)).toEqual([expect.objectContaining({ id: open.id, status: 0, end_time: t0 + 420_000 })]);
  });

  it('an excursion that ends before 5 minutes leaves nothing', async () => {
    const before = (await alarmsOf(101)).length;
    await raiseAlarms(t.db, vehicleId, batch(nextHour(), 6, (i) => ({ t1: i < 3 ? 12 : 5 })));
    expect(await alarmsOf(101)).toHaveLength(before);
  });

  it('a door opened away from the route fences alarms at once; at the loading place it does not', async () => {
    const t0 = nextHour();
    await raiseAlarms(t.db, vehicleId, batch(t0, 4, (i) => ({ lon: start.lon, lat: start.lat, speed: 0, status: doorBit(1) * Number(i < 3) })));
    expect(await alarmsOf(103)).toHaveLength(0);
    await raiseAlarms(t.db, vehicleId, batch(t0 + 10 * MIN, 4, (i) => ({ speed: 0, status: i === 1 ? doorBit(1) : 0 })));
    expect(await alarmsOf(103)).toEqual([expect.objectContaining({ status: 0, alarm_content: '在围栏外开门：门1' })]);
  });

  it('points sent twice do not raise the alarm twice', async () => {
    const cols = batch(nextHour(), 5, (i) => ({ speed: i >= 1 && i <= 3 ? 118 : 60 }));
    await raiseAlarms(t.db, vehicleId, cols);
    await raiseAlarms(t.db, vehicleId, cols);
    expect(await alarmsOf(102)).toEqual([expect.objectContaining({ peak_value: 118, alarm_content: '超速行驶，最高速度118km/h，限速100km/h' })]);
  });

  it('a long stop away from the fences, through a quiet terminal, ends when the vehicle moves on', async () => {
    const t0 = nextHour();
    await raiseAlarms(t.db, vehicleId, batch(t0, 3, () => ({ speed: 0 })));
    await raiseAlarms(t.db, vehicleId, batch(t0 + 40 * MIN, 3, (i) => ({ speed: i < 2 ? 0 : 50 })));
    expect(await alarmsOf(104)).toEqual([expect.objectContaining({ status: 0, begin_time: t0, end_time: t0 + 40 * MIN + 30_000 })]);
  });
});

describe('top bar', () => {
  it('the polling summary counts what appeared since the last query', async () => {
    const all = await admin.get('/alarmResult/getAlarmAndAbnormalCountNew');
    expect(all.result.alarmCount).toBe(4);
    expect(all.result.messageCount).toBe(4);
    expect(all.result.theLatestNewsList).toHaveLength(4);
    expect(all.result.lastMsg.title).toMatch(/ (温度异常|超速|围栏外开门|超时停车)$/);
    const later = await admin.get(`/alarmResult/getAlarmAndAbnormalCountNew?lastQueryTime=${all.result.queryTime}`);
    expect(later.result).toMatchObject({ alarmCount: 4, messageCount: 0, theLatestNewsList: [], lastMsg: null });
    expect((await admin.get('/alarmResult/getAlarmAndAbnormalCountNew?lastQueryTime=abc')).code).toBe(100);
  });

  it('the alarm list is the newest unhandled first', async () => {
    const r = await admin.get('/alarmResult/getTopAlarmInfo');
    expect(r.result.alarmCount).toBe(4);
    const times = r.result.alarmList.map((a: any) => a.beginTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(r.result.alarmList[0]).toMatchObject({ vehicleName: expect.any(String), firstAlarmType: 100, lastAlarmTypeName: '超时停车' });
  });
});

describe('handling and ignoring', () => {
  const overspeed = async () => (await alarmsOf(102))[0].id as number;

  it.each([
    [{ handleRemark: '' }, '处理意见不能为空'],
    [{ handleRemark: '   ' }, '处理意见不能为空'],
    [{}, '处理意见不能为空'],
    [{ handleRemark: '超'.repeat(257) }, '处理意见不能超过256个字符'],
  ])('%j is refused: %s', async (body, message) => {
    const id = await overspeed();
    const r = await t.refused(() => admin.post('/alarmResult/handlerAlarmResult', { id, ...body }));
    expect(r.code).toBe(100);
    expect(r.message).toBe(message);
  });

  it('a valid opinion of 256 characters handles it once', async () => {
    const opinion = '已联系司机，提醒注意车速。'.padEnd(256, '。');
    const id = await overspeed();
    const r = await admin.post('/alarmResult/handlerAlarmResult', { id, handleRemark: opinion });
    expect(r.code).toBe(1);
    expect(r.message).toBe('处理成功');
    expect(r.result).toMatchObject({ handleStatus: 1, handleStatusStr: '已处理', handleRemark: opinion, handleUserName: '系统管理员' });
    expect(r.result.handleTimeStr).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await t.refused(() => admin.post('/alarmResult/handlerAlarmResult', { id, handleRemark: '再次处理' }))).message).toBe('该报警已处理或已忽略，请刷新后重试');
    expect((await admin.get('/alarmResult/getTopAlarmInfo')).result.alarmCount).toBe(3);
  });

  it('ignoring takes the unhandled ones among the ids and says how many', async () => {
    const ids = [(await alarmsOf(101))[0].id, (await alarmsOf(103))[0].id, await overspeed()];
    const r = await admin.post('/alarmResult/akeyToIgnore', { ids });
    expect(r).toMatchObject({ code: 1, message: '忽略成功', result: { total: 3, ignoredCount: 2, skippedCount: 1 } });
    expect((await alarmsOf(101))[0].handle_status).toBe(2);
    expect((await t.refused(() => admin.post('/alarmResult/akeyToIgnore', { ids }))).message).toBe('没有可忽略的未处理报警');
    expect((await admin.get('/alarmResult/getTopAlarmInfo')).result.alarmCount).toBe(1);
    const list = await admin.post('/alarmResult/findByPage', { handleStatus: [2] });
    expect(list.result.totalRecords).toBe(2);
  });
});

describe('driver alarms', () => {
  let eventId: number;
  it('an active-safety event with a photo becomes a type 2 driver alarm', async () => {
    const fileId = await insertFile(t.db, (await sql("SELECT id FROM users WHERE user_name = 'admin'")).id);
    const body = { vehicleId, eventType: 301, eventLevel: 3, gpsTime: nextHour(), lon: start.lon, lat: start.lat, speed: 72, fileIds: [fileId] };
    const r = await gateway.post('/driverAlarm/receiveEvent', body);
    expect(r.result.duplicate).toBe(false);
    eventId = r.result.id;
    expect((await gateway.post('/driverAlarm/receiveEvent', body)).result).toEqual({ id: eventId, duplicate: true });
    const d = await admin.get(`/driverAlarm/getAlarmById?id=${eventId}`);
    expect(d.result).toMatchObject({
      firstAlarmType: 300, alarmType: 2, lastAlarmTypeName: '疲劳驾驶', eventLevelView: '高', speed: 72,
      imgContent: [`/api/file/download/${fileId}`], alarmContent: '疲劳驾驶，报警级别：高，车速72km/h',
    });
    expect(d.result.beginPlaceName).not.toBe('');
    // A driver alarm is not a business alarm, and the other way round.
    expect((await admin.get(`/alarmResult/queryById?id=${eventId}`)).message).toBe('记录不存在或无权访问');
    expect((await admin.get(`/driverAlarm/getAlarmById?id=${(await alarmsOf(102))[0].id}`)).message).toBe('记录不存在或无权访问');
  });

  it('refuses a photo that is not the corporation\'s', async () => {
    const r = await t.refused(() => gateway.post('/driverAlarm/receiveEvent', { vehicleId, eventType: 302, eventLevel: 1, gpsTime: clock, lon: 120, lat: 30, fileIds: ['0000-1111'] }));
    expect(r.code).toBe(100);
  });

  it('handled with an opinion, or ignored', async () => {
    expect((await t.refused(() => admin.post('/driverAlarm/handle', { id: eventId, handleRemark: '' }))).message).toBe('处理意见不能为空');
    expect((await admin.post('/driverAlarm/handle', { id: eventId, handleRemark: '已提醒司机休息' })).result.handleStatus).toBe(1);
    const second = (await gateway.post('/driverAlarm/receiveEvent', { vehicleId, eventType: 317, eventLevel: 2, gpsTime: nextHour(), lon: 120, lat: 30 })).result.id;
    expect((await admin.post('/driverAlarm/ignore', { idList: [second] })).result.ignoredCount).toBe(1);
  });
});

describe('scope', () => {
  it('another corporation sees none of it', async () => {
    const other = await t.as('admin2');
    expect((await other.get(`/alarmResult/queryById?id=${(await alarmsOf(104))[0].id}`)).message).toBe('记录不存在或无权访问');
    expect((await other.get('/alarmResult/getTopAlarmInfo')).result.alarmCount).toBe(0);
    const stop = (await alarmsOf(104))[0].id;
    expect((await t.refused(() => other.post('/alarmResult/akeyToIgnore', { ids: [stop] }))).message).toBe('没有可忽略的未处理报警');
  });

  it('without BusinessAlarmReport3 the calls are forbidden', async () => {
    const customer = await t.as('customer');
    expect((await customer.get('/alarmResult/getTopAlarmInfo')).code).toBe(104);
  });

  it("a carrier user sees its carrier's alarms only", async () => {
    const roleId = (await sql("SELECT role_id AS id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.user_name = 'carrier'")).id;
    await t.db.run("INSERT INTO role_operations (corp_id, role_id, operation_id) VALUES (1, ?, 'BusinessAlarmReport3')", [roleId]);
    t.sessions.invalidate();
    const carrier = await t.as('carrier');
    expect((await carrier.get(`/alarmResult/queryById?id=${(await alarmsOf(104))[0].id}`)).code).toBe(1);
    await t.db.run('UPDATE alarms SET carrier_id = NULL WHERE id = ?', [(await alarmsOf(104))[0].id]);
    expect((await carrier.get(`/alarmResult/queryById?id=${(await alarmsOf(104))[0].id}`)).message).toBe('记录不存在或无权访问');
  });
});

describe('ingestion', () => {
  it('points posted by a terminal gateway raise their alarms', async () => {
    const t0 = Date.now() - 20 * MIN;
    const points = Array.from({ length: 6 }, (_, i) => ({
      lon: start.lon + 0.5, lat: start.lat, gpsTime: t0 + i * 30_000, speed: i < 4 ? 125 : 70, direction: 90, odometer: 1000 + i, status: 0, t1: 5,
    }));
    const before = (await alarmsOf(102)).length;
    const r = await gateway.post('/track/ingest', { vehicleId, points });
    expect(r.code).toBe(1);
    const raised = await alarmsOf(102);
    expect(raised).toHaveLength(before + 1);
    expect(raised.at(-1)).toMatchObject({ begin_time: t0, end_time: t0 + 90_000, peak_value: 125, status: 0 });
  });
});
