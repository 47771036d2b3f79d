// The waybill timeline's popover figures (spec section 3 "Waybill node"): a terminal's points go in
// through the real ingestion endpoint (which also raises the alarms), and each reached node of
// waybill/getNodeListByIdVO carries the stored point at its arrival — time, speed, temperatures
// without the -999 sentinel, the fence it is in — with the alarms of its stay (pointAlarm) and of
// the way there (lineAlarm). Nodes not reached, or without a point near their time, carry no figures.
import { beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../server/resources/time.ts';
import { TEMP_NONE, type TrackPoint } from '../server/tracking/columns.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { insertWaybill, placeAt, rowOf, type WaybillFixture } from './support/waybill-fixture.ts';
import { asTerminal } from './support/terminal.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Area = { name: string; lon: number; lat: number };
const MIN = 60_000;
const T0 = Date.now() - 100 * MIN; // arrival at the loading place

let t: TestApp;
let dispatcher: Caller;
let f: WaybillFixture;
let vehicle: { id: number; vehicleNo: string };
let points: TrackPoint[];
let areas: { start: Area; via: Area; end: Area };

const lerp = (a: Area, b: Area, k: number) => ({ lon: +(a.lon + (b.lon - a.lon) * k).toFixed(6), lat: +(a.lat + (b.lat - a.lat) * k).toFixed(6) });

/**
 * Every 30 s from 5 min before T0 to 80 min after: at the loading place until 20, driving to the via
 * place (over 100 km/h from 25 to 28: an overspeed alarm on that leg), there from 40 to 45, driving
 * on, at the unloading place from 70 (channel 2 at 12.5 ℃ from 72: a temperature alarm there).
 * Channel 1 reads -999 (no reading) at T0 itself.
 */
function makeTrack(): TrackPoint[] {
  const { start, via, end } = areas;
  return Array.from({ length: 171 }, (_, i) => {
    const min = -5 + i / 2;
    const at = min <= 20 ? start : min < 40 ? lerp(start, via, (min - 20) / 20) : min <= 45 ? via : min < 70 ? lerp(via, end, (min - 45) / 25) : end;
    const staying = min <= 20 || (min >= 40 && min <= 45) || min >= 70;
    const speed = staying ? (i % 4) * 1.5 : min >= 25 && min <= 28 ? 110 + (i % 3) : 60 + (i % 7) / 10;
    return {
      lon: at.lon, lat: at.lat, gpsTime: T0 + min * MIN, speed, direction: 90, odometer: 1000 + i * 0.3, status: 0,
      t1: min === 0 ? TEMP_NONE : 4 + (i % 5) / 10, t2: min >= 72 ? 12.5 : 5 + (i % 3) / 10,
    };
  });
}

const pointAt = (time: number) => points.find((p) => p.gpsTime === time)!;
const nodesOf = async (id: number) => {
  const r = await dispatcher.get(`/waybill/getNodeListByIdVO?id=${id}`);
  expect(r.code).toBe(1);
  return r.result as Record<string, any>[];
};

beforeAll(async () => {
  t = await createTestApp();
  dispatcher = await t.as('dispatcher');
  const gateway = await asTerminal(t);
  const carrierId = (await rowOf(t.db, "SELECT partner_id AS p FROM users WHERE user_name = 'carrier'")).p;
  f = await insertWaybill(t.db, { carrierId, via: true });
  await placeAt(t.db, f, { status: 400, step: 10 }, carrierId);
  const times = (...params: unknown[]) => t.db.run('UPDATE waybill_nodes SET actual_arrive_time = ?, arrive_state = 1, actual_leave_time = ?, leave_state = ? WHERE id = ?', params);
  await times(T0, T0 + 20 * MIN, 1, f.nodes.start);
  await times(T0 + 40 * MIN + 10_000, T0 + 45 * MIN, 1, f.nodes.via!); // 10 s after a point: the nearest is taken
  await times(T0 + 70 * MIN, null, null, f.nodes.end);
  vehicle = (await rowOf(t.db, 'SELECT v.id, v.vehicle_no AS vehicleNo FROM waybills w JOIN vehicles v ON v.id = w.vehicle_id WHERE w.id = ?', f.waybillId)) as typeof vehicle;
  await t.db.run('UPDATE vehicles SET gather_temperature = 1, temperaturectrl = 3, detect_door = 0, cold_machine = 0 WHERE id = ?', [vehicle.id]);
  const area = async (id: number) => (await rowOf(t.db, 'SELECT a.area_name AS name, a.lon, a.lat FROM waybill_nodes n JOIN areas a ON a.id = n.area_id WHERE n.id = ?', id)) as Area;
  areas = { start: await area(f.nodes.start), via: await area(f.nodes.via!), end: await area(f.nodes.end) };
  points = makeTrack();
  const stored = await gateway.post('/track/ingest', { vehicleId: vehicle.id, points });
  expect(stored.result).toMatchObject({ received: points.length, stored: points.length });
});

describe('a reached node shows the stored point at its arrival', () => {
  it('time, speed, temperatures (the -999 channel left out) and the fence it is in', async () => {
    const [start, via, end] = await nodesOf(f.waybillId);
    const p = pointAt(T0);
    expect(start.vehicle).toEqual({
      vehicleNo: vehicle.vehicleNo, status: 1, timeStr: formatTime(T0), speed: p.speed, temp: p.t2, temperature: p.t2, placeName: areas.start.name,
    });
    expect(start.temperature).toEqual([{ name: '温度2', value: p.t2 }]);

    const q = pointAt(T0 + 40 * MIN);
    expect(via.vehicle).toMatchObject({ timeStr: formatTime(T0 + 40 * MIN), speed: q.speed, temp: q.t1, placeName: areas.via.name });
    expect(via.temperature).toEqual([{ name: '温度1', value: q.t1 }, { name: '温度2', value: q.t2 }]);

    const r = pointAt(T0 + 70 * MIN);
    expect(end.vehicle).toMatchObject({ status: 1, timeStr: formatTime(T0 + 70 * MIN), speed: r.speed, temp: r.t1, placeName: areas.end.name });
  });

  it('the figures are the ones the track list reads for that point', async () => {
    const [, via] = await nodesOf(f.waybillId);
    const track = await dispatcher.post('/waybill/getTrackList', { waybillId: f.waybillId });
    const row = track.result.data.find((x: any) => x.gpsTimeMillisecond === T0 + 40 * MIN);
    expect(via.vehicle).toMatchObject({ timeStr: row.gpsTime, speed: row.speed, temp: row.t1 });
  });
});

describe('alarms on the timeline', () => {
  const ranges = async (type: number) =>
    (await t.db.all<{ b: number; e: number }>('SELECT begin_time AS b, end_time AS e FROM alarms WHERE waybill_id = ? AND last_alarm_type = ? AND confirmed = 1', [f.waybillId, type]))
      .map((a) => ({ startTimeStr: formatTime(a.b), endTimeStr: formatTime(a.e) }));

  it('the overspeed on the way to the via place is its lineAlarm, the temperature at the unloading place its pointAlarm', async () => {
    const overspeed = await ranges(102);
    const temperature = await ranges(101);
    expect(overspeed).toHaveLength(1);
    expect(temperature).toHaveLength(1);
    const [start, via, end] = await nodesOf(f.waybillId);
    expect(via.lineAlarm).toEqual([{ ...overspeed[0], alarmTypeStr: '超速' }]);
    expect(end.pointAlarm).toEqual([{ ...temperature[0], alarmTypeStr: '温度异常' }]);
    expect([start.pointAlarm, start.lineAlarm, via.pointAlarm, end.lineAlarm]).toEqual([[], [], [], []]);
  });

  it('the detail page carries the same nodes', async () => {
    const detail = await dispatcher.get(`/waybill/getWaybillDetailById?id=${f.waybillId}`);
    expect(detail.result.nodes).toEqual(await nodesOf(f.waybillId));
  });
});

describe('nothing is invented', () => {
  it('nodes not reached yet carry only the vehicle number', async () => {
    const carrierId = (await rowOf(t.db, "SELECT partner_id AS p FROM users WHERE user_name = 'carrier'")).p;
    const g = await insertWaybill(t.db, { carrierId });
    await placeAt(t.db, g, { status: 300, step: 4 }, carrierId);
    const nodes = await nodesOf(g.waybillId);
    for (const n of nodes) {
      expect(n.nodeStatus).toBe(0);
      expect(n.vehicle).toEqual({ vehicleNo: vehicle.vehicleNo });
      expect([n.temperature, n.pointAlarm, n.lineAlarm]).toEqual([[], [], []]);
    }
  });

  it('a node reached with no stored point within 10 minutes keeps its times but no figures', async () => {
    const carrierId = (await rowOf(t.db, "SELECT partner_id AS p FROM users WHERE user_name = 'carrier'")).p;
    const g = await insertWaybill(t.db, { carrierId });
    await placeAt(t.db, g, { status: 400, step: 9 }, carrierId);
    const before = T0 - 3 * 60 * MIN;
    await t.db.run('UPDATE waybill_nodes SET actual_arrive_time = ?, actual_leave_time = ? WHERE id = ?', [before, before + 11 * MIN, g.nodes.start]);
    const [start] = await nodesOf(g.waybillId);
    expect(start.actualArriveTimeStr).toBe(formatTime(before));
    expect(start.vehicle).toEqual({ vehicleNo: vehicle.vehicleNo });
    expect(start.temperature).toEqual([]);
  });
});

describe('the demo trips', () => {
  // Seeding the demo is set-up, with the hooks' longer time limit (as the other demo suites have it).
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp({ transportDemo: true, tracksDemo: true });
  });

  it('each reached node of the demo waybills shows the vehicle point nearest its arrival, as the track list reads it', async () => {
    const admin = await demo.as('admin');
    const waybills = await demo.db.all<{ id: number; vehicleId: number }>(`SELECT w.id, w.vehicle_id AS vehicleId FROM waybills w WHERE w.corp_id = 1 AND w.status IN (400, 500) AND w.is_deleted = 0
      AND EXISTS (SELECT 1 FROM track_chunks c WHERE c.vehicle_id = w.vehicle_id) ORDER BY w.id DESC LIMIT 8`);
    let checked = 0;
    for (const w of waybills) {
      const nodes = (await admin.get(`/waybill/getNodeListByIdVO?id=${w.id}`)).result as Record<string, any>[];
      for (const n of nodes) {
        const at = n.actualArriveTime as number | null;
        if (at === null) continue;
        const around = await admin.post('/waybill/getTrackList', { vehicleId: w.vehicleId, startTime: at - 10 * MIN, endTime: at + 10 * MIN });
        const near = (around.result.data as Record<string, any>[])
          .sort((a, b) => Math.abs(a.gpsTimeMillisecond - at) - Math.abs(b.gpsTimeMillisecond - at))[0];
        if (!near) {
          expect(n.vehicle).toEqual({ vehicleNo: n.vehicle.vehicleNo });
          continue;
        }
        const temps = Object.keys(near).filter((k) => /^t\d+$/.test(k)).sort((a, b) => +a.slice(1) - +b.slice(1)).map((k) => near[k]);
        expect(n.vehicle).toMatchObject({ timeStr: near.gpsTime, speed: near.speed, temp: temps.find((v) => v !== TEMP_NONE) ?? null });
        if (near.trackPlace) expect(n.vehicle.placeName).toBe(near.trackPlace);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(4);
  });
});
