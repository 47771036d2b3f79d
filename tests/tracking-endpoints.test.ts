// The track endpoints over a waybill in transit: a terminal's batch goes in through the ingestion
// endpoint (bad batches refused whole, naming the point and field), then the track pages read it
// back — points page by page, stops, doors, temperatures without the sentinel, cold machine, area
// visits — each scoped like the waybill; the icon settings are per user; the export is a download.
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { waybillOnTheRoad, type WaybillFixture } from './support/waybill-fixture.ts';
import { COLD_MACHINE_BIT, doorBit, TEMP_NONE, type TrackPoint } from '../server/tracking/columns.ts';
import { asTerminal } from './support/terminal.ts';
import { subscribeLive, type LivePosition } from '../server/tracking/live-hub.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
const MIN = 60_000;

let t: TestApp;
let admin: Caller, dispatcher: Caller, monitor: Caller, customer: Caller, carrier: Caller, admin2: Caller;
let f: WaybillFixture;
/** The terminal gateways of the two corporations: ingestion takes a credential, never a session. */
let gateway: Awaited<ReturnType<typeof asTerminal>>, gateway2: Awaited<ReturnType<typeof asTerminal>>;
let vehicle: { id: number; vehicleNo: string; terminal: string };
let startArea: { name: string; lon: number; lat: number };
let points: TrackPoint[];
const NOW = Date.now();

/** 40 min of track every 30 s: 8 min parked at the loading fence (door 1 open minutes 2-4), then driving east, then 6 min parked. */
function makeTrack(): TrackPoint[] {
  const t0 = NOW - 45 * MIN;
  return Array.from({ length: 80 }, (_, i) => {
    const min = i / 2;
    const parked1 = min < 8, parked2 = min >= 34;
    const km = parked1 ? 0 : Math.min(min - 8, 26) * 0.8; // 48 km/h
    const door = min >= 2 && min < 4 ? doorBit(1) : 0;
    return {
      lon: +(startArea.lon + km / 95).toFixed(6), lat: startArea.lat, gpsTime: t0 + i * 30_000,
      speed: parked1 || parked2 ? 0 : 48, direction: 90, odometer: +(5000 + km).toFixed(3),
      status: door | COLD_MACHINE_BIT, t1: i % 10 === 5 ? TEMP_NONE : 4 + (i % 3) / 10,
    };
  });
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, dispatcher, monitor, customer, carrier, admin2] = await Promise.all(['admin', 'dispatcher', 'monitor', 'customer', 'carrier', 'admin2'].map((u) => t.as(u)));
  ({ f, vehicle, start: startArea } = await waybillOnTheRoad(t.db, NOW));
  await t.db.run('UPDATE vehicles SET gather_temperature = 1, temperaturectrl = 1, detect_door = 1, open_door_status = 1, cold_machine = 1 WHERE id = ?', [vehicle.id]);
  points = makeTrack();
  gateway = await asTerminal(t, 1);
  gateway2 = await asTerminal(t, 2);
});

describe('ingestion', () => {
  it('refuses a batch with one bad point whole, naming the point and the field', async () => {
    const bad = points.slice(0, 10).map((p, i) => (i === 3 ? { ...p, lat: 91 } : p));
    const r = await t.refused(() => gateway.post('/track/ingest', { vehicleId: vehicle.id, points: bad }));
    expect(r.code).toBe(100);
    expect(r.message).toContain('第4个');
    expect(r.message).toContain('纬度');
    expect(r.result.field).toBe('points.3.lat');
  });

  it('refuses points from the future, unknown fields and text for numbers', async () => {
    const future = await t.refused(() => gateway.post('/track/ingest', { vehicleId: vehicle.id, points: [{ ...points[0], gpsTime: NOW + 3600_000 }] }));
    expect(future.message).toContain('定位时间');
    const extra = await t.refused(() => gateway.post('/track/ingest', { vehicleId: vehicle.id, points: [{ ...points[0], t17: 3 }] }));
    expect(extra.result.field).toBe('points.0.t17');
    const text = await t.refused(() => gateway.post('/track/ingest', { vehicleId: vehicle.id, points: [{ ...points[0], speed: '60' }] }));
    expect(text.message).toContain('速度');
  });

  it('is refused to console users, whatever their rights, and for vehicles of another corporation', async () => {
    expect((await monitor.post('/track/ingest', { vehicleId: vehicle.id, points: points.slice(0, 1) })).code).toBe(103);
    expect((await admin.post('/track/ingest', { vehicleId: vehicle.id, points: points.slice(0, 1) })).code).toBe(103);
    expect((await gateway2.post('/track/ingest', { vehicleId: vehicle.id, points: points.slice(0, 1) })).code).toBe(0);
  });

  it('stores every point of good batches sent out of order, dropping repeats, and streams each batch\'s newest point once', async () => {
    const heard: LivePosition[] = [], otherCorp: LivePosition[] = [];
    const stop = subscribeLive(1, (p) => heard.push(p));
    const stopOther = subscribeLive(2, (p) => otherCorp.push(p));
    try {
      const late = await gateway.post('/track/ingest', { dataTerminalId: vehicle.terminal, points: points.slice(40) });
      expect(late.result).toEqual({ received: 40, stored: 40, duplicates: 0 });
      const early = await gateway.post('/track/ingest', { vehicleId: vehicle.id, points: [...points.slice(0, 41), points[0]] });
      expect(early.result).toEqual({ received: 42, stored: 40, duplicates: 2 });
      const repeat = await gateway.post('/track/ingest', { vehicleId: vehicle.id, points: points.slice(0, 2) });
      expect(repeat.result).toEqual({ received: 2, stored: 0, duplicates: 2 });
    } finally { stop(); stopOther(); }
    // A batch that stored nothing new moves no marker; another corporation hears nothing.
    expect(heard.map((p) => [p.vehicleId, p.point.gpsTime])).toEqual([[vehicle.id, points[79].gpsTime], [vehicle.id, points[40].gpsTime]]);
    expect(otherCorp).toEqual([]);
    // The monitor's last position is the newest point, not the newest batch.
    const last = await t.db.one<{ gpsTime: number; speed: number; sensors: string }>('SELECT gps_time AS "gpsTime", speed, sensors FROM vehicle_last_positions WHERE vehicle_id = ?', [vehicle.id]);
    expect({ ...last, gpsTime: Number(last!.gpsTime) }).toEqual({ gpsTime: points[79].gpsTime, speed: points[79].speed, sensors: JSON.stringify({ t1: points[79].t1 }) });
  });
});

describe('track pages', () => {
  const byWaybill = () => ({ waybillId: f.waybillId });

  it('pages the track points with the spec fields, the same points as one big page', async () => {
    const whole = await dispatcher.post('/waybill/getTrackList', { ...byWaybill(), pageParamVO: { curPage: 1, pageSize: 8000 } });
    expect(whole.code).toBe(1);
    expect(whole.result.totalRecords).toBe(80);
    expect(whole.result.startPlaceName).toBe(startArea.name);
    const first = whole.result.data[0];
    expect(first).toMatchObject({ sn: 1, vehicleId: vehicle.id, vehicleNo: vehicle.vehicleNo, gpsTimeMillisecond: points[0].gpsTime, speed: 0, odometer: 5000, curOdom: 0, t1: 4, alarm: 0, trackPlace: startArea.name });
    expect(first.gpsTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(first.statusStr).toBe('ACC关,冷机开');
    expect(whole.result.data[5].statusStr).toBe('ACC关,冷机开,门1开');
    expect(first).not.toHaveProperty('t2');
    const pages = [];
    for (let p = 1; p <= 3; p++) pages.push(...(await monitor.post('/waybill/getTrackList', { ...byWaybill(), pageParamVO: { curPage: p, pageSize: 30 } })).result.data);
    expect(pages).toEqual(whole.result.data);
    expect(pages[30].sn).toBe(31);
    expect(pages[30].odometerInterval).toBe(0.4);
  });

  it('limits the range to the times asked for', async () => {
    const r = await dispatcher.post('/waybill/getTrackList', { vehicleId: vehicle.id, startTime: points[10].gpsTime, endTime: points[19].gpsTime });
    expect(r.result.totalRecords).toBe(10);
    expect(r.result.data[0].curOdom).toBe(0);
  });

  it('finds the two stops, the first at the loading fence with the door opened', async () => {
    const r = await dispatcher.post('/waybill/getStopCarList', byWaybill());
    expect(r.result).toHaveLength(2);
    expect(r.result[0]).toMatchObject({ areaName: startArea.name, stopPlaceName: startArea.name, durationStr: '7分钟', openDoorStatus: 1, curOdom: 0 });
    expect(r.result[1].curOdom).toBe(20.8);
  });

  it('lists the door opening, the cold machine run, the temperatures without the -999 readings and the visit', async () => {
    const doors = (await dispatcher.post('/waybill/getOpenDoorList', byWaybill())).result;
    expect(doors).toMatchObject([{ doorNumber: 1, duration: '1分钟', areaName: startArea.name }]);
    const cold = (await dispatcher.post('/waybill/getRefrigeratorList', byWaybill())).result;
    expect(cold).toHaveLength(1);
    expect(cold[0].bPlaceName).toBe(startArea.name);
    const temps = (await dispatcher.post('/waybill/getTemperatureList', byWaybill())).result;
    expect(Object.keys(temps)).toEqual(['th1']);
    expect(temps.th1).toHaveLength(72);
    expect(temps.th1.every((p: { y: number }) => p.y >= 4 && p.y <= 4.2)).toBe(true);
    expect((await dispatcher.post('/waybill/getHumidityList', byWaybill())).result).toEqual({});
    const areas = (await dispatcher.post('/waybill/getAreaList', byWaybill())).result;
    expect(areas[0]).toMatchObject({ areaName: startArea.name, inTime: points[0].gpsTime });
  });

  it('answers the latest location, the equipment and the track by transfer order number', async () => {
    const loc = await dispatcher.post('/waybill/findLocationInfoByVehicleId', { vehicleId: vehicle.id });
    expect(loc.result).toMatchObject({ vehicleNo: vehicle.vehicleNo, gpsTimeMillisecond: points[79].gpsTime });
    const car = await dispatcher.post('/orderDetails/findCarMesByEquipId', { dataTerminalId: vehicle.terminal });
    expect(car.result).toMatchObject({ vehicleId: vehicle.id, coldMachine: 1, detectDoor: 1 });
    const equip = await dispatcher.get(`/orderDetails/findEquipById?equipId=${vehicle.terminal}`);
    expect(equip.result).toMatchObject({ temperatureChannels: [1], doorChannels: [1] });
    const shell = await dispatcher.post('/orderDetails/findTrackByEquipId', { dataTerminalId: vehicle.terminal, startTime: points[0].gpsTime, endTime: NOW, pageParamVO: { curPage: 1, pageSize: 5000 } });
    expect(shell.result.totalRecords).toBe(80);
    expect(shell.result.transportInfos.map((x: { waybillId: number }) => x.waybillId)).toContain(f.waybillId);
    const transfer = await dispatcher.get(`/transferUploadTrack/findGpsListBytransferOrder?transferOrderNo=${f.waybillNo}`);
    expect(transfer.result).toHaveLength(80);
    expect(transfer.result[0]).toMatchObject({ longitude: points[0].lon, latitude: points[0].lat });
  });

  it('downloads the track as an Excel file', async () => {
    const res = await t.app.request(`/api/waybill/exportTrackList?waybillId=${f.waybillId}`, { headers: { token: dispatcher.token } });
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = book.getWorksheet('轨迹')!;
    expect(sheet.rowCount).toBe(81);
    expect(sheet.getRow(1).getCell(3).value).toBe('定位时间');
    expect(sheet.getRow(1).values).toContain('温度1(℃)');
  });
});

describe('scope and bad input', () => {
  it('shows the waybill to its customer and carrier, and nothing to another corporation', async () => {
    expect((await customer.post('/waybill/getTrackList', { waybillId: f.waybillId })).result.totalRecords).toBe(80);
    expect((await carrier.post('/waybill/getStopCarList', { waybillId: f.waybillId })).result).toHaveLength(2);
    const other = await admin2.post('/waybill/getTrackList', { waybillId: f.waybillId });
    expect([other.code, other.message]).toEqual([0, '记录不存在或无权访问']);
    expect((await admin2.post('/waybill/getTrackList', { vehicleId: vehicle.id, startTime: 0, endTime: NOW })).code).toBe(0);
    // A customer reads tracks through its waybills, never a vehicle directly.
    expect((await customer.post('/waybill/getTrackList', { vehicleId: vehicle.id, startTime: 0, endTime: NOW })).code).toBe(0);
  });

  it('refuses pages over 8000, bad times and a vehicle query without a range', async () => {
    const big = await dispatcher.post('/waybill/getTrackList', { waybillId: f.waybillId, pageParamVO: { curPage: 1, pageSize: 8001 } });
    expect([big.code, big.message]).toEqual([100, expect.stringContaining('每页条数')]);
    expect((await dispatcher.post('/waybill/getTrackList', { vehicleId: vehicle.id, startTime: 'yesterday', endTime: NOW })).message).toContain('开始时间');
    expect((await dispatcher.post('/waybill/getTrackList', { vehicleId: vehicle.id })).code).toBe(100);
    expect((await dispatcher.post('/waybill/getTrackList', { vehicleId: vehicle.id, startTime: NOW, endTime: 0 })).message).toContain('结束时间');
  });

  it('keeps icon visibility per user', async () => {
    expect((await dispatcher.post('/orderDetails/settingIcon', { setKey: 'stop', show: 0 })).code).toBe(1);
    expect((await dispatcher.post('/orderDetails/settingIcon', { setKey: 'stop', show: 1 })).code).toBe(1);
    expect((await dispatcher.post('/orderDetails/settingIcon', { setKey: 'door', show: 0 })).code).toBe(1);
    expect((await dispatcher.get('/orderDetails/getSettingIcon')).result).toEqual([{ setKey: 'door', show: 0 }, { setKey: 'stop', show: 1 }]);
    expect((await monitor.get('/orderDetails/getSettingIcon')).result).toEqual([]);
  });
});

describe('what the playback page reads beside the track (issue 13)', () => {
  const byWaybill = () => ({ waybillId: f.waybillId });

  it('answers the temperature range the alarms judge the waybill by: the rule in force, else the corporation\'s; the waybill\'s own over both', async () => {
    // The demo's rule for the first customer (fixtures/rules.ts) covers this waybill.
    expect((await dispatcher.post('/waybill/getTemperatureRange', byWaybill())).result).toEqual({ tempMin: 0, tempMax: 4, own: false, ruleName: '生鲜客户冷藏温控' });
    const rule = (await admin.post('/temperatureRule/page', { ruleName: '生鲜客户冷藏温控' })).result.data[0];
    expect((await admin.post('/temperatureRule/update', { id: rule.id, version: rule.version, status: 1 })).code).toBe(1);
    const corp = (await admin.get('/alarmRemindBusinessSet/getAllSet')).result;
    expect((await dispatcher.post('/waybill/getTemperatureRange', byWaybill())).result).toEqual({ tempMin: corp.tempMin, tempMax: corp.tempMax, own: false, ruleName: null });
    await t.db.run('INSERT INTO waybill_temperature_ranges (waybill_id, corp_id, temp_min, temp_max) VALUES (?, 1, -18, -12)', [f.waybillId]);
    try {
      expect((await dispatcher.post('/waybill/getTemperatureRange', byWaybill())).result).toEqual({ tempMin: -18, tempMax: -12, own: true, ruleName: null });
      // Another corporation's user learns nothing of it.
      expect((await admin2.post('/waybill/getTemperatureRange', byWaybill())).code).not.toBe(1);
    } finally {
      await t.db.run('DELETE FROM waybill_temperature_ranges WHERE waybill_id = ?', [f.waybillId]);
    }
  });

  it('names places with the offline geocoder: near a fence by the fence, nowhere known as empty', async () => {
    const r = await dispatcher.post('/waybill/getTrackPlaceNames', { points: [[startArea.lon + 0.01, startArea.lat], [125.5, 25.5], [0, 0]] });
    expect(r.code).toBe(1);
    expect(r.result).toHaveLength(3);
    expect(r.result[0]).toContain(startArea.name);
    expect(r.result.slice(1)).toEqual(['', '']);
  });

  it('refuses bad place-name requests naming the field, never a 5xx', async () => {
    const bad: unknown[] = [
      {}, { points: [] }, { points: 'x' }, { points: [[116]] }, { points: [[116, 39, 1]] }, { points: [['116', 39]] },
      { points: [[-181, 39]] }, { points: [[116, 39]], extra: 1 }, { points: Array.from({ length: 201 }, () => [116, 39]) },
      { points: [["1; DROP TABLE areas", "<script>"]] },
    ];
    for (const body of bad) {
      const r = await t.refused(() => dispatcher.post('/waybill/getTrackPlaceNames', body));
      expect(r.code, JSON.stringify(body).slice(0, 60)).toBe(100);
      // The field in the user's words (an unknown one by its own name).
      expect(r.message).toMatch(/^(坐标|经纬度|extra)/);
    }
  });
});
