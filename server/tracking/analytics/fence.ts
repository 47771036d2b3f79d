// Fences prepared for testing many points: circles (typeId 3: centre and radius), rectangles (1)
// and polygons (2) as a ring of [lon, lat, ...], each with its bounding box, and the grid index
// that gives the few fences near a point without looking at the others.
import { dist2, inRing, inRingAt, M_PER_DEG_LAT, mPerDegLon, nearRingAt, ringDist2 } from './geo.ts';

export const CIRCLE = 3;
export const RECTANGLE = 1;
export const POLYGON = 2;
/** A circle's radius when the fence has none (spec section 9). */
export const DEFAULT_RADIUS_M = 200;

export interface FenceShape {
  id: number;
  name: string;
  typeId: number;
  lon: number;
  lat: number;
  radius: number | null;
  /** 'lat,lng;lat,lng;...' as stored (rectangles and polygons). */
  areaLonLat: string | null;
}

export interface PreparedFence {
  id: number;
  name: string;
  circle: boolean;
  lon: number;
  lat: number;
  r2: number;
  ring: Float64Array;
  kx: number;
  /** Bounding box, grown by the hysteresis band. */
  minLon: number;
  maxLon: number;
  minLat: number;
  maxLat: number;
}

/** Parses 'lat,lng;lat,lng' into a [lon, lat, ...] ring; null when fewer than 3 valid points. */
export function parseRing(areaLonLat: string | null): Float64Array | null {
  if (!areaLonLat) return null;
  const pts = areaLonLat.split(';').map((p) => p.split(',').map(Number)).filter((p) => p.length === 2 && p.every(Number.isFinite));
  if (pts.length < 3) return null;
  const ring = new Float64Array(pts.length * 2);
  pts.forEach(([lat, lon], i) => ((ring[2 * i] = lon), (ring[2 * i + 1] = lat)));
  return ring;
}

/** Circles have no ring: one shared empty array (a typed array per fence cost more than the rest of preparing it). */
const NO_RING = new Float64Array(0);

/** A fence ready for point tests; a rectangle or polygon without a usable ring falls back to its centre circle. */
export function prepareFence(f: FenceShape, bandM: number): PreparedFence {
  const kx = mPerDegLon(f.lat);
  const ring = f.typeId === CIRCLE ? null : parseRing(f.areaLonLat);
  const radius = f.radius && f.radius > 0 ? f.radius : DEFAULT_RADIUS_M;
  // Written out field by field (no spread of a shared base): every prepared fence gets one object
  // shape, and building 500 of them stays well under a millisecond.
  if (!ring) {
    const dLon = (radius + bandM) / kx, dLat = (radius + bandM) / M_PER_DEG_LAT;
    return { id: f.id, name: f.name, lon: f.lon, lat: f.lat, kx, circle: true, r2: radius * radius, ring: NO_RING, minLon: f.lon - dLon, maxLon: f.lon + dLon, minLat: f.lat - dLat, maxLat: f.lat + dLat };
  }
  let minLon = Infinity, maxLon = -Infinity, minLat = Infinity, maxLat = -Infinity;
  for (let i = 0; i < ring.length; i += 2) {
    minLon = Math.min(minLon, ring[i]); maxLon = Math.max(maxLon, ring[i]);
    minLat = Math.min(minLat, ring[i + 1]); maxLat = Math.max(maxLat, ring[i + 1]);
  }
  const dLon = bandM / kx, dLat = bandM / M_PER_DEG_LAT;
  return { id: f.id, name: f.name, lon: f.lon, lat: f.lat, kx, circle: false, r2: 0, ring, minLon: minLon - dLon, maxLon: maxLon + dLon, minLat: minLat - dLat, maxLat: maxLat + dLat };
}

/** Inside the fence itself. */
export function contains(f: PreparedFence, lon: number, lat: number): boolean {
  if (lon < f.minLon || lon > f.maxLon || lat < f.minLat || lat > f.maxLat) return false;
  return f.circle ? dist2(f.kx, f.lon, f.lat, lon, lat) <= f.r2 : inRing(f.ring, lon, lat);
}

/** Inside the fence grown by `bandM` metres: where a vehicle already inside still counts as inside. */
export function withinBand(f: PreparedFence, lon: number, lat: number, bandM: number): boolean {
  if (lon < f.minLon || lon > f.maxLon || lat < f.minLat || lat > f.maxLat) return false;
  if (f.circle) {
    const r = Math.sqrt(f.r2) + bandM;
    return dist2(f.kx, f.lon, f.lat, lon, lat) <= r * r;
  }
  return inRing(f.ring, lon, lat) || ringDist2(f.ring, f.kx, lon, lat) <= bandM * bandM;
}

/**
 * The fences as flat arrays (index k = fences[k]) for the million-point pass of the visits: the same
 * tests as `contains` and `withinBand`, read from typed arrays instead of objects.
 */
export class PackedFences {
  readonly minLon: Float64Array;
  readonly maxLon: Float64Array;
  readonly minLat: Float64Array;
  readonly maxLat: Float64Array;
  readonly lon: Float64Array;
  readonly lat: Float64Array;
  readonly kx: Float64Array;
  readonly r2: Float64Array;
  /** sqrt(r2): the band test grows the radius by the band (as withinBand does). */
  readonly r: Float64Array;
  /** Rings of rectangles and polygons; null for circles. */
  readonly rings: (Float64Array | null)[];

  constructor(readonly fences: readonly PreparedFence[]) {
    const n = fences.length;
    const col = (pick: (f: PreparedFence) => number) => Float64Array.from(fences, pick);
    this.minLon = col((f) => f.minLon); this.maxLon = col((f) => f.maxLon);
    this.minLat = col((f) => f.minLat); this.maxLat = col((f) => f.maxLat);
    this.lon = col((f) => f.lon); this.lat = col((f) => f.lat); this.kx = col((f) => f.kx);
    this.r2 = col((f) => f.r2); this.r = col((f) => Math.sqrt(f.r2));
    this.rings = fences.map((f) => (f.circle ? null : f.ring));
    if (this.rings.length !== n) throw new Error('fence rings out of step');
  }

  /** contains(fences[k], ...) for point i of the coordinate arrays (arrays and an index: nothing to box per call). */
  containsAt(k: number, lons: Float64Array, lats: Float64Array, i: number): boolean {
    const lon = lons[i], lat = lats[i];
    if (lon < this.minLon[k] || lon > this.maxLon[k] || lat < this.minLat[k] || lat > this.maxLat[k]) return false;
    const ring = this.rings[k];
    return ring === null ? dist2(this.kx[k], this.lon[k], this.lat[k], lon, lat) <= this.r2[k] : inRingAt(ring, lons, lats, i);
  }

  /** (r + bandM)² per fence: a circle's band test, as withinBandAt computes it (0 for rings, which test their edges instead). */
  bandR2(bandM: number): Float64Array {
    return this.r.map((r) => (r + bandM) * (r + bandM));
  }

  /** withinBand(fences[k], ..., bandM) for point i of the coordinate arrays. */
  withinBandAt(k: number, lons: Float64Array, lats: Float64Array, i: number, bandM: number): boolean {
    const lon = lons[i], lat = lats[i];
    if (lon < this.minLon[k] || lon > this.maxLon[k] || lat < this.minLat[k] || lat > this.maxLat[k]) return false;
    const ring = this.rings[k];
    if (ring === null) {
      const r = this.r[k] + bandM;
      return dist2(this.kx[k], this.lon[k], this.lat[k], lon, lat) <= r * r;
    }
    return inRingAt(ring, lons, lats, i) || nearRingAt(ring, this.kx[k], lons, lats, i, bandM);
  }
}

/** Uniform grid of cells (degrees) listing the fences whose grown box touches each cell. */
export class FenceGrid {
  private readonly cells = new Map<number, PreparedFence[]>();
  /** The same lists as fence indices, for PackedFences. */
  private readonly cellIndices = new Map<number, Int32Array>();
  private packedCache: PackedFences | null = null;
  static readonly EMPTY: readonly PreparedFence[] = [];
  static readonly NO_INDICES = new Int32Array(0);

  constructor(readonly fences: readonly PreparedFence[], readonly cellDeg = 0.02) {
    if (180 / cellDeg >= 16_384) throw new Error('grid cells too small for the key layout');
    const indices = new Map<number, number[]>();
    fences.forEach((f, k) => {
      for (let x = this.cx(f.minLon); x <= this.cx(f.maxLon); x++) {
        for (let y = this.cy(f.minLat); y <= this.cy(f.maxLat); y++) {
          const key = this.key(x, y);
          const list = this.cells.get(key);
          if (list) (list.push(f), indices.get(key)!.push(k));
          else (this.cells.set(key, [f]), indices.set(key, [k]));
        }
      }
    });
    for (const [key, list] of indices) this.cellIndices.set(key, Int32Array.from(list));
  }
  private cx(lon: number) { return Math.floor((lon + 180) / this.cellDeg); }
  private cy(lat: number) { return Math.floor((lat + 90) / this.cellDeg); }
  // Below 2^30 (x < 36000 cells of longitude, y < 16384 of latitude at the default size), so keys stay small integers.
  private key(x: number, y: number) { return x * 16_384 + y; }
  /** Key of the cell holding a point (compare keys to skip a lookup when a vehicle stays in a cell). */
  cellOf(lon: number, lat: number): number { return this.key(this.cx(lon), this.cy(lat)); }
  at(cell: number): readonly PreparedFence[] { return this.cells.get(cell) ?? FenceGrid.EMPTY; }
  /** The fences of a cell as indices into `fences` (and `packed`). */
  indicesAt(cell: number): Int32Array { return this.cellIndices.get(cell) ?? FenceGrid.NO_INDICES; }
  /**
   * The west, south, east and north edges of a cell, each moved inwards by a hair: a point strictly
   * inside them is surely in that cell, so a pass can skip computing the cell of most points.
   */
  innerBox(lon: number, lat: number, out: Float64Array): void {
    const x = this.cx(lon), y = this.cy(lat), hair = 1e-9;
    out[0] = x * this.cellDeg - 180 + hair; out[1] = y * this.cellDeg - 90 + hair;
    out[2] = (x + 1) * this.cellDeg - 180 - hair; out[3] = (y + 1) * this.cellDeg - 90 - hair;
  }
  get packed(): PackedFences { return (this.packedCache ??= new PackedFences(this.fences)); }
}
