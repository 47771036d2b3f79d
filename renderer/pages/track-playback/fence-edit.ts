// The fence edit layer's pure model (spec section 4, issue 13): a fence drawn as marker (circle),
// rectangle or polygon with terra-draw (fence-draw.ts); dragging the centre moves the whole shape; the
// form's coordinates apply after a 500 ms pause; undo walks back the drafts; saving sends
// electronic/updateAreaByOrderOrWaybill's body. Drafts are WGS-84; the map may draw in GCJ-02, so
// features going to and coming from the drawing library pass through toDisplay / fromDisplay.
import { RADIUS_DEFAULT, RADIUS_MAX } from '../../map/constants.ts';
import { centreOf, circleAreaKm2, circleRing, closeRing, formatAreaLonLat, moveShape, rectangleRing, type LngLat } from '../../map/geometry.ts';
import { fromDisplay, toDisplay, type Datum } from '../../map/providers.ts';

export const EDIT_DEBOUNCE_MS = 500;
export const FENCE_DELETED = '电子围栏已被删除，不能修改';
export const EDGES_CROSS = '围栏的边不能相交';
export const POLYGON_TOO_FEW = '多边形围栏至少需要三个顶点';
/** Undo keeps this many earlier drafts. */
export const UNDO_DEPTH = 50;

export type FenceType = 1 | 2 | 3;
export const FENCE_TYPES: [FenceType, string][] = [[3, '标点(圆形)'], [1, '矩形'], [2, '多边形']];
export const SHAPE_NAMES: Record<FenceType, string> = { 3: '圆形', 1: '矩形', 2: '多边形' };
/** The drawing library's mode of each fence type. */
export const DRAW_MODES: Record<FenceType, 'circle' | 'rectangle' | 'polygon'> = { 3: 'circle', 1: 'rectangle', 2: 'polygon' };

export interface FenceDraft {
  typeId: FenceType;
  /** Circle: the centre; rectangle: two corners; polygon: the vertices (open). */
  points: LngLat[];
  radius: number;
}

export function startDraft(typeId: FenceType, centre: LngLat, radius = RADIUS_DEFAULT): FenceDraft {
  return { typeId, points: typeId === 3 ? [centre] : [], radius };
}

export function ringOf(d: FenceDraft): LngLat[] {
  if (d.typeId === 3) return d.points[0] && d.radius > 0 ? circleRing(d.points[0], d.radius) : [];
  if (d.typeId === 1) return d.points.length === 2 ? rectangleRing(d.points[0], d.points[1]) : [];
  return d.points.length >= 3 ? closeRing(d.points) : [];
}

export function centreOfDraft(d: FenceDraft): LngLat | null {
  if (d.typeId === 3) return d.points[0] ?? null;
  const ring = ringOf(d);
  return ring.length ? centreOf(ring) : null;
}

/** Dragging the centre marker: every point moves by the same offset. */
export function dragCentre(d: FenceDraft, to: LngLat): FenceDraft {
  const from = centreOfDraft(d);
  return from ? { ...d, points: moveShape(d.points, from, to) } : d;
}

/** The calibration dialog's new centre (and radius for a circle). */
export function calibrate(d: FenceDraft, centre: LngLat, radius?: number): FenceDraft {
  const moved = dragCentre(d, centre);
  return d.typeId === 3 ? { ...moved, points: [centre], radius: radius ?? d.radius } : moved;
}

/** Spec section 5's radius rule (the calibration dialog's and the editor's radius field). */
export function radiusError(text: string): string | undefined {
  const r = text.trim();
  if (r === '') return '半径不能为空';
  if (!/^\d+$/.test(r) || Number(r) <= 0) return '半径必须为正整数值';
  if (Number(r) > RADIUS_MAX) return `半径必须小于等于${RADIUS_MAX}`;
  return undefined;
}

function segmentsCross(a: LngLat, b: LngLat, c: LngLat, d: LngLat): boolean {
  const cross = (o: LngLat, p: LngLat, q: LngLat) => (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0]);
  const d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/**
 * Why the draft cannot be saved yet, or null. The server refuses the same (server/fences/save.ts);
 * checking here keeps the shape on the map for the user to fix (undo, move a vertex) instead of a
 * round trip that only says no.
 */
export function draftProblem(d: FenceDraft): string | null {
  if (d.typeId === 3) return d.points[0] ? radiusError(String(d.radius)) ?? null : '请先在地图上绘制围栏';
  if (d.typeId === 1) return d.points.length === 2 ? null : '请先在地图上绘制围栏';
  if (d.points.length < 3) return d.points.length === 0 ? '请先在地图上绘制围栏' : POLYGON_TOO_FEW;
  const n = d.points.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      if (segmentsCross(d.points[i], d.points[(i + 1) % n], d.points[j], d.points[(j + 1) % n])) return EDGES_CROSS;
    }
  }
  return null;
}

const EARTH_RADIUS = 6_371_008.8;

/** Area in km², 3 decimals: a circle is π r² / 10⁶ (spec section 9); a ring by the spherical excess formula. */
export function draftAreaKm2(d: FenceDraft): number {
  if (d.typeId === 3) return circleAreaKm2(d.radius);
  const ring = ringOf(d);
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x1, y1] = ring[i], [x2, y2] = ring[i + 1];
    sum += ((x2 - x1) * Math.PI / 180) * (2 + Math.sin(y1 * Math.PI / 180) + Math.sin(y2 * Math.PI / 180));
  }
  return Math.round(Math.abs(sum * EARTH_RADIUS * EARTH_RADIUS / 2) / 1e6 * 1000) / 1000;
}

/** What the editor says of the shape: kind, radius for a circle, area. */
export function draftSummary(d: FenceDraft): string {
  if (!ringOf(d).length) return '';
  const area = `面积 ${draftAreaKm2(d).toFixed(3)} 平方公里`;
  return d.typeId === 3 ? `圆形，半径 ${Math.round(d.radius)} 米，${area}` : `${SHAPE_NAMES[d.typeId]}，${area}`;
}

/** Undo history: the drafts before each change, newest last, at most UNDO_DEPTH. */
export function pushHistory(history: readonly FenceDraft[], before: FenceDraft): FenceDraft[] {
  return [...history, before].slice(-UNDO_DEPTH);
}

// ---- To and from the drawing library (GeoJSON in the map's datum) ----

export interface DrawFeature {
  type: 'Feature';
  geometry: { type: 'Polygon'; coordinates: number[][][] };
  properties: Record<string, unknown> & { mode: string };
}

const display = (datum: Datum, ring: readonly LngLat[]) => ring.map(([x, y]) => toDisplay(datum, x, y));
const r9 = (n: number) => Math.round(n * 1e9) / 1e9;

/** The draft as the drawing library's feature, in the map's datum. */
export function featureOfDraft(d: FenceDraft, datum: Datum): DrawFeature | null {
  const ring = ringOf(d);
  if (!ring.length) return null;
  let coords: LngLat[];
  if (d.typeId === 1) {
    // Axis-aligned on screen: the corners in the map's datum, then the rectangle they span.
    const [a, b] = d.points.map(([x, y]) => toDisplay(datum, x, y));
    coords = rectangleRing(a, b);
  } else if (d.typeId === 3) {
    const [cx, cy] = toDisplay(datum, d.points[0][0], d.points[0][1]);
    coords = circleRing([cx, cy], d.radius);
  } else {
    coords = display(datum, ring);
  }
  const properties: DrawFeature['properties'] = { mode: DRAW_MODES[d.typeId] };
  if (d.typeId === 3) properties.radiusKilometers = d.radius / 1000;
  return { type: 'Feature', geometry: { type: 'Polygon', coordinates: [coords.map(([x, y]) => [r9(x), r9(y)])] }, properties };
}

const openRing = (coords: readonly number[][]): LngLat[] => {
  const pts = coords.map((p) => [p[0], p[1]] as LngLat);
  const [f, l] = [pts[0], pts[pts.length - 1]];
  return pts.length > 1 && f[0] === l[0] && f[1] === l[1] ? pts.slice(0, -1) : pts;
};

/**
 * A drawn or edited feature back as a draft in WGS-84. A circle keeps its centre (the mean of its
 * vertices) and the radius the library measured, else `radius`; a rectangle its two corners.
 */
export function draftOfFeature(f: { geometry: { type: string; coordinates: unknown }; properties: Record<string, unknown> }, datum: Datum, radius: number): FenceDraft | null {
  if (f.geometry.type !== 'Polygon') return null;
  const ring = openRing((f.geometry.coordinates as number[][][])[0] ?? []);
  if (ring.length < 3) return null;
  const back = (p: LngLat) => fromDisplay(datum, p[0], p[1]);
  if (f.properties.mode === 'circle') {
    const km = Number(f.properties.radiusKilometers);
    const r = Number.isFinite(km) && km > 0 ? Math.round(km * 1000) : radius;
    return { typeId: 3, points: [back(centreOf(ring))], radius: r };
  }
  if (f.properties.mode === 'rectangle') {
    const xs = ring.map((p) => p[0]), ys = ring.map((p) => p[1]);
    return { typeId: 1, points: [back([Math.min(...xs), Math.min(...ys)]), back([Math.max(...xs), Math.max(...ys)])], radius };
  }
  return { typeId: 2, points: ring.map(back), radius };
}

const r6 = (n: number) => Math.round(n * 1e6) / 1e6;

export function saveBody(d: FenceDraft, fence: { areaId: number; waybillId?: string }) {
  const centre = centreOfDraft(d);
  if (!centre) return null;
  const ring = d.typeId === 3 ? [] : ringOf(d).slice(0, -1);
  return {
    areaId: fence.areaId,
    ...(fence.waybillId ? { waybillId: Number(fence.waybillId) } : {}),
    typeId: d.typeId,
    lonCenter: r6(centre[0]),
    latCenter: r6(centre[1]),
    ...(d.typeId === 3 ? { radius: Math.round(d.radius), areaAcreage: circleAreaKm2(d.radius) } : { areaLonLat: formatAreaLonLat(ring) }),
  };
}
