// Fences prepared for testing many points: circles (typeId 3: centre and radius), rectangles (1)
// and polygons (2) as a ring of [lon, lat, ...], each with its bounding box, and the grid index
// that gives the few fences near a point without looking at the others.
import { dist2, inRing, M_PER_DEG_LAT, mPerDegLon, ringDist2 } from './geo.ts';

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

/** A fence ready for point tests; a rectangle or polygon without a usable ring falls back to its centre circle. */
export function prepareFence(f: FenceShape, bandM: number): PreparedFence {
  const kx = mPerDegLon(f.lat);
  const ring = f.typeId === CIRCLE ? null : parseRing(f.areaLonLat);
  const radius = f.radius && f.radius > 0 ? f.radius : DEFAULT_RADIUS_M;
  const base = { id: f.id, name: f.name, lon: f.lon, lat: f.lat, kx };
  if (!ring) {
    const dLon = (radius + bandM) / kx, dLat = (radius + bandM) / M_PER_DEG_LAT;
    return { ...base, circle: true, r2: radius * radius, ring: new Float64Array(0), minLon: f.lon - dLon, maxLon: f.lon + dLon, minLat: f.lat - dLat, maxLat: f.lat + dLat };
  }
  let minLon = Infinity, maxLon = -Infinity, minLat = Infinity, maxLat = -Infinity;
  for (let i = 0; i < ring.length; i += 2) {
    minLon = Math.min(minLon, ring[i]); maxLon = Math.max(maxLon, ring[i]);
    minLat = Math.min(minLat, ring[i + 1]); maxLat = Math.max(maxLat, ring[i + 1]);
  }
  const dLon = bandM / kx, dLat = bandM / M_PER_DEG_LAT;
  return { ...base, circle: false, r2: 0, ring, minLon: minLon - dLon, maxLon: maxLon + dLon, minLat: minLat - dLat, maxLat: maxLat + dLat };
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

/** Uniform grid of cells (degrees) listing the fences whose grown box touches each cell. */
export class FenceGrid {
  private readonly cells = new Map<number, PreparedFence[]>();
  static readonly EMPTY: readonly PreparedFence[] = [];

  constructor(readonly fences: readonly PreparedFence[], readonly cellDeg = 0.02) {
    if (180 / cellDeg >= 16_384) throw new Error('grid cells too small for the key layout');
    for (const f of fences) {
      for (let x = this.cx(f.minLon); x <= this.cx(f.maxLon); x++) {
        for (let y = this.cy(f.minLat); y <= this.cy(f.maxLat); y++) {
          const key = this.key(x, y);
          const list = this.cells.get(key);
          if (list) list.push(f);
          else this.cells.set(key, [f]);
        }
      }
    }
  }

  private cx(lon: number) { return Math.floor((lon + 180) / this.cellDeg); }
  private cy(lat: number) { return Math.floor((lat + 90) / this.cellDeg); }
  // Below 2^30 (x < 36000 cells of longitude, y < 16384 of latitude at the default size), so keys stay small integers.
  private key(x: number, y: number) { return x * 16_384 + y; }

  /** Key of the cell holding a point (compare keys to skip a lookup when a vehicle stays in a cell). */
  cellOf(lon: number, lat: number): number { return this.key(this.cx(lon), this.cy(lat)); }
  at(cell: number): readonly PreparedFence[] { return this.cells.get(cell) ?? FenceGrid.EMPTY; }
}
