// The per vehicle-day track summary (table track_day_summaries): computed from the very columns
// the store has just written for a day chunk, so it is exact whatever order points arrived in.
// The mileage and temperature reports read these rows instead of decoding the tracks.
import { run, type Conn } from '../resources/statements.ts';
import { settingsOf } from '../alarms/settings.ts';
import { rangeAt, temperatureJudge, type TempRange, type TemperatureJudge } from '../alarms/temperature-range.ts';
import { SENSOR_GAP_MS } from '../alarms/rules/rule.ts';
import { TEMP_NONE, type TrackColumns } from './columns.ts';
import { detectStops } from './analytics/stops.ts';
import { distanceKm } from './analytics/sensors.ts';
import { round1 } from '../fences/geometry.ts';

/** What a day is judged against: the corporation's overspeed threshold; the temperature rule the alarms use. */
export interface SummaryLimits {
  overspeedKmh: number;
  temperature: TemperatureJudge;
}

export interface DaySummary {
  points: number;
  firstTime: number;
  lastTime: number;
  odometerStart: number;
  odometerEnd: number;
  mileageKm: number;
  drivingMs: number;
  maxSpeed: number;
  overspeedPoints: number;
  tempMin: number | null;
  tempMax: number | null;
  tempAvg: number | null;
  tempSum: number | null;
  tempReadings: number;
  outOfRangeMinutes: number | null;
  /** The range the readings were judged against when one applied to all of them; null with none or several. */
  range: TempRange | null;
  /** How many different ranges applied to the readings. */
  ranges: number;
  stops: number;
  stopMinutes: number;
}

/**
 * A day's points (time-ordered, at least one) summed up. Temperatures: the channels the vehicle
 * collects, the "no reading" -999 left out. Out of range: the time from a point with a reading outside
 * the range that applies at that point (alarms/temperature-range.ts) to the next point, unless the
 * terminal was silent longer than the temperature rule's gap (then the time is unknown, as the rule
 * treats it). Driving: first to last point less the stops.
 */
export function summariseDay(cols: TrackColumns, limits: SummaryLimits): DaySummary {
  const n = cols.length;
  const { gpsTime: t, speed } = cols;
  let maxSpeed = 0;
  let overspeed = 0;
  for (let i = 0; i < n; i++) {
    if (speed[i] > maxSpeed) maxSpeed = speed[i];
    if (speed[i] > limits.overspeedKmh) overspeed++;
  }
  const judge = limits.temperature;
  const channels = cols.temps.filter((a, c): a is Float64Array => a !== null && (judge.mask & (1 << c)) !== 0);
  let tMin = Infinity, tMax = -Infinity, tSum = 0, readings = 0, outsideMs = 0;
  const applied = new Set<string>();
  let only: TempRange | null = null;
  for (let i = 0; i < n; i++) {
    let outside = false;
    let range: TempRange | null = null;
    for (const ch of channels) {
      const v = ch[i];
      if (v === TEMP_NONE || Number.isNaN(v)) continue;
      range ??= rangeAt(judge, t[i]);
      if (v < tMin) tMin = v;
      if (v > tMax) tMax = v;
      tSum += v;
      readings++;
      if (v < range.tempMin || v > range.tempMax) outside = true;
    }
    if (range) {
      // Two trips with equal bounds are one range to the reader.
      const key = `${range.tempMin}~${range.tempMax}`;
      if (!applied.has(key)) (applied.add(key), (only = range));
    }
    if (outside && i + 1 < n && t[i + 1] - t[i] <= SENSOR_GAP_MS) outsideMs += t[i + 1] - t[i];
  }
  const stops = detectStops(cols);
  const stopMs = stops.reduce((s, x) => s + x.durationMs, 0);
  return {
    points: n,
    firstTime: t[0],
    lastTime: t[n - 1],
    odometerStart: cols.odometer[0],
    odometerEnd: cols.odometer[n - 1],
    mileageKm: distanceKm(cols),
    drivingMs: Math.max(0, t[n - 1] - t[0] - stopMs),
    maxSpeed,
    overspeedPoints: overspeed,
    tempMin: readings ? tMin : null,
    tempMax: readings ? tMax : null,
    tempAvg: readings ? round1(tSum / readings) : null,
    tempSum: readings ? round1(tSum) : null,
    tempReadings: readings,
    outOfRangeMinutes: readings ? round1(outsideMs / 60_000) : null,
    range: applied.size === 1 ? { tempMin: only!.tempMin, tempMax: only!.tempMax } : null,
    ranges: applied.size,
    stops: stops.length,
    stopMinutes: round1(stopMs / 60_000),
  };
}

/** Rewrites the summary of one stored day chunk (called by the store right after writing it). */
export async function writeDaySummary(conn: Conn, corpId: number, vehicleId: number, dayStartMs: number, day: TrackColumns) {
  if (day.length === 0) return;
  const { overspeedKmh } = await settingsOf(conn, corpId, null);
  const temperature = await temperatureJudge(conn, corpId, vehicleId, day.gpsTime[0], day.gpsTime[day.length - 1]);
  const s = summariseDay(day, { overspeedKmh, temperature });
  await run(conn, `INSERT INTO track_day_summaries (vehicle_id, corp_id, day_start_ms, points, first_time, last_time,
      odometer_start, odometer_end, mileage_km, driving_ms, max_speed, overspeed_points, temp_min, temp_max, temp_avg, temp_sum,
      temp_readings, temp_range_min, temp_range_max, out_of_range_minutes, stops, stop_minutes)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (vehicle_id, day_start_ms) DO UPDATE SET corp_id = excluded.corp_id, points = excluded.points, first_time = excluded.first_time, last_time = excluded.last_time, odometer_start = excluded.odometer_start, odometer_end = excluded.odometer_end, mileage_km = excluded.mileage_km, driving_ms = excluded.driving_ms, max_speed = excluded.max_speed, overspeed_points = excluded.overspeed_points, temp_min = excluded.temp_min, temp_max = excluded.temp_max, temp_avg = excluded.temp_avg, temp_sum = excluded.temp_sum, temp_readings = excluded.temp_readings, temp_range_min = excluded.temp_range_min, temp_range_max = excluded.temp_range_max, out_of_range_minutes = excluded.out_of_range_minutes, stops = excluded.stops, stop_minutes = excluded.stop_minutes`,
    vehicleId, corpId, dayStartMs, s.points, s.firstTime, s.lastTime, s.odometerStart, s.odometerEnd, s.mileageKm, s.drivingMs,
    s.maxSpeed, s.overspeedPoints, s.tempMin, s.tempMax, s.tempAvg, s.tempSum, s.tempReadings,
    s.range?.tempMin ?? null, s.range?.tempMax ?? null, s.outOfRangeMinutes, s.stops, s.stopMinutes);
}
