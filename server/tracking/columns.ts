// The shape of track data shared by the store, the analytics, the alarm rules and the fences:
// a point as terminals send it (TrackPoint) and a vehicle's time range as typed-array columns
// (TrackColumns). Analytics read columns only, so a pass over a million points touches flat
// arrays and never allocates an object per point.

export const TEMP_CHANNELS = 16;
export const HUMIDITY_CHANNELS = 16;
export const OIL_CHANNELS = 2;

/** Sentinels a terminal sends for "no reading" (spec section 5); sensor series skip them. */
export const TEMP_NONE = -999;
export const HUMIDITY_NONE = -1;
export const OIL_NONE = 0;

/**
 * Status bits of a point. Bits 0-15: door channel 1-16 open (the vehicle's openDoorStatus says
 * which channels exist). Bit 16: cold machine running. Bit 17: ACC (ignition) on.
 */
export const DOOR_BITS = 0xffff;
export const COLD_MACHINE_BIT = 1 << 16;
export const ACC_BIT = 1 << 17;
export const doorBit = (channel: number) => 1 << (channel - 1);

/** Stored precision (fixed point): coordinates 6 decimals, speed/sensors 1 decimal, odometer metres. */
export const COORD_SCALE = 1e6;
export const TENTHS = 10;
export const ODOMETER_SCALE = 1000;

/** One point as a terminal sends it. Missing sensor fields mean "not collected" (sentinel). */
export interface TrackPoint {
  /** WGS-84 degrees. */
  lon: number;
  lat: number;
  /** Epoch milliseconds. */
  gpsTime: number;
  /** km/h. */
  speed: number;
  /** Degrees clockwise from north, 0-359. */
  direction: number;
  /** Total odometer in km. */
  odometer: number;
  /** See the status bits above. */
  status: number;
  /** t1..t16 ℃, h1..h16 %RH, oil1/oil2 L: optional per point. */
  [sensor: `t${number}` | `h${number}` | `oil${number}`]: number | undefined;
}

/**
 * A vehicle's points in time order, one array per field. Sensor channels that no point in the
 * range collected are null, so a dry van carries no temperature arrays at all.
 */
export interface TrackColumns {
  length: number;
  gpsTime: Float64Array;
  lon: Float64Array;
  lat: Float64Array;
  speed: Float64Array;
  direction: Int16Array;
  odometer: Float64Array;
  status: Int32Array;
  /** Index c is channel c + 1 (t1 at 0). */
  temps: (Float64Array | null)[];
  humidities: (Float64Array | null)[];
  oils: (Float64Array | null)[];
}

/**
 * What stops, area visits, doors, cold machine and alarm marks read: a TrackColumns is one, and the
 * store can read just these (readMotion) for the analytics, skipping odometer, direction and sensors.
 */
export type MotionColumns = Pick<TrackColumns, 'length' | 'gpsTime' | 'lon' | 'lat' | 'speed' | 'status'>;

export function emptyMotion(length: number): MotionColumns {
  return { length, gpsTime: new Float64Array(length), lon: new Float64Array(length), lat: new Float64Array(length), speed: new Float64Array(length), status: new Int32Array(length) };
}

export function emptyColumns(length: number, temps = 0, humidities = 0, oils = 0): TrackColumns {
  const channels = (mask: number, n: number, fill: number) =>
    Array.from({ length: n }, (_, c) => (mask & (1 << c) ? new Float64Array(length).fill(fill) : null));
  return {
    length,
    gpsTime: new Float64Array(length),
    lon: new Float64Array(length),
    lat: new Float64Array(length),
    speed: new Float64Array(length),
    direction: new Int16Array(length),
    odometer: new Float64Array(length),
    status: new Int32Array(length),
    temps: channels(temps, TEMP_CHANNELS, TEMP_NONE),
    humidities: channels(humidities, HUMIDITY_CHANNELS, HUMIDITY_NONE),
    oils: channels(oils, OIL_CHANNELS, OIL_NONE),
  };
}

/** Bit mask of the channels present (bit c = channel c + 1). */
export const channelMask = (arrays: (Float64Array | null)[]) => arrays.reduce((m, a, c) => (a ? m | (1 << c) : m), 0);

/** Point i of the columns as a plain object (for pages of a few thousand rows, not for analytics). */
export function pointAt(cols: TrackColumns, i: number): TrackPoint {
  const p: TrackPoint = {
    lon: cols.lon[i], lat: cols.lat[i], gpsTime: cols.gpsTime[i], speed: cols.speed[i],
    direction: cols.direction[i], odometer: cols.odometer[i], status: cols.status[i],
  };
  cols.temps.forEach((a, c) => { if (a) p[`t${c + 1}`] = a[i]; });
  cols.humidities.forEach((a, c) => { if (a) p[`h${c + 1}`] = a[i]; });
  cols.oils.forEach((a, c) => { if (a) p[`oil${c + 1}`] = a[i]; });
  return p;
}

/** Rows [from, to) of the columns as a new TrackColumns (copies). */
export function sliceColumns(cols: TrackColumns, from: number, to: number): TrackColumns {
  const s = <T extends Float64Array | Int16Array | Int32Array>(a: T) => a.slice(from, to) as T;
  return {
    length: Math.max(0, to - from),
    gpsTime: s(cols.gpsTime), lon: s(cols.lon), lat: s(cols.lat), speed: s(cols.speed),
    direction: s(cols.direction), odometer: s(cols.odometer), status: s(cols.status),
    temps: cols.temps.map((a) => (a ? s(a) : null)),
    humidities: cols.humidities.map((a) => (a ? s(a) : null)),
    oils: cols.oils.map((a) => (a ? s(a) : null)),
  };
}

/** First index with gpsTime >= t (binary search; the columns are in time order). */
export function lowerBound(time: Float64Array, t: number, length = time.length): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (time[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A time interval [begin, end] in epoch ms, e.g. an alarm window. */
export interface TimeWindow {
  begin: number;
  end: number;
}
