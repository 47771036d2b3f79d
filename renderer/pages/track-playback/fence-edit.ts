// The fence edit layer's pure model (spec section 4): redraw as marker (circle), rectangle or
// polygon by clicking the map; dragging the centre moves the whole shape; the form's coordinates
// apply after a 500 ms pause; saving sends electronic/updateAreaByOrderOrWaybill's body.
import { RADIUS_DEFAULT } from '../../map/constants.ts';
import { centreOf, circleAreaKm2, circleRing, closeRing, formatAreaLonLat, moveShape, rectangleRing, type LngLat } from '../../map/geometry.ts';

export const EDIT_DEBOUNCE_MS = 500;
export const FENCE_DELETED = '电子围栏已被删除，不能修改';

export type FenceType = 1 | 2 | 3;
export const FENCE_TYPES: [FenceType, string][] = [[3, '标点'], [1, '矩形'], [2, '多边形']];

export interface FenceDraft {
  typeId: FenceType;
  /** Circle: the centre; rectangle: two corners; polygon: the vertices (open). */
  points: LngLat[];
  radius: number;
}

export function startDraft(typeId: FenceType, centre: LngLat, radius = RADIUS_DEFAULT): FenceDraft {
  return { typeId, points: typeId === 3 ? [centre] : [], radius };
}

/** A click on the map while drawing. */
export function addPoint(d: FenceDraft, at: LngLat): FenceDraft {
  if (d.typeId === 3) return { ...d, points: [at] };
  if (d.typeId === 1) return { ...d, points: d.points.length >= 2 ? [at] : [...d.points, at] };
  return { ...d, points: [...d.points, at] };
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
