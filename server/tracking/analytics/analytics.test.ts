// Analytics on crafted tracks with known answers: stops (with a gap and a GPS jump), visits (jitter
// at an edge, driving through, polygons and rectangles), door masks, cold machine, sensor sentinels,
// alarm marks and distance; and properties that hold for any track.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COLD_MACHINE_BIT, doorBit, TEMP_NONE, type TrackPoint } from '../columns.ts';
import { pointsToColumns } from '../store/merge.ts';
import { markAlarms } from './alarm-marks.ts';
import { coldMachineIntervals, doorAndColdIntervals, doorIntervals } from './doors.ts';
import { detectStops } from './stops.ts';
import { channelSeries, distanceKm } from './sensors.ts';
import { detectVisits, prepareFences } from './visits.ts';
import { contains, withinBand, type FenceGrid, type FenceShape, type PreparedFence } from './fence.ts';

const T0 = Date.UTC(2026, 10, 1, 0, 0, 0);
const S = 1000;
const LAT = 31.2;
const M_LON = 1 / (111_319.49 * Math.cos((LAT * Math.PI) / 180)); // degrees of longitude per metre here
/** A point x metres east of (121, 31.2) at t seconds. */
const at = (t: number, x: number, more: Partial<TrackPoint> = {}): TrackPoint => ({ lon: 121 + x * M_LON, lat: LAT, gpsTime: T0 + t * S, speed: 0, direction: 90, odometer: 1000 + x / 1000, status: 0, ...more });
/** Drives east at 36 km/h (10 m/s) from x0 for n points every 30 s. */
const drive = (t0: number, x0: number, n: number) => Array.from({ length: n }, (_, i) => at(t0 + i * 30, x0 + i * 300, { speed: 36 }));
const park = (t0: number, x: number, n: number, more: Partial<TrackPoint> = {}) => Array.from({ length: n }, (_, i) => at(t0 + i * 30, x + (i % 2) * 8, more));
const cols = (...parts: TrackPoint[][]) => pointsToColumns(parts.flat());

describe('stops', () => {
  it('finds a stop of 10 minutes between two drives, at the place it happened', () => {
    const c = cols(drive(0, 0, 10), park(300, 3000, 21), drive(930, 3000, 10));
    const stops = detectStops(c);
    expect(stops).toHaveLength(1);
    expect(stops[0].begin).toBe(T0 + 300 * S);
    expect(stops[0].durationMs).toBe(600 * S); // the drive's first point is still there, but moving off at 36 km/h
    expect(stops[0].lon).toBeCloseTo(121 + 3000 * M_LON, 6);
  });

  it('ignores a pause shorter than the minimum and honours a custom minimum', () => {
    const c = cols(drive(0, 0, 5), park(150, 1500, 4), drive(270, 1500, 5));
    expect(detectStops(c)).toHaveLength(0);
    expect(detectStops(c, { minDurationMs: 60_000 })).toHaveLength(1);
  });

  it('keeps a stop through a gap in the data when the vehicle reappears at the same place', () => {
    const c = cols(park(0, 0, 3), park(3600, 0, 3));
    expect(detectStops(c).map((s) => s.durationMs)).toEqual([3660 * S]);
  });

  it('ends the stop before a gap after which the vehicle is elsewhere', () => {
    const c = cols(park(0, 0, 11), park(3600, 20_000, 11));
    expect(detectStops(c).map((s) => [s.begin - T0, s.end - T0])).toEqual([[0, 300 * S], [3600 * S, 3900 * S]]);
  });

  it('is not split by a lone GPS jump', () => {
    const points = park(0, 0, 21);
    points[10] = at(300, 5000, { speed: 80 });
    expect(detectStops(cols(points)).map((s) => s.durationMs)).toEqual([600 * S]);
  });
});

const circle: FenceShape = { id: 1, name: '上海冷库', typeId: 3, lon: 121 + 3000 * M_LON, lat: LAT, radius: 200, areaLonLat: null };
const rect = (id: number, x0: number, x1: number): FenceShape => ({
  id, name: `矩形${id}`, typeId: 1, lon: 121 + ((x0 + x1) / 2) * M_LON, lat: LAT, radius: null,
  areaLonLat: [[LAT + 0.001, x0], [LAT + 0.001, x1], [LAT - 0.001, x1], [LAT - 0.001, x0]].map(([la, x]) => `${la.toFixed(6)},${(121 + x * M_LON).toFixed(6)}`).join(';'),
});

describe('area visits', () => {
  it('enters and leaves a circle around a stop', () => {
    const c = cols(drive(0, 0, 10), park(300, 3000, 21), drive(930, 3000, 10));
    const v = detectVisits(c, prepareFences([circle]));
    expect(v.map((x) => [x.fenceId, x.inTime - T0, x.outTime! - T0])).toEqual([[1, 300 * S, 930 * S]]); // the drive's first point is still inside
  });

  it('does not flip in and out when the position jitters across the edge', () => {
    // Parked 195-215 m from the centre of a 200 m circle: inside, outside, inside... every 30 s.
    const jitter = Array.from({ length: 40 }, (_, i) => at(i * 30, 3000 + 195 + (i % 2) * 20));
    const v = detectVisits(cols(drive(-300, 0, 1), jitter, [at(1500, 9000, { speed: 60 })]), prepareFences([circle]));
    expect(v).toHaveLength(1);
    expect(v[0].outTime! - v[0].inTime).toBe(1170 * S);
  });

  it('merges a short absence and skips driving through', () => {
    const inside = (t: number) => at(t, 3000);
    const out = (t: number) => at(t, 3400);
    const merged = detectVisits(cols([inside(0), inside(60), out(90), inside(120), inside(240)]), prepareFences([circle]));
    expect(merged.map((v) => [v.inTime - T0, v.outTime])).toEqual([[0, null]]);
    const through = detectVisits(cols([at(0, 2500), at(20, 3000), at(40, 3500), at(100, 9000)]), prepareFences([circle]));
    expect(through).toEqual([]);
  });

  it('tests rectangles and polygons by their shape, not their centre', () => {
    const r = rect(2, 1000, 2000);
    const poly: FenceShape = { ...rect(3, 4000, 5000), typeId: 2 };
    const c = cols(park(0, 1100, 5), drive(150, 2600, 4), park(300, 4900, 5), drive(450, 7000, 3));
    expect(detectVisits(c, prepareFences([r, poly])).map((v) => v.fenceId)).toEqual([2, 3]);
  });

  it('visits of one fence never overlap, whatever the track', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 120 }), fc.integer({ min: 2500, max: 3500 })), { minLength: 1, maxLength: 200 }), (steps) => {
      let t = 0;
      const points = steps.map(([dt, x]) => at((t += dt), x));
      const visits = detectVisits(cols(points), prepareFences([circle, rect(2, 2900, 3300)]));
      for (const id of [1, 2]) {
        const mine = visits.filter((v) => v.fenceId === id);
        for (let k = 1; k < mine.length; k++) expect(mine[k].inIndex).toBeGreaterThan(mine[k - 1].outIndex);
      }
    }));
  });
});

/**
 * The visits rule written plainly over the fence objects (every fence, every point): the packed,
 * grid-indexed pass must give exactly these visits.
 */
function plainVisits(c: ReturnType<typeof cols>, grid: FenceGrid, bandM = 30, minDwellMs = 60_000) {
  const out: { fenceId: number; inIndex: number; outIndex: number; outTime: number | null }[] = [];
  const open = new Map<PreparedFence, { inIndex: number; lastIn: number }>();
  const finish = (f: PreparedFence, o: { inIndex: number; lastIn: number }, ended: boolean) => {
    if (c.gpsTime[o.lastIn] - c.gpsTime[o.inIndex] >= minDwellMs || ended) out.push({ fenceId: f.id, inIndex: o.inIndex, outIndex: o.lastIn, outTime: ended ? null : c.gpsTime[o.lastIn] });
  };
  for (let i = 0; i < c.length; i++) {
    for (const [f, o] of open) {
      if (withinBand(f, c.lon[i], c.lat[i], bandM)) o.lastIn = i;
      else if (c.gpsTime[i] - c.gpsTime[o.lastIn] >= minDwellMs) (finish(f, o, false), open.delete(f));
    }
    for (const f of grid.fences) if (!open.has(f) && contains(f, c.lon[i], c.lat[i])) open.set(f, { inIndex: i, lastIn: i });
  }
  for (const [f, o] of open) finish(f, o, o.lastIn === c.length - 1);
  return out.sort((a, b) => a.inIndex - b.inIndex || a.fenceId - b.fenceId);
}

describe('area visits against the plain rule', () => {
  const poly: FenceShape = { id: 4, name: '多边形', typeId: 2, lon: 121 + 3100 * M_LON, lat: LAT, radius: null,
    areaLonLat: [[LAT + 0.002, 2900], [LAT + 0.0005, 3400], [LAT - 0.002, 3300], [LAT - 0.001, 2950]].map(([la, x]) => `${la.toFixed(6)},${(121 + x * M_LON).toFixed(6)}`).join(';') };
  const fences = [circle, rect(2, 2900, 3300), { ...circle, id: 3, name: '小圆', radius: 40 }, poly];
  it('finds the same visits as testing every fence at every point, on any track', () => {
    const grid = prepareFences(fences);
    fc.assert(fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 120 }), fc.integer({ min: 2300, max: 3700 }), fc.integer({ min: -250, max: 250 })), { minLength: 1, maxLength: 300 }), (steps) => {
      let t = 0;
      const c = cols(steps.map(([dt, x, dy]) => at((t += dt), x, { lat: LAT + dy / 111_319.49 })));
      const packed = detectVisits(c, grid).map((v) => ({ fenceId: v.fenceId, inIndex: v.inIndex, outIndex: v.outIndex, outTime: v.outTime }));
      expect(packed).toEqual(plainVisits(c, grid));
    }), { numRuns: 300 });
  });

  // A vehicle creeping about (steps of metres, now and then a jump or a long pause) lingers inside,
  // at the edges and beside the fences, so the pass's quiet boxes (points skipped with one box test)
  // are made and left everywhere; bands narrower and wider than the grid was prepared for too.
  it('finds the same visits on a creeping track, with any band and dwell', () => {
    const grid = prepareFences(fences);
    const step = fc.tuple(fc.integer({ min: 1, max: 90 }), fc.integer({ min: -40, max: 40 }), fc.integer({ min: -40, max: 40 }), fc.integer({ min: 0, max: 30 }));
    fc.assert(fc.property(fc.array(step, { minLength: 1, maxLength: 400 }), fc.constantFrom(0, 10, 30, 80), fc.constantFrom(0, 60_000, 600_000), (steps, bandM, minDwellMs) => {
      let t = 0, x = 2700, y = 0;
      const c = cols(steps.map(([dt, dx, dy, jump]) => {
        if (jump === 0) (x = 2300 + ((dx + 40) * 17) % 1400, y = dy * 6);
        else (x += dx, y += dy);
        return at((t += jump === 1 ? dt * 60 : dt), x, { lat: LAT + y / 111_319.49 });
      }));
      const packed = detectVisits(c, grid, { bandM, minDwellMs }).map((v) => ({ fenceId: v.fenceId, inIndex: v.inIndex, outIndex: v.outIndex, outTime: v.outTime }));
      expect(packed).toEqual(plainVisits(c, grid, bandM, minDwellMs));
    }), { numRuns: 300 });
  });

  it('cuts a band wider than the grid was prepared for at the fence\'s grown box, as the plain rule does', () => {
    // Parked 10 m inside the 200 m circle, then 240 m out: within an 80 m band, but beyond the box grown by the grid's 30 m.
    // Half a grid cell north of LAT (on a cell's edge, where no point stays in a cell's box).
    const north = { lat: LAT + 0.01 };
    const fence = { ...circle, ...north };
    const c = cols(park(0, 3190, 10, north), park(300, 3240, 10, north), park(600, 3190, 10, north));
    const visits = detectVisits(c, prepareFences([fence]), { bandM: 80 });
    expect(visits.map((v) => [v.inIndex, v.outIndex])).toEqual([[0, 9], [20, 29]]);
    expect(visits.map((v) => ({ fenceId: v.fenceId, inIndex: v.inIndex, outIndex: v.outIndex, outTime: v.outTime }))).toEqual(plainVisits(c, prepareFences([fence]), 80));
  });
});

describe('doors, cold machine, sensors, alarms, distance', () => {
  it('reports openings only of the doors the vehicle has, per channel', () => {
    const s = [0, doorBit(1), doorBit(1) | doorBit(3), doorBit(3), 0, doorBit(2), doorBit(2)];
    const c = cols(s.map((status, i) => at(i * 30, 0, { status })));
    expect(doorIntervals(c, 0b101).map((d) => [d.door, d.begin - T0, d.end - T0])).toEqual([[1, 30 * S, 60 * S], [3, 60 * S, 90 * S]]);
    expect(doorIntervals(c, 0b111).map((d) => d.door)).toEqual([1, 3, 2]);
  });

  it('gives doors and cold machine from one pass exactly as the two separate calls do', () => {
    const s = [COLD_MACHINE_BIT, COLD_MACHINE_BIT | doorBit(2), doorBit(2) | doorBit(5), 0, COLD_MACHINE_BIT | doorBit(1), doorBit(1), COLD_MACHINE_BIT];
    const c = cols(s.map((status, i) => at(i * 30, 0, { status })));
    const both = doorAndColdIntervals(c, 0b11);
    expect(both.doors).toEqual(doorIntervals(c, 0b11));
    expect(both.cold).toEqual(coldMachineIntervals(c));
    expect(both.doors.map((d) => d.door)).toEqual([2, 1]);
    expect(both.cold).toHaveLength(3);
  });
  it('finds cold machine runs, one still running at the end', () => {
    const s = [COLD_MACHINE_BIT, COLD_MACHINE_BIT, 0, COLD_MACHINE_BIT | doorBit(1)];
    const c = cols(s.map((status, i) => at(i * 30, 0, { status })));
    expect(coldMachineIntervals(c).map((x) => [x.beginIndex, x.endIndex])).toEqual([[0, 1], [3, 3]]);
  });

  it('leaves the sentinels out of sensor series', () => {
    const c = cols([at(0, 0, { t1: 3.5, h1: 60, oil1: 80 }), at(30, 0, { t1: TEMP_NONE, h1: -1, oil1: 0 }), at(60, 0, { t1: -18.2, h1: 55.5, oil1: 79.5 })]);
    expect(channelSeries(c, 'temps').get(1)).toEqual({ x: [T0, T0 + 60 * S], y: [3.5, -18.2] });
    expect(channelSeries(c, 'humidities').get(1)!.y).toEqual([60, 55.5]);
    expect(channelSeries(c, 'oils').get(1)!.y).toEqual([80, 79.5]);
    expect(channelSeries(c, 'temps', 0b10).size).toBe(0);
  });

  it('marks the points inside alarm windows', () => {
    const c = cols(Array.from({ length: 10 }, (_, i) => at(i * 30, 0)));
    const marks = markAlarms(c.gpsTime, [{ begin: T0 + 60 * S, end: T0 + 90 * S }, { begin: T0 + 200 * S, end: T0 + 1000 * S }, { begin: T0 + 70 * S, end: T0 + 75 * S }]);
    expect([...marks]).toEqual([0, 0, 1, 1, 0, 0, 0, 1, 1, 1]);
  });

  it('distance is end minus start odometer to one decimal', () => {
    expect(distanceKm(cols([at(0, 0, { odometer: 1000.04 }), at(30, 0, { odometer: 1000 }), at(60, 0, { odometer: 1123.456 })]))).toBe(123.4);
  });
});
