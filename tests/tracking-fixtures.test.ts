// The demo tracks are what a monitor expects to see: deterministic, a stop at the loading and at
// the unloading fence, the doors opened there, temperatures around the set point with the odd
// sentinel; and the fixtures' status bits and sentinels are the track store's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as motion from '../fixtures/tracks-motion.ts';
import { generateWaybillTrack, type TrackWaybill } from '../fixtures/tracks.ts';
import { scaleFences, scaleTrack } from '../fixtures/tracks-scale.ts';
import * as columns from '../server/tracking/columns.ts';
import { detectStops } from '../server/tracking/analytics/stops.ts';
import { doorIntervals } from '../server/tracking/analytics/doors.ts';
import { detectVisits, prepareFences } from '../server/tracking/analytics/visits.ts';
import { channelSeries } from '../server/tracking/analytics/sensors.ts';
import type { Database } from '../server/db/port.ts';
import { seedDemo } from '../scripts/seed-demo.ts';
import { seedTracks } from '../scripts/seed-tracks.ts';
import { readTrack } from '../server/tracking/store/store.ts';
import { createTestApp } from './support/test-app.ts';
import { openTestDatabase } from './support/test-db.ts';

const HOUR = 3600_000;
const NOW = Date.UTC(2026, 10, 21, 8);
const cold: motion.SensorSetup = { coldMachine: 1, gatherTemperature: 1, temperaturectrl: 1, gatherHumidity: 0, humidityChannel: 0, detectDoor: 1, openDoorStatus: 1, oilControl: 0 };
const load = { lon: 121.4, lat: 31.2 }, unload = { lon: 121.9, lat: 31.0 };
const done: TrackWaybill = {
  waybillId: 42, vehicleId: 7, sensors: cold, inTransit: false,
  nodes: [
    { ...load, nodeType: 'start', arrive: NOW - 8 * HOUR, leave: NOW - 7 * HOUR },
    { ...unload, nodeType: 'end', arrive: NOW - 5 * HOUR, leave: NOW - 4 * HOUR },
  ],
};

describe('demo track fixtures', () => {
  it('use the store\'s status bits and sentinels', () => {
    expect([motion.COLD_MACHINE_BIT, motion.ACC_BIT, motion.DOOR_BIT(3), motion.TEMP_NONE, motion.HUMIDITY_NONE, motion.OIL_NONE])
      .toEqual([columns.COLD_MACHINE_BIT, columns.ACC_BIT, columns.doorBit(3), columns.TEMP_NONE, columns.HUMIDITY_NONE, columns.OIL_NONE]);
  });

  it('are the same on every run', () => {
    expect(generateWaybillTrack(done, NOW)).toEqual(generateWaybillTrack(done, NOW));
  });

  it('stop at the loading and unloading fences with the doors opened there, and keep the cold chain', () => {
    const cols = generateWaybillTrack(done, NOW)!;
    const fences = [{ id: 1, name: '装货', typeId: 3, ...load, radius: 300, areaLonLat: null }, { id: 2, name: '卸货', typeId: 3, ...unload, radius: 300, areaLonLat: null }];
    const visits = detectVisits(cols, prepareFences(fences));
    expect(visits.map((v) => v.name)).toEqual(['装货', '卸货']);
    const stops = detectStops(cols);
    expect(stops.some((s) => s.begin <= NOW - 7.9 * HOUR && s.end >= NOW - 7.1 * HOUR)).toBe(true);
    const doors = doorIntervals(cols, 1);
    for (const v of visits) expect(doors.some((d) => d.begin >= v.inTime && d.end <= (v.outTime ?? Infinity))).toBe(true);
    const t1 = channelSeries(cols, 'temps').get(1)!;
    expect(t1.y.length).toBeLessThan(cols.length + 1);
    const median = [...t1.y].sort((a, b) => a - b)[t1.y.length >> 1];
    expect([4, -18].some((sp) => Math.abs(median - sp) < 1)).toBe(true);
  });

  it('give the benchmark vehicle exactly the points asked for among its fences', () => {
    const fences = scaleFences(50);
    const cols = scaleTrack(20_000, fences, NOW - 30 * 24 * HOUR);
    expect(cols.length).toBe(20_000);
    expect(detectVisits(cols, prepareFences(fences)).length).toBeGreaterThan(10);
  });
});

describe('seeding the demo database', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
    await seedDemo(db, NOW, { tracks: false });
  }, 120_000);
  afterAll(() => db.close());

  it('gives recent waybills in transit and finished a track over their period, and skips the rest', async () => {
    const { tracks, points } = await seedTracks(db, NOW, 10);
    expect(tracks).toBeGreaterThan(5);
    expect(points).toBeGreaterThan(1000);
    const tracked = await db.all<{ v: number }>('SELECT DISTINCT vehicle_id AS v FROM track_chunks ORDER BY v');
    const first = await readTrack(db, tracked[0].v, 0, NOW);
    expect(first.length).toBeGreaterThan(0);
    expect(first.gpsTime[first.length - 1]).toBeLessThanOrEqual(NOW);
  });
});

describe('the demo platform with tracks', () => {
  it('shows a finished demo waybill\'s track from its loading fence to its unloading fence', async () => {
    const t = await createTestApp({ transportDemo: true, tracksDemo: true });
    const dispatcher = await t.as('dispatcher');
    const w = (await t.db.one<{ id: number }>(`SELECT w.id FROM waybills w WHERE w.corp_id = 1 AND w.status = 500
      AND EXISTS (SELECT 1 FROM track_chunks c WHERE c.vehicle_id = w.vehicle_id) ORDER BY w.updated_at DESC LIMIT 1`))!;
    const track = await dispatcher.post('/waybill/getTrackList', { waybillId: w.id, pageParamVO: { curPage: 1, pageSize: 8000 } });
    expect(track.result.totalRecords).toBeGreaterThan(20);
    const areas = (await dispatcher.post('/waybill/getAreaList', { waybillId: w.id })).result.map((a: { areaName: string }) => a.areaName);
    expect(areas).toContain(track.result.startPlaceName);
    expect(areas).toContain(track.result.endPlaceName);
  }, 120_000);
});
