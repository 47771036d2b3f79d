// Turning terminal points into columns at stored precision, and merging two time-ordered column
// sets with duplicates (same gpsTime) dropped: what ingestion does to each chunk it touches.
import {
  COORD_SCALE, HUMIDITY_CHANNELS, HUMIDITY_NONE, ODOMETER_SCALE, OIL_CHANNELS, OIL_NONE, TEMP_CHANNELS, TEMP_NONE, TENTHS,
  channelMask, emptyColumns, type TrackColumns, type TrackPoint,
} from '../columns.ts';

const fixed = (v: number, scale: number) => Math.round(v * scale) / scale;

// The sensor fields' names, made once: building them per point and channel was most of the cost of
// turning a 100-point batch into columns.
const keysOf = (prefix: string, n: number) => Array.from({ length: n }, (_, c) => `${prefix}${c + 1}`);
const TEMP_KEYS = keysOf('t', TEMP_CHANNELS);
const HUMIDITY_KEYS = keysOf('h', HUMIDITY_CHANNELS);
const OIL_KEYS = keysOf('oil', OIL_CHANNELS);
type Readings = Record<string, number | undefined>;

function maskOf(points: readonly TrackPoint[], keys: readonly string[]): number {
  let mask = 0;
  for (const p of points) for (let c = 0; c < keys.length; c++) if ((p as unknown as Readings)[keys[c]] !== undefined) mask |= 1 << c;
  return mask;
}

function fillSensors(arrays: (Float64Array | null)[], keys: readonly string[], none: number, p: TrackPoint, i: number) {
  for (let c = 0; c < arrays.length; c++) {
    const a = arrays[c];
    if (a) a[i] = fixed((p as unknown as Readings)[keys[c]] ?? none, TENTHS);
  }
}

/**
 * Points (any order, duplicates allowed) to columns in time order, rounded to the stored precision.
 * Of two points with the same gpsTime the first one given wins.
 */
export function pointsToColumns(points: readonly TrackPoint[]): TrackColumns {
  const order = points.map((_, i) => i).sort((a, b) => points[a].gpsTime - points[b].gpsTime || a - b);
  const kept: number[] = [];
  for (const i of order) if (kept.length === 0 || points[kept[kept.length - 1]].gpsTime !== points[i].gpsTime) kept.push(i);
  const cols = emptyColumns(kept.length, maskOf(points, TEMP_KEYS), maskOf(points, HUMIDITY_KEYS), maskOf(points, OIL_KEYS));
  for (let i = 0; i < kept.length; i++) {
    const p = points[kept[i]];
    cols.gpsTime[i] = p.gpsTime;
    cols.lon[i] = fixed(p.lon, COORD_SCALE);
    cols.lat[i] = fixed(p.lat, COORD_SCALE);
    cols.speed[i] = fixed(p.speed, TENTHS);
    cols.direction[i] = Math.round(p.direction);
    cols.odometer[i] = fixed(p.odometer, ODOMETER_SCALE);
    cols.status[i] = p.status;
    fillSensors(cols.temps, TEMP_KEYS, TEMP_NONE, p, i);
    fillSensors(cols.humidities, HUMIDITY_KEYS, HUMIDITY_NONE, p, i);
    fillSensors(cols.oils, OIL_KEYS, OIL_NONE, p, i);
  }
  return cols;
}

// A function of its own, not a closure in copyRow: made anew for every row, it cost more than the copy.
function copySensors(src: (Float64Array | null)[], dst: (Float64Array | null)[], i: number, j: number) {
  for (let c = 0; c < dst.length; c++) if (src[c] && dst[c]) dst[c]![j] = src[c]![i];
}

function copyRow(from: TrackColumns, i: number, to: TrackColumns, j: number) {
  to.gpsTime[j] = from.gpsTime[i];
  to.lon[j] = from.lon[i];
  to.lat[j] = from.lat[i];
  to.speed[j] = from.speed[i];
  to.direction[j] = from.direction[i];
  to.odometer[j] = from.odometer[i];
  to.status[j] = from.status[i];
  copySensors(from.temps, to.temps, i, j);
  copySensors(from.humidities, to.humidities, i, j);
  copySensors(from.oils, to.oils, i, j);
}

/**
 * Merges two time-ordered column sets. A point of `incoming` whose gpsTime is already in `stored`
 * is a duplicate and dropped (what was stored first stays). Returns the merged columns and how
 * many incoming points were kept.
 */
export function mergeColumns(stored: TrackColumns, incoming: TrackColumns): { merged: TrackColumns; added: number } {
  const masks = (a: (Float64Array | null)[], b: (Float64Array | null)[]) => channelMask(a) | channelMask(b);
  const out = emptyColumns(stored.length + incoming.length, masks(stored.temps, incoming.temps), masks(stored.humidities, incoming.humidities), masks(stored.oils, incoming.oils));
  let i = 0;
  let j = 0;
  let n = 0;
  let added = 0;
  while (i < stored.length || j < incoming.length) {
    if (j >= incoming.length || (i < stored.length && stored.gpsTime[i] <= incoming.gpsTime[j])) {
      if (j < incoming.length && stored.gpsTime[i] === incoming.gpsTime[j]) j++; // duplicate: drop the incoming one
      copyRow(stored, i++, out, n++);
    } else {
      copyRow(incoming, j++, out, n++);
      added++;
    }
  }
  return { merged: trimColumns(out, n), added };
}

/**
 * `incoming` after `stored` (every incoming time later than the last stored one, as the store checks):
 * column by column, no per-row work. A channel only one side has keeps its sentinel on the other.
 */
export function appendColumns(stored: TrackColumns, incoming: TrackColumns): TrackColumns {
  const masks = (a: (Float64Array | null)[], b: (Float64Array | null)[]) => channelMask(a) | channelMask(b);
  const n = stored.length;
  const out = emptyColumns(n + incoming.length, masks(stored.temps, incoming.temps), masks(stored.humidities, incoming.humidities), masks(stored.oils, incoming.oils));
  for (const k of ['gpsTime', 'lon', 'lat', 'speed', 'direction', 'odometer', 'status'] as const) {
    (out[k] as Float64Array).set(stored[k] as Float64Array);
    (out[k] as Float64Array).set(incoming[k] as Float64Array, n);
  }
  for (const k of ['temps', 'humidities', 'oils'] as const) {
    out[k].forEach((dst, c) => {
      if (!dst) return;
      const a = stored[k][c], b = incoming[k][c];
      if (a) dst.set(a);
      if (b) dst.set(b, n);
    });
  }
  return out;
}

/** The first n rows as views (no copy). */
export function trimColumns(cols: TrackColumns, n: number): TrackColumns {
  if (n === cols.length) return cols;
  const v = <T extends Float64Array | Int16Array | Int32Array>(a: T) => a.subarray(0, n) as T;
  return {
    length: n, gpsTime: v(cols.gpsTime), lon: v(cols.lon), lat: v(cols.lat), speed: v(cols.speed),
    direction: v(cols.direction), odometer: v(cols.odometer), status: v(cols.status),
    temps: cols.temps.map((a) => (a ? v(a) : null)), humidities: cols.humidities.map((a) => (a ? v(a) : null)), oils: cols.oils.map((a) => (a ? v(a) : null)),
  };
}

/** Rows [from, to) as views (no copy). */
export function sliceView(cols: TrackColumns, from: number, to: number): TrackColumns {
  if (from === 0) return trimColumns(cols, to);
  const v = <T extends Float64Array | Int16Array | Int32Array>(a: T) => a.subarray(from, to) as T;
  return {
    length: to - from, gpsTime: v(cols.gpsTime), lon: v(cols.lon), lat: v(cols.lat), speed: v(cols.speed),
    direction: v(cols.direction), odometer: v(cols.odometer), status: v(cols.status),
    temps: cols.temps.map((a) => (a ? v(a) : null)), humidities: cols.humidities.map((a) => (a ? v(a) : null)), oils: cols.oils.map((a) => (a ? v(a) : null)),
  };
}
