// One chunk of a vehicle's track as a binary blob of fixed-width typed-array sections, so decoding is
// a straight loop per column (no parsing, no per-point objects). Fixed point keeps values exact:
// coordinates in 1e-6 degree, speed and sensors in tenths, odometer in metres as a delta from the
// chunk's first point, time as milliseconds after the chunk's base time.
//
// Layout (little endian; every section starts 4-byte aligned):
//   header  Int32 x6: version, count, temp mask, humidity mask, oil mask, flags
//           Float64 x2: base time (ms), base odometer (km)
//   Int32 time offset, lon, lat, odometer delta (m) or, with FLAG_WIDE_ODOMETER, Float64 odometer
//   Int32 status; Int16 speed, direction; Int32 oil per present channel; Int16 temps, humidities per channel
import {
  COORD_SCALE, HUMIDITY_CHANNELS, ODOMETER_SCALE, OIL_CHANNELS, TEMP_CHANNELS, TENTHS,
  channelMask, emptyColumns, type MotionColumns, type TrackColumns,
} from '../columns.ts';

const VERSION = 1;
const HEADER_BYTES = 40;
/** Odometer deltas beyond Int32 metres (a broken terminal's jump): stored as Float64 km instead. */
const FLAG_WIDE_ODOMETER = 1;

const bits = (mask: number) => {
  let n = 0;
  for (let m = mask; m; m &= m - 1) n++;
  return n;
};
const pad4 = (n: number) => (n + 3) & ~3;
const pad8 = (n: number) => (n + 7) & ~7;

function sizeOf(count: number, tMask: number, hMask: number, oMask: number, wide: boolean) {
  let size = HEADER_BYTES + count * 4 * 3; // time, lon, lat
  size = wide ? pad8(size) + count * 8 : size + count * 4;
  size += count * 4 + pad4(count * 2) * 2; // status; speed, direction
  size += bits(oMask) * count * 4;
  size += (bits(tMask) + bits(hMask)) * pad4(count * 2);
  return size;
}

/** Encodes rows [from, to) of the columns. Times must be ascending (the store guarantees it). */
export function encodeChunk(cols: TrackColumns, from = 0, to = cols.length): Buffer {
  const n = to - from;
  const tMask = channelMask(cols.temps);
  const hMask = channelMask(cols.humidities);
  const oMask = channelMask(cols.oils);
  const baseTime = cols.gpsTime[from];
  const baseOdo = cols.odometer[from];
  let wide = false;
  for (let i = from; i < to; i++) {
    const d = Math.round((cols.odometer[i] - baseOdo) * ODOMETER_SCALE);
    if (d > 0x7fffffff || d < -0x80000000) wide = true;
  }
  const buf = Buffer.alloc(sizeOf(n, tMask, hMask, oMask, wide));
  const ab = buf.buffer;
  const base = buf.byteOffset;
  new Int32Array(ab, base, 6).set([VERSION, n, tMask, hMask, oMask, wide ? FLAG_WIDE_ODOMETER : 0]);
  buf.writeDoubleLE(baseTime, 24);
  buf.writeDoubleLE(baseOdo, 32);
  let at = HEADER_BYTES;
  const i32 = (fill: (out: Int32Array) => void) => { const out = new Int32Array(ab, base + at, n); fill(out); at += n * 4; };
  const i16 = (fill: (out: Int16Array) => void) => { const out = new Int16Array(ab, base + at, n); fill(out); at += pad4(n * 2); };
  i32((o) => { for (let i = 0; i < n; i++) o[i] = cols.gpsTime[from + i] - baseTime; });
  i32((o) => { for (let i = 0; i < n; i++) o[i] = Math.round(cols.lon[from + i] * COORD_SCALE); });
  i32((o) => { for (let i = 0; i < n; i++) o[i] = Math.round(cols.lat[from + i] * COORD_SCALE); });
  if (wide) {
    at = pad8(at);
    const o = new Float64Array(ab, base + at, n);
    for (let i = 0; i < n; i++) o[i] = cols.odometer[from + i];
    at += n * 8;
  } else {
    i32((o) => { for (let i = 0; i < n; i++) o[i] = Math.round((cols.odometer[from + i] - baseOdo) * ODOMETER_SCALE); });
  }
  i32((o) => o.set(cols.status.subarray(from, to)));
  i16((o) => { for (let i = 0; i < n; i++) o[i] = Math.round(cols.speed[from + i] * TENTHS); });
  i16((o) => o.set(cols.direction.subarray(from, to)));
  for (const a of cols.oils) if (a) i32((o) => { for (let i = 0; i < n; i++) o[i] = Math.round(a[from + i] * TENTHS); });
  for (const group of [cols.temps, cols.humidities]) {
    for (const a of group) if (a) i16((o) => { for (let i = 0; i < n; i++) o[i] = Math.round(a[from + i] * TENTHS); });
  }
  return buf;
}

export interface ChunkHeader {
  count: number;
  tempMask: number;
  humidityMask: number;
  oilMask: number;
}

/** A blob from SQLite may sit at any offset of its ArrayBuffer; typed views need alignment. */
function aligned(blob: Uint8Array): Uint8Array {
  return blob.byteOffset % 8 === 0 ? blob : new Uint8Array(blob);
}

export function readHeader(blob: Uint8Array): ChunkHeader {
  const b = aligned(blob);
  const h = new Int32Array(b.buffer, b.byteOffset, 6);
  if (h[0] !== VERSION) throw new Error(`track chunk version ${h[0]} is not known`);
  return { count: h[1], tempMask: h[2], humidityMask: h[3], oilMask: h[4] };
}

export interface DecodeRange {
  /** Decode the sensor channels too (default true). */
  sensors?: boolean;
  /** Rows [from, to) of the chunk only (default all): sections are fixed width, so any row is addressable. */
  from?: number;
  to?: number;
}

// Each column is a loop of its own over a typed-array view straight on the blob, in a function per
// element type so every loop stays monomorphic (one closure serving Int16 and Int32 views cost the
// old decoder a factor of four). Divisions, not multiplications by 1e-6: they give the exact nearest
// double of the stored decimal, which the page writer relies on.
function offsetInto(out: Float64Array, at: number, src: Int32Array, base: number, m: number) {
  for (let i = 0; i < m; i++) out[at + i] = base + src[i];
}
function scaledInto32(out: Float64Array, at: number, src: Int32Array, scale: number, m: number) {
  for (let i = 0; i < m; i++) out[at + i] = src[i] / scale;
}
function scaledInto16(out: Float64Array, at: number, src: Int16Array, scale: number, m: number) {
  for (let i = 0; i < m; i++) out[at + i] = src[i] / scale;
}
function odometerInto(out: Float64Array, at: number, src: Int32Array, baseM: number, m: number) {
  for (let i = 0; i < m; i++) out[at + i] = Math.round(baseM + src[i]) / ODOMETER_SCALE;
}

/** Where each section of a chunk starts (byte offsets from the blob's start). */
interface Sections {
  n: number;
  time: number;
  lon: number;
  lat: number;
  /** Int32 metres after the base, or Float64 km when `wide`. */
  odometer: number;
  wide: boolean;
  status: number;
  speed: number;
  direction: number;
  /** First sensor section: oils (Int32), then temperatures and humidities (Int16), present channels only. */
  sensors: number;
}

function sectionsOf(n: number, flags: number): Sections {
  const wide = (flags & FLAG_WIDE_ODOMETER) !== 0;
  const time = HEADER_BYTES, lon = time + n * 4, lat = lon + n * 4;
  const odometer = wide ? pad8(lat + n * 4) : lat + n * 4;
  const status = odometer + n * (wide ? 8 : 4);
  const speed = status + n * 4;
  const direction = speed + pad4(n * 2);
  return { n, time, lon, lat, odometer, wide, status, speed, direction, sensors: direction + pad4(n * 2) };
}

/** What to decode: `motion` is what stops, visits, doors and alarm marks read (time, position, speed, status). */
export type DecodeFields = 'motion' | 'core' | 'all';

/** Decodes rows into `out` at `offset`; the shared body of decodeChunkInto and decodeMotionInto. */
function decodeInto(blob: Uint8Array, out: MotionColumns & Partial<TrackColumns>, offset: number, fields: DecodeFields, from: number, to: number | undefined): number {
  const b = aligned(blob);
  const ab = b.buffer;
  const base = b.byteOffset;
  const h = new Int32Array(ab, base, 6);
  const n = h[1];
  const m = (to ?? n) - from;
  const head = new Float64Array(ab, base + 24, 2);
  const s = sectionsOf(n, h[5]);
  const i32 = (at: number) => new Int32Array(ab, base + at + from * 4, m);
  const i16 = (at: number) => new Int16Array(ab, base + at + from * 2, m);
  offsetInto(out.gpsTime, offset, i32(s.time), head[0], m);
  scaledInto32(out.lon, offset, i32(s.lon), COORD_SCALE, m);
  scaledInto32(out.lat, offset, i32(s.lat), COORD_SCALE, m);
  out.status.set(i32(s.status), offset);
  scaledInto16(out.speed, offset, i16(s.speed), TENTHS, m);
  if (fields === 'motion') return m;
  const cols = out as TrackColumns;
  if (s.wide) cols.odometer.set(new Float64Array(ab, base + s.odometer + from * 8, m), offset);
  else odometerInto(cols.odometer, offset, i32(s.odometer), head[1] * ODOMETER_SCALE, m);
  cols.direction.set(i16(s.direction), offset);
  if (fields === 'core') return m;
  let at = s.sensors;
  const [tMask, hMask, oMask] = [h[2], h[3], h[4]];
  for (let c = 0; c < OIL_CHANNELS; c++) {
    if (!(oMask & (1 << c))) continue;
    scaledInto32(target(cols.oils, c), offset, i32(at), TENTHS, m);
    at += n * 4;
  }
  for (const [mask, count, arrays] of [[tMask, TEMP_CHANNELS, cols.temps], [hMask, HUMIDITY_CHANNELS, cols.humidities]] as const) {
    for (let c = 0; c < count; c++) {
      if (!(mask & (1 << c))) continue;
      scaledInto16(target(arrays, c), offset, i16(at), TENTHS, m);
      at += pad4(n * 2);
    }
  }
  return m;
}

function target(arrays: (Float64Array | null)[], c: number): Float64Array {
  const dst = arrays[c];
  if (!dst) throw new Error(`decode target lacks channel ${c + 1}`);
  return dst;
}

/**
 * Decodes a chunk (or rows of it) into `out` at row `offset`. `out` must have room and an array
 * for every channel the chunk carries (channels it lacks keep the sentinel the caller filled in).
 */
export function decodeChunkInto(blob: Uint8Array, out: TrackColumns, offset: number, range: DecodeRange = {}): number {
  return decodeInto(blob, out, offset, range.sensors === false ? 'core' : 'all', range.from ?? 0, range.to);
}

/** Decodes only time, position, speed and status of rows [from, to) of a chunk into `out` at row `offset`. */
export function decodeMotionInto(blob: Uint8Array, out: MotionColumns, offset: number, from = 0, to?: number): number {
  return decodeInto(blob, out, offset, 'motion', from, to);
}

/** One chunk (or rows [from, to) of it) on its own. */
export function decodeChunk(blob: Uint8Array, range: DecodeRange = {}): TrackColumns {
  const h = readHeader(blob);
  const n = (range.to ?? h.count) - (range.from ?? 0);
  const out = range.sensors === false ? emptyColumns(n) : emptyColumns(n, h.tempMask, h.humidityMask, h.oilMask);
  decodeChunkInto(blob, out, 0, range);
  return out;
}

/** Rows of the chunk with from <= gpsTime <= to, as [a, b), by binary search on the stored times (nothing decoded). */
export function rowsBetween(blob: Uint8Array, from: number, to: number): [number, number] {
  const b = aligned(blob);
  const n = new Int32Array(b.buffer, b.byteOffset, 6)[1];
  const baseTime = new DataView(b.buffer, b.byteOffset, HEADER_BYTES).getFloat64(24, true);
  const t = new Int32Array(b.buffer, b.byteOffset + HEADER_BYTES, n);
  const bound = (x: number) => {
    let lo = 0, hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (baseTime + t[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return [bound(from), bound(to + 1)];
}
