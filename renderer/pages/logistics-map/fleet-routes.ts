// The routes of the waybills in view (POST /fleetMap/waybillRoutes): their start, via and end
// fences as the map draws them (rings and 起/经/终 markers with an info window), and the predicted
// line from the vehicle through the fences it has not reached yet (the route planner; offline it
// is straight segments, as on the playback page).
import { RADIUS_DEFAULT } from '../../map/constants.ts';
import { circleRing, parseAreaLonLat, type LngLat } from '../../map/geometry.ts';
import type { MapFence, MapPoint } from '../../map/map-model.ts';
import { planRoute } from '../../map/route-planner.ts';

export interface RouteNode {
  seq: number;
  nodeType: string;
  /** When the vehicle arrived there; null while it has not. */
  arrivedAt: number | null;
  areaId: number;
  name: string;
  typeId: number;
  lon: number;
  lat: number;
  radius: number | null;
  areaLonLat: string | null;
}

export interface WaybillRoute {
  waybillId: number;
  nodes: RouteNode[];
}

/** The page asks for at most this many waybills' routes at a time (the call takes up to 100). */
export const ROUTES_IN_VIEW = 50;
/** Routes are drawn from this zoom on: further out they would cover the country in rings. */
export const ROUTE_ZOOM = 8;

const KIND = { start: ['start', '起点'], end: ['end', '终点'] } as const;

function ringOf(n: RouteNode): LngLat[] {
  const centre: LngLat = [n.lon, n.lat];
  const ring = n.typeId === 3 ? [] : parseAreaLonLat(n.areaLonLat);
  return ring.length >= 3 ? ring : circleRing(centre, n.radius || RADIUS_DEFAULT);
}

export function routeFences(route: WaybillRoute): MapFence[] {
  return route.nodes.map((n) => ({ id: `route-${route.waybillId}-${n.seq}`, ring: ringOf(n), name: n.name }));
}

export function routePoints(route: WaybillRoute, waybillNo: string): MapPoint[] {
  return route.nodes.map((n) => {
    const [kind, label] = n.nodeType === 'start' || n.nodeType === 'end' ? KIND[n.nodeType] : (['via', '途经点'] as const);
    return {
      id: `route-${route.waybillId}-${n.seq}`, lngLat: [n.lon, n.lat], kind, label: `${label} ${n.name}`,
      info: { title: n.name, rows: [['类型', label], ['运单号', waybillNo], ['到达', n.arrivedAt === null ? '未到达' : '已到达']] },
    };
  });
}

/** From the vehicle through the fences not reached yet, in route order; empty when all are reached. */
export async function predictedLine(from: LngLat, route: WaybillRoute): Promise<LngLat[]> {
  const ahead = route.nodes.filter((n) => n.arrivedAt === null).map((n) => [n.lon, n.lat] as LngLat);
  if (ahead.length === 0) return [];
  const answer = await planRoute([from, ...ahead]);
  return answer.code === 1 ? answer.lngLat : [];
}
