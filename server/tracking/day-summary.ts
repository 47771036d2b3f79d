// The per vehicle-day track summary (table track_day_summaries): computed from the very columns
// the store has just written for a day chunk, so it is exact whatever order points arrived in.
// The mileage and temperature reports read these rows instead of decoding the tracks.
import { one, run, type Conn } from '../resources/statements.ts';
import { settingsOf } from '../alarms/settings.ts';
import { rangeAt, temperatureJudge, type TempRange, type TemperatureJudge } from '../alarms/temperature-range.ts';
import { SENSOR_GAP_MS } from '../alarms/rules/rule.ts';
import { TEMP_NONE, type TrackColumns } from './columns.ts';
import { detectStops, STOP_DEFAULTS, type Stop } from './analytics/stops.ts';
import { sliceView } from './store/merge.ts';
import { mileageKm } from './analytics/sensors.ts';
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
 * treats it). Driving: first to last point less the stops. The average is taken from the sum as stored
 * (to 0.1), so that a summary extended by appended points (extendSummary) averages exactly as this does.
 */
export function summariseDay(cols: TrackColumns, limits: SummaryLimits): DaySummary {
  const n = cols.length;
  const t = cols.gpsTime;
  const { maxSpeed, overspeed } = speedsOf(cols, limits, 0, n);
  const r = readingsOf(cols, limits.temperature, 0, n);
  const stops = detectStops(cols);
  return finish({ points: n, firstTime: t[0], lastTime: t[n - 1], odometerStart: cols.odometer[0], odometerEnd: cols.odometer[n - 1], maxSpeed, overspeedPoints: overspeed },
    { stops: stops.length, stopMs: stopMsOf(stops) }, r, [...r.applied.values()], r.applied.size);
}

/**
 * The summary of a day after points were appended to it (every new point later than the day's last
 * stored one), from its stored summary and the day's last points only, equal to summariseDay over the
 * whole day: counts, extremes and sums add up; the stops are found again from a point where the stop
 * scan starts afresh (two points in a row faster than a stop allows: no stop candidate spans them),
 * the stops found from there in the stored points taken off and those found from there in stored +
 * new points added. `around` is the stored points from some row on, then the new ones from `newFrom`
 * (at least one stored point before them). Null when it cannot be exact this way: no such restart
 * point among the stored points given, or time outside the range added (the minutes are stored
 * rounded, so they are summed over the whole day instead).
 */
export function extendSummary(stored: DaySummary, around: TrackColumns, newFrom: number, limits: SummaryLimits): DaySummary | null {
  const n = around.length;
  if (newFrom < 1 || newFrom >= n) return null;
  const restart = restartRow(around, newFrom);
  if (restart < 0) return null;
  const judge = limits.temperature;
  // The last stored point's time outside now runs to the first new point: only none of it keeps the stored minutes exact.
  if (readingsOf(around, judge, newFrom - 1, newFrom).outsideMs > 0) return null;
  const added = readingsOf(around, judge, newFrom, n);
  if (added.outsideMs > 0) return null;
  const { maxSpeed, overspeed } = speedsOf(around, limits, newFrom, n);
  const before = detectStops(sliceView(around, restart, newFrom));
  const after = detectStops(sliceView(around, restart, n));
  const stopMs = stored.lastTime - stored.firstTime - stored.drivingMs - stopMsOf(before) + stopMsOf(after);
  const had = stored.tempReadings > 0;
  const readings = {
    readings: stored.tempReadings + added.readings,
    tMin: had ? Math.min(stored.tempMin!, added.tMin) : added.tMin,
    tMax: had ? Math.max(stored.tempMax!, added.tMax) : added.tMax,
    tSum: (stored.tempSum ?? 0) + added.tSum,
    outsideMs: had ? stored.outOfRangeMinutes! * 60_000 : 0,
  };
  // Only whether one range applied is stored: several stay several.
  const applied = new Map(added.applied);
  if (stored.range) applied.set(`${stored.range.tempMin}~${stored.range.tempMax}`, stored.range);
  const ranges = stored.ranges > 1 ? Math.max(stored.ranges, applied.size) : applied.size;
  return finish({
    points: stored.points + (n - newFrom), firstTime: stored.firstTime, lastTime: around.gpsTime[n - 1],
    odometerStart: stored.odometerStart, odometerEnd: around.odometer[n - 1],
    maxSpeed: Math.max(stored.maxSpeed, maxSpeed), overspeedPoints: stored.overspeedPoints + overspeed,
  }, { stops: stored.stops - before.length + after.length, stopMs }, readings, [...applied.values()], ranges);
}

/**
 * The last stored row (before newFrom, after the first) at which the stop scan holds no candidate:
 * the row before it and the row itself are both faster than a stop allows, so the one before ended any
 * candidate (its lone-jump look-ahead is the row itself, not back at the stop) and began none. -1: none.
 */
function restartRow(cols: TrackColumns, newFrom: number): number {
  for (let i = newFrom - 1; i >= 1; i--) if (cols.speed[i] > STOP_DEFAULTS.maxSpeed && cols.speed[i - 1] > STOP_DEFAULTS.maxSpeed) return i;
  return -1;
}

type Motion = Pick<DaySummary, 'points' | 'firstTime' | 'lastTime' | 'odometerStart' | 'odometerEnd' | 'maxSpeed' | 'overspeedPoints'>;

function finish(m: Motion, stops: { stops: number; stopMs: number }, r: { readings: number; tMin: number; tMax: number; tSum: number; outsideMs: number },
  applied: TempRange[], ranges: number): DaySummary {
  const tempSum = r.readings ? round1(r.tSum) : null;
  return {
    // Field by field: an object spread here cost 50 µs a call as compiled (tsx), a hundred times the rest of a short day's summary.
    points: m.points, firstTime: m.firstTime, lastTime: m.lastTime, odometerStart: m.odometerStart, odometerEnd: m.odometerEnd,
    maxSpeed: m.maxSpeed, overspeedPoints: m.overspeedPoints,
    mileageKm: m.points < 2 ? 0 : mileageKm(m.odometerStart, m.odometerEnd),
    drivingMs: Math.max(0, m.lastTime - m.firstTime - stops.stopMs),
    tempMin: r.readings ? r.tMin : null,
    tempMax: r.readings ? r.tMax : null,
    tempAvg: tempSum === null ? null : round1(tempSum / r.readings),
    tempSum,
    tempReadings: r.readings,
    outOfRangeMinutes: r.readings ? round1(r.outsideMs / 60_000) : null,
    range: ranges === 1 ? { tempMin: applied[0].tempMin, tempMax: applied[0].tempMax } : null,
    ranges,
    stops: stops.stops,
    stopMinutes: round1(stops.stopMs / 60_000),
  };
}

/** What the readings of rows [from, to) add up to (see summariseDay); each row's time outside runs to the next row of the columns. */
function readingsOf(cols: TrackColumns, judge: TemperatureJudge, from: number, to: number) {
  const t = cols.gpsTime;
  const n = cols.length;
  const channels = cols.temps.filter((a, c): a is Float64Array => a !== null && (judge.mask & (1 << c)) !== 0);
  let tMin = Infinity, tMax = -Infinity, tSum = 0, readings = 0, outsideMs = 0;
  const applied = new Map<string, TempRange>();
  for (let i = from; i < to; i++) {
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
    // Two trips with equal bounds are one range to the reader.
    if (range) applied.set(`${range.tempMin}~${range.tempMax}`, range);
    if (outside && i + 1 < n && t[i + 1] - t[i] <= SENSOR_GAP_MS) outsideMs += t[i + 1] - t[i];
  }
  return { tMin, tMax, tSum, readings, outsideMs, applied };
}

function speedsOf(cols: TrackColumns, limits: SummaryLimits, from: number, to: number) {
  let maxSpeed = 0, overspeed = 0;
  for (let i = from; i < to; i++) {
    const v = cols.speed[i];
    if (v > maxSpeed) maxSpeed = v;
    if (v > limits.overspeedKmh) overspeed++;
  }
  return { maxSpeed, overspeed };
}

const stopMsOf = (stops: readonly Stop[]) => stops.reduce((s, x) => s + x.durationMs, 0);

/** What judges a vehicle's points in [from, to]: the corporation's overspeed threshold, the temperature ranges. */
async function limitsFor(conn: Conn, corpId: number, vehicleId: number, from: number, to: number): Promise<SummaryLimits> {
  const settings = await settingsOf(conn, corpId, null);
  return { overspeedKmh: settings.overspeedKmh, temperature: await temperatureJudge(conn, corpId, vehicleId, from, to, settings) };
}

/** Rewrites the summary of a stored day from the whole day's columns (called by the store right after writing it). */
export async function writeDaySummary(conn: Conn, corpId: number, vehicleId: number, dayStartMs: number, day: TrackColumns) {
  if (day.length === 0) return;
  const limits = await limitsFor(conn, corpId, vehicleId, day.gpsTime[0], day.gpsTime[day.length - 1]);
  await saveSummary(conn, corpId, vehicleId, dayStartMs, summariseDay(day, limits));
}

/**
 * After points were appended to a stored day (`around`: the day's last stored points, then from
 * `newFrom` the appended ones), extends its summary row instead of summing up the whole day again
 * (extendSummary). `storedPoints`: how many points the day held before, which the row must say (else it
 * is not in step with the day, and the whole day is summed up). False when the caller must do that.
 */
export async function extendDaySummary(conn: Conn, corpId: number, vehicleId: number, dayStartMs: number, around: TrackColumns, newFrom: number, storedPoints: number): Promise<boolean> {
  const row = await one<SummaryRow>(conn, `SELECT points, first_time AS "firstTime", last_time AS "lastTime", odometer_start AS "odometerStart", odometer_end AS "odometerEnd",
      mileage_km AS "mileageKm", driving_ms AS "drivingMs", max_speed AS "maxSpeed", overspeed_points AS "overspeedPoints", temp_min AS "tempMin", temp_max AS "tempMax",
      temp_avg AS "tempAvg", temp_sum AS "tempSum", temp_readings AS "tempReadings", temp_range_min AS "rangeMin", temp_range_max AS "rangeMax",
      out_of_range_minutes AS "outOfRangeMinutes", stops, stop_minutes AS "stopMinutes"
    FROM track_day_summaries WHERE vehicle_id = ? AND day_start_ms = ?`, vehicleId, dayStartMs);
  if (!row || row.points !== storedPoints || row.lastTime !== around.gpsTime[newFrom - 1]) return false;
  const stored: DaySummary = Object.assign(row, {
    range: row.rangeMin === null || row.rangeMax === null ? null : { tempMin: row.rangeMin, tempMax: row.rangeMax },
    // Only "one range or not" is stored: with readings and no range, several applied.
    ranges: row.tempReadings === 0 ? 0 : row.rangeMin === null ? 2 : 1,
  });
  const limits = await limitsFor(conn, corpId, vehicleId, around.gpsTime[newFrom - 1], around.gpsTime[around.length - 1]);
  const s = extendSummary(stored, around, newFrom, limits);
  if (!s) return false;
  await saveSummary(conn, corpId, vehicleId, dayStartMs, s);
  return true;
}

type SummaryRow = Omit<DaySummary, 'range' | 'ranges'> & { rangeMin: number | null; rangeMax: number | null };

async function saveSummary(conn: Conn, corpId: number, vehicleId: number, dayStartMs: number, s: DaySummary) {
  await run(conn, `INSERT INTO track_day_summaries (vehicle_id, corp_id, day_start_ms, points, first_time, last_time,
      odometer_start, odometer_end, mileage_km, driving_ms, max_speed, overspeed_points, temp_min, temp_max, temp_avg, temp_sum,
      temp_readings, temp_range_min, temp_range_max, out_of_range_minutes, stops, stop_minutes)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (vehicle_id, day_start_ms) DO UPDATE SET corp_id = excluded.corp_id, points = excluded.points, first_time = excluded.first_time, last_time = excluded.last_time, odometer_start = excluded.odometer_start, odometer_end = excluded.odometer_end, mileage_km = excluded.mileage_km, driving_ms = excluded.driving_ms, max_speed = excluded.max_speed, overspeed_points = excluded.overspeed_points, temp_min = excluded.temp_min, temp_max = excluded.temp_max, temp_avg = excluded.temp_avg, temp_sum = excluded.temp_sum, temp_readings = excluded.temp_readings, temp_range_min = excluded.temp_range_min, temp_range_max = excluded.temp_range_max, out_of_range_minutes = excluded.out_of_range_minutes, stops = excluded.stops, stop_minutes = excluded.stop_minutes`,
    vehicleId, corpId, dayStartMs, s.points, s.firstTime, s.lastTime, s.odometerStart, s.odometerEnd, s.mileageKm, s.drivingMs,
    s.maxSpeed, s.overspeedPoints, s.tempMin, s.tempMax, s.tempAvg, s.tempSum, s.tempReadings,
    s.range?.tempMin ?? null, s.range?.tempMax ?? null, s.outOfRangeMinutes, s.stops, s.stopMinutes);
}
