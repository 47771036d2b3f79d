// Fence geometry for editing (spec sections 3, 5 and 9): the 'lat,lng;lat,lng' text of a fence, its
// area in km² and the checks a drawn shape must pass. Point-in-fence for tracks lives with the
// track analytics (server/tracking/analytics/fence.ts), which tests millions of points at once.
// Coordinates are WGS-84 degrees; every stored coordinate has 6 decimals.

/** Type ids of spec section 9. */
export const FENCE_TYPE = { RECTANGLE: 1, POLYGON: 2, CIRCLE: 3 } as const;
export const RADIUS_MAX_M = 2000;
export const RADIUS_DEFAULT_M = 200;

const EARTH_RADIUS_M = 6371008.8;
const RAD = Math.PI / 180;

export interface LonLat {
  lon: number;
  lat: number;
}

export const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
export const round3 = (x: number) => Math.round(x * 1e3) / 1e3;
export const round1 = (x: number) => Math.round(x * 10) / 10;

/** 'lat,lng;lat,lng;...' into points, or null when any part is not a pair of finite numbers. */
export function parseLatLngList(text: string | null | undefined): LonLat[] | null {
  if (!text || !text.trim()) return null;
  const points: LonLat[] = [];
  for (const part of text.split(';')) {
    if (!part.trim()) continue;
    const pair = part.split(',');
    if (pair.length !== 2) return null;
    const [lat, lon] = pair.map((s) => (s.trim() === '' ? NaN : Number(s)));
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
    points.push({ lon, lat });
  }
  return points.length ? points : null;
}

/** Points as 'lat,lng;...' with 6 decimals, the stored and transmitted form. */
export function formatLatLngList(points: readonly LonLat[]): string {
  return points.map((p) => `${p.lat.toFixed(6)},${p.lon.toFixed(6)}`).join(';');
}

/** Great-circle distance in metres (haversine). */
export function distanceM(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Spec section 9: pi x r² / 10^6, 3 decimals. */
export const circleAreaKm2 = (radiusM: number) => round3((Math.PI * radiusM * radiusM) / 1e6);

/**
 * Area of a ring on the sphere in km², 3 decimals (the spherical-excess sum over edges; exact
 * enough for fences of a few km, and independent of the ring's direction).
 */
export function ringAreaKm2(ring: readonly LonLat[]): number {
  const n = ring.length;
  if (n < 3) return 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % n];
    sum += (b.lon - a.lon) * RAD * (2 + Math.sin(a.lat * RAD) + Math.sin(b.lat * RAD));
  }
  return round3(Math.abs((sum * EARTH_RADIUS_M * EARTH_RADIUS_M) / 2) / 1e6);
}

function orientation(p: LonLat, q: LonLat, r: LonLat): number {
  const v = (q.lat - p.lat) * (r.lon - q.lon) - (q.lon - p.lon) * (r.lat - q.lat);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

function onSegment(p: LonLat, q: LonLat, r: LonLat): boolean {
  return Math.min(p.lon, r.lon) <= q.lon && q.lon <= Math.max(p.lon, r.lon) && Math.min(p.lat, r.lat) <= q.lat && q.lat <= Math.max(p.lat, r.lat);
}

function segmentsCross(p1: LonLat, q1: LonLat, p2: LonLat, q2: LonLat): boolean {
  const o1 = orientation(p1, q1, p2);
  const o2 = orientation(p1, q1, q2);
  const o3 = orientation(p2, q2, p1);
  const o4 = orientation(p2, q2, q1);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && onSegment(p1, p2, q1)) || (o2 === 0 && onSegment(p1, q2, q1))
    || (o3 === 0 && onSegment(p2, p1, q2)) || (o4 === 0 && onSegment(p2, q1, q2));
}

/** True when two edges of the closed ring that are not neighbours touch or cross (a bow tie). */
export function selfIntersects(ring: readonly LonLat[]): boolean {
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      // Neighbouring edges share a vertex by construction; the first and last edge too.
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      if (segmentsCross(ring[i], ring[(i + 1) % n], ring[j], ring[(j + 1) % n])) return true;
    }
  }
  return false;
}

/** The four corners NW, NE, SE, SW of the rectangle spanned by two opposite corners. */
export function rectangleCorners(a: LonLat, b: LonLat): LonLat[] {
  const [w, e] = [Math.min(a.lon, b.lon), Math.max(a.lon, b.lon)];
  const [s, n] = [Math.min(a.lat, b.lat), Math.max(a.lat, b.lat)];
  return [{ lon: w, lat: n }, { lon: e, lat: n }, { lon: e, lat: s }, { lon: w, lat: s }];
}

/** Twice the signed planar area in degrees²: 0 when the ring is a line or a point. */
export function planarArea(ring: readonly LonLat[]): number {
  let a = 0;
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i];
    const q = ring[(i + 1) % ring.length];
    a += p.lon * q.lat - q.lon * p.lat;
  }
  return a;
}

/** The area centroid of a ring (planar in degrees: fine for a label inside a fence of a few km). */
export function ringCentre(ring: readonly LonLat[]): LonLat {
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i];
    const q = ring[(i + 1) % ring.length];
    const cross = p.lon * q.lat - q.lon * p.lat;
    a += cross;
    cx += (p.lon + q.lon) * cross;
    cy += (p.lat + q.lat) * cross;
  }
  if (Math.abs(a) < 1e-15) {
    const lon = ring.reduce((s, p) => s + p.lon, 0) / ring.length;
    const lat = ring.reduce((s, p) => s + p.lat, 0) / ring.length;
    return { lon: round6(lon), lat: round6(lat) };
  }
  return { lon: round6(cx / (3 * a)), lat: round6(cy / (3 * a)) };
}
