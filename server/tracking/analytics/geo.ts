// Plane geometry good to a few metres over a fence or a stop (tens of km at most): degrees are
// scaled to metres at the latitude of interest, so distances need no trigonometry per point.
const M_PER_DEG = 111_319.49;

/** Metres per degree of longitude at a latitude (the only cosine, taken once per fence or stop). */
export const mPerDegLon = (lat: number) => M_PER_DEG * Math.cos((lat * Math.PI) / 180);
export const M_PER_DEG_LAT = M_PER_DEG;

/** Squared distance in m² between two points near latitude `lat0` (kx = mPerDegLon(lat0)). */
export function dist2(kx: number, lon1: number, lat1: number, lon2: number, lat2: number): number {
  const dx = (lon2 - lon1) * kx;
  const dy = (lat2 - lat1) * M_PER_DEG;
  return dx * dx + dy * dy;
}

// The ring tests read the point as index i of coordinate arrays: a hot loop passes arrays and an
// index, never two doubles, so a call that is not inlined boxes nothing (a million boxed
// coordinates per pass cost more than the tests). The single-point forms wrap them.
const ONE_LON = new Float64Array(1);
const ONE_LAT = new Float64Array(1);

/** Even-odd ray casting over a ring of [lon, lat, lon, lat, ...] (closed or not), for point i of the arrays. */
export function inRingAt(ring: Float64Array, lons: Float64Array, lats: Float64Array, i: number): boolean {
  const lon = lons[i], lat = lats[i];
  let inside = false;
  const n = ring.length >> 1;
  for (let a = 0, b = n - 1; a < n; b = a++) {
    const xi = ring[2 * a], yi = ring[2 * a + 1], xj = ring[2 * b], yj = ring[2 * b + 1];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function inRing(ring: Float64Array, lon: number, lat: number): boolean {
  ONE_LON[0] = lon;
  ONE_LAT[0] = lat;
  return inRingAt(ring, ONE_LON, ONE_LAT, 0);
}

/** Whether point i of the arrays lies within `bandM` metres of the ring's edges (the hysteresis band outside a polygon). */
export function nearRingAt(ring: Float64Array, kx: number, lons: Float64Array, lats: Float64Array, i: number, bandM: number): boolean {
  return ringDist2(ring, kx, lons[i], lats[i]) <= bandM * bandM;
}

/** Squared distance in m² from a point to the ring's edges. */
export function ringDist2(ring: Float64Array, kx: number, lon: number, lat: number): number {
  let best = Infinity;
  const n = ring.length >> 1;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const ax = (ring[2 * j] - lon) * kx, ay = (ring[2 * j + 1] - lat) * M_PER_DEG;
    const bx = (ring[2 * i] - lon) * kx, by = (ring[2 * i + 1] - lat) * M_PER_DEG;
    const ex = bx - ax, ey = by - ay;
    const len2 = ex * ex + ey * ey;
    const t = len2 > 0 ? Math.max(0, Math.min(1, -(ax * ex + ay * ey) / len2)) : 0;
    const px = ax + t * ex, py = ay + t * ey;
    const d = px * px + py * py;
    if (d < best) best = d;
  }
  return best;
}
