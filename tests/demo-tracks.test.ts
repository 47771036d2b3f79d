// The demo tracks (scripts/seed-tracks.ts over fixtures/tracks.ts) agree with the demo waybills'
// timelines: at each node's recorded arrival the vehicle stands inside that node's fence (speed
// at most 5 km/h, as the timeline popover reads it), and between places it drives at speeds a
// loaded truck keeps, because the demo schedules allow the time the road takes.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { seedTracks } from '../scripts/seed-tracks.ts';
import { readTrack } from '../server/tracking/store/store.ts';
import { nearestPoint, NEAR_MS } from '../server/domain/waybills/node-readings.ts';
import { contains, prepareFence } from '../server/tracking/analytics/fence.ts';
import { distanceM } from '../server/fences/geometry.ts';

type Row = Record<string, any>;
const HOUR = 3_600_000;
let t: TestApp;
let tracked: number[];
const all = (sql: string, ...p: unknown[]) => t.db.all<Row>(sql, p);

beforeAll(async () => {
  t = await createTestApp({ transportDemo: true });
  tracked = (await seedTracks(t.db, Date.now())).waybillIds;
}, 120_000);

const nodesOf = (waybillId: number) => all(`SELECT n.seq, n.actual_arrive_time AS arrive, n.actual_leave_time AS leave, a.id, a.area_name AS name,
    a.type_id AS typeId, a.lon, a.lat, a.radius, a.area_lon_lat AS areaLonLat
  FROM waybill_nodes n JOIN areas a ON a.id = n.area_id WHERE n.waybill_id = ? ORDER BY n.seq`, waybillId);
const vehicleOf = async (waybillId: number) => (await all('SELECT vehicle_id AS v FROM waybills WHERE id = ?', waybillId))[0].v as number;

describe('demo tracks', () => {
  it('at every node\'s arrival the vehicle is stopped (≤ 5 km/h) inside the node\'s fence', async () => {
    expect(tracked.length).toBeGreaterThan(60);
    let checked = 0;
    for (const id of tracked) {
      const vehicle = await vehicleOf(id);
      for (const n of (await nodesOf(id)).filter((x) => x.arrive !== null)) {
        const cols = await readTrack(t.db, vehicle, n.arrive - NEAR_MS, n.arrive + NEAR_MS);
        const i = nearestPoint(cols, n.arrive);
        expect(i, `waybill ${id} node ${n.seq}: a point near the arrival`).toBeGreaterThanOrEqual(0);
        expect(cols.speed[i], `waybill ${id} node ${n.seq} (${n.name}) speed at arrival`).toBeLessThanOrEqual(5);
        const fence = prepareFence({ id: n.id, name: n.name, typeId: n.typeId, lon: n.lon, lat: n.lat, radius: n.radius, areaLonLat: n.areaLonLat }, 0);
        expect(contains(fence, cols.lon[i], cols.lat[i]), `waybill ${id} node ${n.seq} (${n.name}) at ${cols.lon[i]},${cols.lat[i]}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('the timeline popover shows the stopped vehicle at arrival', async () => {
    const dispatcher = await t.as('dispatcher');
    const corpOf = new Map((await all('SELECT id, corp_id AS c FROM waybills')).map((w) => [w.id as number, w.c as number]));
    const sample = tracked.filter((id) => corpOf.get(id) === 1).slice(0, 6);
    let shown = 0;
    for (const id of sample) {
      const r = await dispatcher.get(`/waybill/getNodeListByIdVO?id=${id}`);
      expect(r.code, r.message).toBe(1);
      for (const n of r.result as Row[]) {
        if (n.actualArriveTime === null) continue;
        expect(n.vehicle.speed, `waybill ${id} node ${n.seq}`).toBeLessThanOrEqual(5);
        shown++;
      }
    }
    expect(shown).toBeGreaterThanOrEqual(sample.length);
  });

  it('between places the tracked vehicles drive at most 90 km/h', async () => {
    for (const id of tracked) {
      const nodes = await nodesOf(id);
      const times = nodes.flatMap((n) => [n.arrive, n.leave]).filter((x): x is number => x !== null);
      const cols = await readTrack(t.db, await vehicleOf(id), Math.min(...times) - 2 * HOUR, Math.max(...times));
      let fastest = 0;
      for (let i = 0; i < cols.length; i++) fastest = Math.max(fastest, cols.speed[i]);
      expect(fastest, `waybill ${id}`).toBeLessThanOrEqual(90);
    }
  });

  it('every demo waybill reached each place no sooner than the road allows (straight-line average ≤ 65 km/h)', async () => {
    const legs = await all(`SELECT p.waybill_id AS id, p.actual_leave_time AS leftAt, n.actual_arrive_time AS arrivedAt, a.lon AS lon1, a.lat AS lat1, b.lon AS lon2, b.lat AS lat2
      FROM waybill_nodes p JOIN waybill_nodes n ON n.waybill_id = p.waybill_id AND n.seq = p.seq + 1
      JOIN areas a ON a.id = p.area_id JOIN areas b ON b.id = n.area_id
      WHERE p.actual_leave_time IS NOT NULL AND n.actual_arrive_time IS NOT NULL`);
    expect(legs.length).toBeGreaterThan(1000);
    for (const l of legs) {
      const kmh = distanceM(l.lon1, l.lat1, l.lon2, l.lat2) / 1000 / ((l.arrivedAt - l.leftAt) / HOUR);
      expect(kmh, `waybill ${l.id}`).toBeLessThanOrEqual(65);
    }
  });
});
