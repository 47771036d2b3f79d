// The day summary: what a day's points add up to, and that the store keeps it equal to the
// stored day whatever order and batches the points arrive in.
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { TrackPoint } from './columns.ts';
import { pointsToColumns } from './store/merge.ts';
import { CHUNK_MS, writeTrack } from './store/store.ts';
import { summariseDay } from './day-summary.ts';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 2, 1); // 09:00 in Shanghai
const LIMITS = { overspeedKmh: 100, tempMin: 2, tempMax: 8 };

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
    expect(dry).toMatchObject({ tempMin: null, tempMax: null, tempAvg: null, tempReadings: 0, outOfRangeMinutes: null });
  });
});

describe('the store keeps one summary per vehicle and day', () => {
  function store() {
    const sqlite = new Database(':memory:');
    sqlite.pragma('foreign_keys = OFF');
    sqlite.exec(`CREATE TABLE track_chunks (vehicle_id INTEGER NOT NULL, corp_id INTEGER NOT NULL, start_ms INTEGER NOT NULL, first_ms INTEGER NOT NULL,
      end_ms INTEGER NOT NULL, count INTEGER NOT NULL, columns BLOB NOT NULL, PRIMARY KEY (vehicle_id, start_ms))`);
    sqlite.exec(readFileSync(new URL('../db/migrations/0015_track_day_summaries.sql', import.meta.url), 'utf8'));
    sqlite.exec('CREATE TABLE alarm_settings (corp_id INTEGER PRIMARY KEY, overspeed_kmh REAL, overspeed_min_ms INTEGER, temp_min REAL, temp_max REAL, temp_min_ms INTEGER, stop_min_ms INTEGER, stop_max_speed_kmh REAL, updated_at INTEGER)');
    return sqlite;
  }
  const rows = (sqlite: Database.Database) => sqlite.prepare('SELECT * FROM track_day_summaries ORDER BY day_start_ms').all() as Record<string, number>[];

  it('late and re-sent points: the summary is that of the merged day', () => {
    const sqlite = store();
    const pts = day();
    writeTrack(sqlite, 1, 7, pointsToColumns(pts.slice(10)));
    writeTrack(sqlite, 1, 7, pointsToColumns(pts.slice(0, 12))); // earlier points, two of them again
    const [row] = rows(sqlite);
    const whole = summariseDay(pointsToColumns(pts), LIMITS);
    expect(row).toMatchObject({ vehicle_id: 7, corp_id: 1, day_start_ms: Math.floor(T0 / CHUNK_MS) * CHUNK_MS, points: 20, mileage_km: whole.mileageKm,
      max_speed: 110, overspeed_points: 4, temp_min: 1, temp_max: 20, out_of_range_minutes: 3, stops: 1, stop_minutes: 6, temp_range_min: 2, temp_range_max: 8 });
  });

  it('a track over midnight UTC gives a row per day; the corporation thresholds apply', () => {
    const sqlite = store();
    sqlite.prepare('INSERT INTO alarm_settings (corp_id, overspeed_kmh, temp_min, temp_max, updated_at) VALUES (1, 80, 0, 10, 0)').run();
    const midnight = Math.floor(T0 / CHUNK_MS) * CHUNK_MS + CHUNK_MS;
    const pts = day().map((p, i) => ({ ...p, gpsTime: midnight - 10 * MIN + i * MIN }));
    writeTrack(sqlite, 1, 7, pointsToColumns(pts));
    const [a, b] = rows(sqlite);
    expect([a.points, b.points]).toEqual([10, 10]);
    expect(a.overspeed_points + b.overspeed_points).toBe(pts.filter((p) => p.speed > 80).length);
    expect(a.last_time).toBe(midnight - MIN);
    expect(b.first_time).toBe(midnight);
    expect(a).toMatchObject({ temp_range_min: 0, temp_range_max: 10, out_of_range_minutes: 0 });
  });
});
