// Pure geometry of the map: the 8-direction arrow, the nearest point of a track, fence shapes and
// their edits, and the bounds a fit-view uses. No map library here, so all of it is unit-tested.
export type LngLat = [number, number];

/** Spec section 9: index = round(direction / 45) mod 8 (0 north, 2 east, 4 south, 6 west). */
export function directionIndex(direction: number): number {
  if (!Number.isFinite(direction)) return 0;
  return ((Math.round(direction / 45) % 8) + 8) % 8;
}

export const DIRECTION_NAMES = ['北', '东北', '东', '东南', '南', '西南', '西', '西北'] as const;

/** Index of the point nearest to `at` (planar distance with longitude scaled by latitude), or -1. */
export function nearestPointIndex(lngs: ArrayLike<number>, lats: ArrayLike<number>, at: LngLat): number {
  const k = Math.cos((at[1] * Math.PI) / 180);
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < lngs.length; i++) {
    const dx = (lngs[i] - at[0]) * k;
    const dy = lats[i] - at[1];
    const d = dx * dx + dy * dy;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}

const EARTH_RADIUS = 6_378_137;

/** A circle fence as a closed ring of `steps` points (radius in metres). */
export function circleRing(center: LngLat, radius: number, steps = 64): LngLat[] {
  const ring: LngLat[] = [];
  const latRad = (center[1] * Math.PI) / 180;
  for (let i = 0; i <= steps; i++) {
    const a = (2 * Math.PI * i) / steps;
    const dy = (radius * Math.cos(a)) / EARTH_RADIUS;
    const dx = (radius * Math.sin(a)) / (EARTH_RADIUS * Math.cos(latRad));
    ring.push([center[0] + (dx * 180) / Math.PI, center[1] + (dy * 180) / Math.PI]);
  }
  return ring;
}

/** A rectangle from two opposite corners, closed. */
export function rectangleRing(a: LngLat, b: LngLat): LngLat[] {
  const [w, e] = [Math.min(a[0], b[0]), Math.max(a[0], b[0])];
  const [s, n] = [Math.min(a[1], b[1]), Math.max(a[1], b[1])];
  return [[w, s], [e, s], [e, n], [w, n], [w, s]];
}

export function closeRing(points: readonly LngLat[]): LngLat[] {
  if (points.length === 0) return [];
  const [f, l] = [points[0], points[points.length - 1]];
  return f[0] === l[0] && f[1] === l[1] ? [...points] : [...points, f];
}

/** The centre a fence's marker sits on: the mean of its distinct vertices. */
export function centreOf(points: readonly LngLat[]): LngLat {
  const open = points.length > 1 && points[0][0] === points[points.length - 1][0] && points[0][1] === points[points.length - 1][1] ? points.slice(0, -1) : points;
  if (open.length === 0) return [0, 0];
  let x = 0;
  let y = 0;
  for (const p of open) {
    x += p[0];
    y += p[1];
  }
  return [x / open.length, y / open.length];
}

/** Dragging the centre marker moves the whole shape by the same offset (spec section 4). */
export function moveShape(points: readonly LngLat[], from: LngLat, to: LngLat): LngLat[] {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  return points.map(([x, y]) => [x + dx, y + dy]);
}

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

export function boundsOf(points: Iterable<LngLat>): Bounds | null {
  let b: Bounds | null = null;
  for (const [x, y] of points) {
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    if (!b) b = { west: x, south: y, east: x, north: y };
    else {
      b.west = Math.min(b.west, x);
      b.east = Math.max(b.east, x);
      b.south = Math.min(b.south, y);
      b.north = Math.max(b.north, y);
    }
  }
  return b;
}

/** Fence area in km², 3 decimals (spec section 9: a circle is π r² / 10⁶). */
export function circleAreaKm2(radius: number): number {
  return Math.round((Math.PI * radius * radius) / 1e6 * 1000) / 1000;
}

/** 'lat,lng' points joined by ';' (the server's areaLonLat), coordinates to 6 decimals. */
export function formatAreaLonLat(points: readonly LngLat[]): string {
  return points.map(([lng, lat]) => `${lat.toFixed(6)},${lng.toFixed(6)}`).join(';');
}

export function parseAreaLonLat(text: string | null | undefined): LngLat[] {
  if (!text) return [];
  const out: LngLat[] = [];
  for (const part of text.split(';')) {
    const [lat, lng] = part.split(',').map(Number);
    if (Number.isFinite(lat) && Number.isFinite(lng)) out.push([lng, lat]);
  }
  return out;
}
