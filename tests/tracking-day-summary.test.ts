// The day summary: what a day's points add up to, and that the store keeps it equal to the
// stored day whatever order and batches the points arrive in.
import { afterEach, describe, expect, it } from 'vitest';
import type { TrackPoint } from '../server/tracking/columns.ts';
import { pointsToColumns } from '../server/tracking/store/merge.ts';
import { CHUNK_MS, TAIL_POINTS, readTrack, writeTrack } from '../server/tracking/store/store.ts';
import { summariseDay } from '../server/tracking/day-summary.ts';
import type { Database } from '../server/db/port.ts';
import { openTestDatabase } from './support/test-db.ts';
import { temperatureJudge, type TemperatureJudge } from '../server/alarms/temperature-range.ts';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 2, 1); // 09:00 in Shanghai
/** Every channel collected, no waybill range: the corporation's default 2-8 ℃ all day. */
const ALL_CHANNELS: TemperatureJudge = { mask: 0xffff, fallback: { tempMin: 2, tempMax: 8 }, trips: [] };
const LIMITS = { overspeedKmh: 100, temperature: ALL_CHANNELS };

/**
 * 20 one-minute steps: driving 0-5 (speeds up to 110), standing still 6-12 (6 minutes, one stop),
 * driving 13-17, then silent for 30 minutes and one last point. t1 reads 5 ℃ except 9 ℃ at 2 and 3
 * and "no reading" at 4; t3 reads 4 ℃ except 1 ℃ at 13.
 */
function day(): TrackPoint[] {
  const pts: TrackPoint[] = [];
  let odo = 1000;
  for (let i = 0; i < 19; i++) {
    const still = i >= 6 && i <= 12;
    const speed = still ? 0 : [60, 80, 105, 110, 90, 70][i % 6];
    if (i > 0 && !still) odo += speed / 60;
    const lon = 121 + (still ? 0.06 : i * 0.01);
    pts.push({ lon, lat: 31, gpsTime: T0 + i * MIN, speed, direction: 90, odometer: Math.round(odo * 1000) / 1000, status: 0,
      t1: i === 2 || i === 3 ? 9 : i === 4 ? -999 : 5, t3: i === 13 ? 1 : 4 });
  }
  pts.push({ lon: 121.3, lat: 31, gpsTime: T0 + 48 * MIN, speed: 40, direction: 90, odometer: Math.round((odo + 20) * 1000) / 1000, status: 0, t1: 20, t3: 4 });
  return pts;
}

describe('summariseDay', () => {
  const pts = day();
  const s = summariseDay(pointsToColumns(pts), LIMITS);

  it('points, times, odometer and mileage (end minus start, 1 decimal)', () => {
    expect(s).toMatchObject({ points: 20, firstTime: T0, lastTime: T0 + 48 * MIN, odometerStart: pts[0].odometer, odometerEnd: pts[19].odometer });
    expect(s.mileageKm).toBe(Math.round((pts[19].odometer - pts[0].odometer) * 10) / 10);
  });

  it('speed: the maximum and the points above the overspeed threshold', () => {
    expect(s.maxSpeed).toBe(110);
    expect(s.overspeedPoints).toBe(pts.filter((p) => p.speed > 100).length);
    expect(s.overspeedPoints).toBe(4);
  });

  it('temperatures over both channels without the -999 readings; minutes outside the range skip silent gaps', () => {
    const readings = pts.flatMap((p) => [p.t1!, p.t3!]).filter((v) => v !== -999);
    expect(s.tempReadings).toBe(39);
    expect(s.tempMin).toBe(1);
    expect(s.tempMax).toBe(20);
    expect(s.tempAvg).toBe(Math.round((readings.reduce((a, b) => a + b, 0) / readings.length) * 10) / 10);
    // Outside at 2, 3 (9 ℃) and 13 (1 ℃): a minute each to the next point; 20 ℃ at the last point has no next point.
    expect(s.outOfRangeMinutes).toBe(3);
  });

  it('stops from the stop analytics; driving is the span less the stops', () => {
    expect(s.stops).toBe(1);
    expect(s.stopMinutes).toBe(6);
    expect(s.drivingMs).toBe(48 * MIN - 6 * MIN);
  });

  it('a vehicle without temperature channels has no temperature figures', () => {
    const dry = summariseDay(pointsToColumns(pts.map(({ t1: _a, t3: _b, ...p }) => p as TrackPoint)), LIMITS);
    expect(dry).toMatchObject({ tempMin: null, tempMax: null, tempAvg: null, tempReadings: 0, outOfRangeMinutes: null, range: null, ranges: 0 });
  });

  it('one range for the whole day is the range of the row', () => {
    expect(s).toMatchObject({ range: { tempMin: 2, tempMax: 8 }, ranges: 1 });
  });
});

/**
 * 60 one-minute points: off trip 0-9 (5 ℃), a frozen waybill's trip 10-29 (-18 ℃, -15 at 20),
 * off trip 30-39 (5 ℃, 12 ℃ at 35), a chilled waybill's trip from 40 on (4 ℃, 11 ℃ at 45).
 * t1 is collected; t2 (a probe the vehicle does not collect) reads 50 ℃ throughout.
 */
function twoTrips() {
  const t1 = (i: number) => (i >= 10 && i < 30 ? (i === 20 ? -15 : -18) : i === 35 ? 12 : i === 45 ? 11 : i < 40 ? 5 : 4);
  const pts: TrackPoint[] = Array.from({ length: 60 }, (_, i) => ({
    lon: 121 + i * 0.01, lat: 31, gpsTime: T0 + i * MIN, speed: 60, direction: 90, odometer: 1000 + i, status: 0, t1: t1(i), t2: 50,
  }));
  const judge: TemperatureJudge = {
    mask: 0b1,
    fallback: { tempMin: 2, tempMax: 8 },
    trips: [
      { waybillId: 1, tempMin: -22, tempMax: -12, from: T0 + 10 * MIN, to: T0 + 29 * MIN },
      { waybillId: 2, tempMin: 0, tempMax: 10, from: T0 + 40 * MIN, to: Infinity },
    ],
  };
  return { pts, judge };
}

describe('summariseDay judges each reading against the range that applies to it', () => {
  const { pts, judge } = twoTrips();
  const s = summariseDay(pointsToColumns(pts), { overspeedKmh: 100, temperature: judge });

  it('frozen readings on the frozen trip are inside; 12 ℃ off trip and 11 ℃ on the chilled trip are outside', () => {
    // Judged against 2-8 ℃ alone every one of the 20 frozen minutes would be outside too.
    expect(s.outOfRangeMinutes).toBe(2);
    const corpOnly = summariseDay(pointsToColumns(pts), { overspeedKmh: 100, temperature: { ...judge, trips: [] } });
    expect(corpOnly.outOfRangeMinutes).toBe(22);
  });

  it('a channel the vehicle does not collect is left out of the figures', () => {
    expect(s).toMatchObject({ tempReadings: 60, tempMin: -18, tempMax: 12 });
    const sum = pts.reduce((a, p) => a + p.t1!, 0);
    expect(s.tempAvg).toBe(Math.round((sum / 60) * 10) / 10);
  });

  it('three ranges applied (corporation, frozen, chilled): no single range for the row', () => {
    expect(s).toMatchObject({ range: null, ranges: 3 });
  });

  it('a day within one trip has that trip\'s range', () => {
    const onTrip = summariseDay(pointsToColumns(pts.slice(10, 30)), { overspeedKmh: 100, temperature: judge });
    expect(onTrip).toMatchObject({ range: { tempMin: -22, tempMax: -12 }, ranges: 1, outOfRangeMinutes: 0 });
  });

  it('a vehicle collecting no channel has no temperature figures', () => {
    const none = summariseDay(pointsToColumns(pts), { overspeedKmh: 100, temperature: { ...judge, mask: 0 } });
    expect(none).toMatchObject({ tempReadings: 0, tempMin: null, outOfRangeMinutes: null, range: null });
  });
});

/** The databases a test opened, closed after it. */
const opened: Database[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
});

/**
 * A fresh migrated database with corporation 1, its fence 1 (for waybill nodes) and its vehicles 7
 * (with the given temperature channel setting) and 8: the rows the store and the summaries refer to.
 */
async function storeWith(temperaturectrl: number): Promise<Database> {
  const db = await openTestDatabase();
  opened.push(db);
  await db.run("INSERT INTO corporations (id, corp_code, corp_name, created_at) VALUES (1, 'T1', '测试企业', 0)");
  await db.run("INSERT INTO areas (id, corp_id, area_name, area_code, lon, lat, created_at, updated_at) VALUES (1, 1, '测试围栏', 'F1', 121, 31, 0, 0)");
  await db.run('INSERT INTO vehicles (id, corp_id, vehicle_no, gather_temperature, temperaturectrl, created_at, updated_at) VALUES (7, 1, ?, 1, ?, 0, 0)', ['沪A00007', temperaturectrl]);
  await db.run('INSERT INTO vehicles (id, corp_id, vehicle_no, created_at, updated_at) VALUES (8, 1, ?, 0, 0)', ['沪A00008']);
  return db;
}

describe('the store keeps one summary per vehicle and day', () => {
  /** The real schema; vehicle 7 of corporation 1 collects every temperature channel it sends. */
  const store = () => storeWith(0);
  const rows = (db: Database) => db.all<Record<string, number>>('SELECT * FROM track_day_summaries ORDER BY day_start_ms');

  it('late and re-sent points: the summary is that of the merged day', async () => {
    const db = await store();
    const pts = day();
    await writeTrack(db, 1, 7, pointsToColumns(pts.slice(10)));
    await writeTrack(db, 1, 7, pointsToColumns(pts.slice(0, 12))); // earlier points, two of them again
    const [row] = await rows(db);
    const whole = summariseDay(pointsToColumns(pts), LIMITS);
    expect(row).toMatchObject({ vehicle_id: 7, corp_id: 1, day_start_ms: Math.floor(T0 / CHUNK_MS) * CHUNK_MS, points: 20, mileage_km: whole.mileageKm,
      max_speed: 110, overspeed_points: 4, temp_min: 1, temp_max: 20, out_of_range_minutes: 3, stops: 1, stop_minutes: 6, temp_range_min: 2, temp_range_max: 8 });
  });

  it('a track over midnight UTC gives a row per day; the corporation thresholds apply', async () => {
    const db = await store();
    await db.run('INSERT INTO alarm_settings (corp_id, overspeed_kmh, temp_min, temp_max, updated_at) VALUES (1, 80, 0, 10, 0)');
    const midnight = Math.floor(T0 / CHUNK_MS) * CHUNK_MS + CHUNK_MS;
    const pts = day().map((p, i) => ({ ...p, gpsTime: midnight - 10 * MIN + i * MIN }));
    await writeTrack(db, 1, 7, pointsToColumns(pts));
    const [a, b] = await rows(db);
    expect([a.points, b.points]).toEqual([10, 10]);
    expect(a.overspeed_points + b.overspeed_points).toBe(pts.filter((p) => p.speed > 80).length);
    expect(a.last_time).toBe(midnight - MIN);
    expect(b.first_time).toBe(midnight);
    expect(a).toMatchObject({ temp_range_min: 0, temp_range_max: 10, out_of_range_minutes: 0 });
  });
});

describe('a day reported a few points at a time, over several segments', () => {
  /**
   * 10 s steps: driving (30-60 km/h) and stopping (4 minutes at one place, with a lone GPS jump and a
   * crawl within the radius), one parked stretch longer than a segment, t1 mostly in range with a few
   * readings outside it, and "no reading" now and then.
   */
  function longDay(): TrackPoint[] {
    const pts: TrackPoint[] = [];
    let lon = 121, odo = 500;
    for (let i = 0; i < TAIL_POINTS * 3; i++) {
      const parked = i >= 700 && i < 700 + TAIL_POINTS + 60;
      const phase = i % 70;
      const stopped = parked || phase >= 40;
      const speed = stopped ? (phase === 55 ? 4 : i % 3) : 30 + (i % 31);
      if (!stopped) (lon += 0.002), (odo += speed / 360);
      const jump = stopped && phase === 50;
      pts.push({ lon: jump ? lon + 0.01 : lon, lat: 31, gpsTime: T0 + i * 10_000, speed, direction: 90, odometer: Math.round(odo * 1000) / 1000, status: 0,
        t1: i % 97 === 13 ? 9 : i % 41 === 0 ? -999 : 5 });
    }
    return pts;
  }

  it('the stored row equals the summary of the whole day as stored, after every few writes', async () => {
    const db = await storeWith(0);
    const pts = longDay();
    const dayStart = Math.floor(T0 / CHUNK_MS) * CHUNK_MS;
    const expectWhole = async () => {
      const day = await readTrack(db, 7, dayStart, dayStart + CHUNK_MS - 1);
      const s = summariseDay(day, { overspeedKmh: 100, temperature: await temperatureJudge(db, 1, 7, day.gpsTime[0], day.gpsTime[day.length - 1]) });
      const row = await db.one<Record<string, number | null>>('SELECT * FROM track_day_summaries WHERE vehicle_id = 7');
      expect(row).toEqual({ vehicle_id: 7, corp_id: 1, day_start_ms: dayStart, points: s.points, first_time: s.firstTime, last_time: s.lastTime,
        odometer_start: s.odometerStart, odometer_end: s.odometerEnd, mileage_km: s.mileageKm, driving_ms: s.drivingMs, max_speed: s.maxSpeed,
        overspeed_points: s.overspeedPoints, temp_min: s.tempMin, temp_max: s.tempMax, temp_avg: s.tempAvg, temp_sum: s.tempSum, temp_readings: s.tempReadings,
        temp_range_min: s.range?.tempMin ?? null, temp_range_max: s.range?.tempMax ?? null, out_of_range_minutes: s.outOfRangeMinutes,
        stops: s.stops, stop_minutes: s.stopMinutes });
      return s;
    };
    let writes = 0;
    for (let from = 0; from < pts.length; writes++) {
      const to = Math.min(pts.length, from + 1 + (from % 5));
      await writeTrack(db, 1, 7, pointsToColumns(pts.slice(from, to)));
      from = to;
      if (writes % 50 === 0) await expectWhole();
    }
    const s = await expectWhole();
    expect(s.points).toBe(pts.length);
    expect(s.stops).toBeGreaterThan(10);
    expect(s.outOfRangeMinutes).toBeGreaterThan(0);
    expect((await db.one<{ n: number }>('SELECT count(*) AS n FROM track_chunks WHERE vehicle_id = 7'))!.n).toBeGreaterThan(2);
  });
});

describe('the store judges a day by the vehicle\'s channels and its waybills\' ranges', () => {
  let nextNode = 1;
  const store = storeWith;
  /** A waybill of the vehicle that arrived at its first node at `arrive` and left its last at `leave` (null: not yet). */
  async function waybill(db: Database, o: { id: number; vehicleId?: number; status: number; arrive: number; leave: number | null; range?: [number, number]; deleted?: boolean }) {
    await db.run(`INSERT INTO waybills (id, corp_id, waybill_no, business_type, status, step, sign_status, vehicle_id, is_deleted, created_at, updated_at)
      VALUES (?, 1, ?, 1, ?, 1, 0, ?, ?, 0, 0)`, [o.id, `YD${o.id}`, o.status, o.vehicleId ?? 7, o.deleted ? 1 : 0]);
    const node = (...params: unknown[]) => db.run(`INSERT INTO waybill_nodes (id, corp_id, waybill_id, seq, node_type, area_id, actual_arrive_time, actual_leave_time)
      VALUES (?, 1, ?, ?, ?, 1, ?, ?)`, params);
    await node(nextNode++, o.id, 1, 'start', o.arrive, o.arrive + MIN);
    await node(nextNode++, o.id, 2, 'end', o.leave === null ? null : o.leave - MIN, o.leave);
    if (o.range) await db.run('INSERT INTO waybill_temperature_ranges (waybill_id, corp_id, temp_min, temp_max) VALUES (?, 1, ?, ?)', [o.id, ...o.range]);
  }
  const row = (db: Database) => db.one<Record<string, number | null>>('SELECT * FROM track_day_summaries');

  it('trips from first arrival to last leave, open while in transit; waybills without a range, deleted or of other vehicles are no trips', async () => {
    const db = await store(0b1);
    await waybill(db, { id: 1, status: 500, arrive: T0 + 10 * MIN, leave: T0 + 29 * MIN, range: [-22, -12] });
    await waybill(db, { id: 2, status: 400, arrive: T0 + 40 * MIN, leave: null, range: [0, 10] });
    await waybill(db, { id: 3, status: 500, arrive: T0 + 31 * MIN, leave: T0 + 38 * MIN }); // no range of its own: the corporation's applies
    await waybill(db, { id: 4, status: 500, arrive: T0, leave: T0 + 9 * MIN, range: [-30, -25], deleted: true });
    await waybill(db, { id: 5, vehicleId: 8, status: 400, arrive: T0, leave: null, range: [-30, -25] });
    const judge = await temperatureJudge(db, 1, 7, T0, T0 + 59 * MIN);
    expect(judge).toEqual({ mask: 0b1, fallback: { tempMin: 2, tempMax: 8 }, trips: [
      { waybillId: 1, tempMin: -22, tempMax: -12, from: T0 + 10 * MIN, to: T0 + 29 * MIN },
      { waybillId: 2, tempMin: 0, tempMax: 10, from: T0 + 40 * MIN, to: Infinity },
    ] });
    // A trip wholly before the stretch is not asked about.
    expect((await temperatureJudge(db, 1, 7, T0 + 30 * MIN, T0 + 35 * MIN)).trips).toEqual([]);
  });

  it('the summary row: minutes outside each reading\'s range, the uncollected channel ignored, no single range', async () => {
    const db = await store(0b1);
    await waybill(db, { id: 1, status: 500, arrive: T0 + 10 * MIN, leave: T0 + 29 * MIN, range: [-22, -12] });
    await waybill(db, { id: 2, status: 400, arrive: T0 + 40 * MIN, leave: null, range: [0, 10] });
    await writeTrack(db, 1, 7, pointsToColumns(twoTrips().pts));
    expect(await row(db)).toMatchObject({ temp_readings: 60, temp_max: 12, out_of_range_minutes: 2, temp_range_min: null, temp_range_max: null });
  });

  it('a day on one frozen trip shows the frozen range and no minutes outside', async () => {
    const db = await store(0b1);
    await waybill(db, { id: 1, status: 400, arrive: T0 - 60 * MIN, leave: null, range: [-22, -12] });
    await writeTrack(db, 1, 7, pointsToColumns(twoTrips().pts.slice(10, 30)));
    expect(await row(db)).toMatchObject({ temp_readings: 20, temp_range_min: -22, temp_range_max: -12, out_of_range_minutes: 0 });
  });

  it('a vehicle that names its channels: only those count (t2 collected here, the 50 ℃ probe)', async () => {
    const db = await store(0b10);
    await writeTrack(db, 1, 7, pointsToColumns(twoTrips().pts.slice(0, 10)));
    expect(await row(db)).toMatchObject({ temp_readings: 10, temp_min: 50, temp_max: 50, out_of_range_minutes: 9, temp_range_min: 2, temp_range_max: 8 });
  });
});
