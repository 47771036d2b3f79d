// Flash photos and active-safety events for the playback page: a terminal uploads a real PNG
// through the upload endpoint, hands the snapshot over (flash/ingest: bad ones refused with the
// field named, repeats kept once), and the waybill's readers get the rows with the spec's fields,
// a downloadable picture and a place name; driver alarms come back with their pictures. Scoped
// like the track: the waybill's customer and carrier see them, another corporation does not.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { waybillOnTheRoad, type WaybillFixture } from './support/waybill-fixture.ts';
import { UPLOAD_PATH } from '../server/routes/files.ts';
import { snapshotPng } from '../scripts/seed-media-png.ts';
import { asTerminal } from './support/terminal.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
const MIN = 60_000;
const NOW = Date.now();

let t: TestApp;
let admin: Caller, dispatcher: Caller, monitor: Caller, customer: Caller, carrier: Caller, admin2: Caller;
let f: WaybillFixture;
/** The terminal gateways of the two corporations: snapshots and events come with a credential, not a session. */
let gateway: Awaited<ReturnType<typeof asTerminal>>, gateway2: Awaited<ReturnType<typeof asTerminal>>;
let vehicle: { id: number; terminal: string };
let start: { name: string; lon: number; lat: number };
let png: string, pdf: string, png2: string;

async function upload(token: string, name: string, bytes: Uint8Array): Promise<string> {
  const form = new FormData();
  form.append('files', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  const res = await t.app.request(`${UPLOAD_PATH}?businessTypeKey=vehicleMedia`, { method: 'POST', headers: { token }, body: form });
  const json = (await res.json()) as { code: number; result: { fileId: string }[] };
  expect(json.code).toBe(1);
  return json.result[0].fileId;
}

const snap = (over: Record<string, unknown> = {}) => ({
  vehicleId: vehicle.id, channel: 1, eventType: 1, picTime: NOW - 30 * MIN, lon: start.lon, lat: start.lat, speed: 0, fileId: png, ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  [admin, dispatcher, monitor, customer, carrier, admin2] = await Promise.all(['admin', 'dispatcher', 'monitor', 'customer', 'carrier', 'admin2'].map((u) => t.as(u)));
  ({ f, vehicle, start } = await waybillOnTheRoad(t.db, NOW));
  gateway = await asTerminal(t, 1);
  gateway2 = await asTerminal(t, 2);
  png = await upload(admin.token, 'snap.png', snapshotPng({ scene: 'road', plate: '豫A12345', channel: 1, time: '2026-01-01 10:00:00', hour: 10 }));
  png2 = await upload(admin.token, 'cab.png', snapshotPng({ scene: 'cabin', plate: '豫A12345', channel: 3, time: '2026-01-01 10:05:00', hour: 10 }));
  pdf = await upload(admin.token, 'a.pdf', new TextEncoder().encode('%PDF-1.4\n%x\n'));
});

describe('snapshot ingestion', () => {
  it('stores a snapshot naming an uploaded image, once however often it is sent', async () => {
    const first = await gateway.post('/flash/ingest', snap());
    expect(first.code).toBe(1);
    expect(first.result.duplicate).toBe(false);
    const again = await gateway.post('/flash/ingest', snap());
    expect(again.result).toEqual({ id: first.result.id, duplicate: true });
    // By terminal id, another channel, 35 km east of the loading place (outside every fence).
    const far = await gateway.post('/flash/ingest', { ...snap({ vehicleId: undefined, dataTerminalId: vehicle.terminal, channel: 2, picTime: NOW - 10 * MIN, lon: start.lon + 0.35, speed: 52.5 }) });
    expect(far.code).toBe(1);
  });

  it('refuses bad snapshots with the field named and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [snap({ picTime: NOW + 3600_000 }), '抓拍时间：不能晚于当前时间'],
      [snap({ lat: 91 }), '纬度'],
      [snap({ channel: 17 }), '通道'],
      [snap({ fileId: pdf }), `抓拍图片：文件不存在或不是图片：${pdf}`],
      [snap({ fileId: 'abcdef12-0000-0000-0000-000000000000' }), '抓拍图片：文件不存在或不是图片'],
      [snap({ vehicleId: undefined }), '终端号：请指定车辆ID或终端号'],
    ];
    for (const [body, message] of cases) {
      const r = await t.refused(() => gateway.post('/flash/ingest', body));
      expect(r.code, JSON.stringify(body)).toBe(100);
      expect(r.message).toContain(message);
    }
  });

  it('is for the terminals gateway of the vehicle corporation only', async () => {
    // A console session, however broad its roles, is no terminal.
    expect((await t.refused(() => monitor.post('/flash/ingest', snap({ picTime: NOW - 5 * MIN })))).code).toBe(103);
    expect((await t.refused(() => admin.post('/flash/ingest', snap({ picTime: NOW - 5 * MIN })))).code).toBe(103);
    // Another corporation: neither its vehicle nor (for its own vehicle) this corporation's file.
    expect((await t.refused(() => gateway2.post('/flash/ingest', snap({ picTime: NOW - 5 * MIN })))).code).toBe(0);
    const theirs = (await t.db.one<{ id: number }>('SELECT id FROM vehicles WHERE corp_id = 2 ORDER BY id LIMIT 1'))!.id;
    const r = await t.refused(() => gateway2.post('/flash/ingest', snap({ vehicleId: theirs, picTime: NOW - 5 * MIN })));
    expect(r.message).toContain('抓拍图片：文件不存在或不是图片');
  });
});

describe('flash photos of a waybill', () => {
  it('answers the spec fields with a place and a picture that downloads as the PNG', async () => {
    const r = await dispatcher.post('/orderDetails/findImageById', { waybillId: f.waybillId, pageParamVO: { curPage: 1, pageSize: 100 } });
    expect(r.result.totalRecords).toBe(2);
    const [inFence, outside] = r.result.data;
    expect(inFence).toMatchObject({ eventTypeName: '定时抓拍', routeView: '通道1', speed: 0, areaName: start.name, placeName: start.name, picDataType: 0 });
    expect(inFence.picTimeView).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Outside the fences the place is the offline geocoder's (a fence nearby or the city), not bare coordinates.
    expect(outside).toMatchObject({ routeView: '通道2', speed: 52.5, areaName: '' });
    expect(outside.placeName).toMatch(/[市区]/);
    const res = await t.app.request(inFence.picUrl, { headers: { token: dispatcher.token } });
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
  });

  it('pages ten at a time by default and reads a vehicle range too', async () => {
    const byVehicle = await dispatcher.post('/orderDetails/findImageById', { vehicleId: vehicle.id, startTime: NOW - 20 * MIN, endTime: NOW });
    expect(byVehicle.result).toMatchObject({ totalRecords: 1, curPage: 1, pageSize: 10 });
    const second = await dispatcher.post('/orderDetails/findImageById', { waybillId: f.waybillId, pageParamVO: { curPage: 2, pageSize: 1 } });
    expect(second.result.data[0].routeView).toBe('通道2');
  });

  it('shows them to the waybill customer and carrier, not to another corporation', async () => {
    expect((await customer.post('/orderDetails/findImageById', { waybillId: f.waybillId })).result.totalRecords).toBe(2);
    expect((await carrier.post('/orderDetails/findImageById', { waybillId: f.waybillId })).result.totalRecords).toBe(2);
    const other = await admin2.post('/orderDetails/findImageById', { waybillId: f.waybillId });
    expect([other.code, other.message]).toEqual([0, '记录不存在或无权访问']);
    expect((await customer.post('/orderDetails/findImageById', { vehicleId: vehicle.id, startTime: 0, endTime: NOW })).code).toBe(0);
    expect((await admin.post('/orderDetails/findImageById', { waybillId: f.waybillId, pageParamVO: { pageSize: 1001 } })).code).toBe(100);
  });
});

describe('active-safety events of a waybill', () => {
  it('lists the driver alarms of the vehicle in the period with level and pictures', async () => {
    const e = await gateway.post('/driverAlarm/receiveEvent', { vehicleId: vehicle.id, eventType: 302, eventLevel: 3, gpsTime: NOW - 20 * MIN, lon: start.lon + 0.35, lat: start.lat, speed: 61, fileIds: [png2, png] });
    expect(e.code).toBe(1);
    // Before the waybill began: not its event.
    await gateway.post('/driverAlarm/receiveEvent', { vehicleId: vehicle.id, eventType: 301, eventLevel: 1, gpsTime: NOW - 120 * MIN, lon: start.lon, lat: start.lat });
    const r = await monitor.post('/orderDetails/getAlarmList', { waybillId: f.waybillId, pageParamVO: { curPage: 1, pageSize: 100 } });
    expect(r.result.totalRecords).toBe(1);
    expect(r.result.data[0]).toMatchObject({ id: e.result.id, eventTypeName: '接打电话', eventLevelView: '高', speed: 61, firstAlarmType: 300 });
    expect(r.result.data[0].attachmentList).toEqual([{ type: 0, url: `/api/file/download/${png2}` }, { type: 0, url: `/api/file/download/${png}` }]);
    expect(r.result.data[0].placeName).not.toBe('');
    const filtered = await monitor.post('/orderDetails/getAlarmList', { waybillId: f.waybillId, secondAlarmType: 301 });
    expect(filtered.result.totalRecords).toBe(0);
    expect((await carrier.post('/orderDetails/getAlarmList', { waybillId: f.waybillId })).result.totalRecords).toBe(1);
    expect((await admin2.post('/orderDetails/getAlarmList', { waybillId: f.waybillId })).code).toBe(0);
    expect((await monitor.post('/orderDetails/getAlarmList', { waybillId: f.waybillId, secondAlarmType: 999 })).code).toBe(100);
  });
});
