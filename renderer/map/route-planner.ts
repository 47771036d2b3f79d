// Route planning for the predicted route (spec section 9): a provider plans legs of at most 17 points
// (start, end, up to 15 waypoints) and consecutive legs share one point. Without a provider (offline)
// the route is the straight segments between the points.
import type { LngLat } from './geometry.ts';

export const LEG_POINTS = 17;

export interface RoutePlanner {
  /** The driven line through the points of one leg (2..17 points). */
  planLeg(points: readonly LngLat[]): Promise<LngLat[]>;
}

export interface RouteAnswer {
  code: 0 | 1;
  message?: string;
  lngLat: LngLat[];
}

/** Legs of at most LEG_POINTS points, each starting where the previous ended. */
export function splitLegs<T>(points: readonly T[], size = LEG_POINTS): T[][] {
  if (points.length < 2) return [];
  const legs: T[][] = [];
  for (let start = 0; start < points.length - 1; start += size - 1) legs.push(points.slice(start, start + size));
  return legs;
}

export const straightPlanner: RoutePlanner = { planLeg: async (points) => points.map((p) => [p[0], p[1]] as LngLat) };

/** Plans the whole route; the shared point of two legs appears once. Fewer than two points: code 0. */
export async function planRoute(points: readonly LngLat[], planner: RoutePlanner = straightPlanner): Promise<RouteAnswer> {
  if (points.length < 2) return { code: 0, message: '请至少提供起点和终点', lngLat: [] };
  const line: LngLat[] = [];
  try {
    for (const leg of splitLegs(points)) {
      const part = await planner.planLeg(leg);
      line.push(...(line.length ? part.slice(1) : part));
    }
  } catch (err) {
    return { code: 0, message: err instanceof Error ? err.message : String(err), lngLat: [] };
  }
  return { code: 1, lngLat: line };
}
