// Read-only access to the fences the analytics test a track against: the waybill's route fences
// (start, via, end) and the corporation's fences. Fence editing lives elsewhere (electronic/*).
import type { SessionUser } from '../http/context.ts';
import { all, type Conn } from '../resources/statements.ts';
import type { FenceShape } from './analytics/fence.ts';

const COLUMNS = 'a.id, a.area_name AS name, a.type_id AS typeId, a.lon, a.lat, a.radius, a.area_lon_lat AS areaLonLat';

export interface RouteFence extends FenceShape {
  nodeType: string;
  seq: number;
}

/** The waybill's route fences in route order (the caller has already checked the waybill is in scope). */
export function waybillFences(conn: Conn, waybillId: number): Promise<RouteFence[]> {
  return all<RouteFence>(conn, `SELECT ${COLUMNS}, n.node_type AS nodeType, n.seq FROM waybill_nodes n JOIN areas a ON a.id = n.area_id
    WHERE n.waybill_id = ? ORDER BY n.seq`, waybillId);
}

/**
 * The corporation's live fences the user may see: a customer user sees the corporation's own
 * fences and its customer's, not other customers' stores.
 */
export function corporationFences(conn: Conn, user: Pick<SessionUser, 'corpId' | 'userType' | 'partnerId'>): Promise<FenceShape[]> {
  if (user.userType === 1) {
    return all<FenceShape>(conn, `SELECT ${COLUMNS} FROM areas a WHERE a.corp_id = ? AND a.is_deleted = 0 AND (a.customer_id IS NULL OR a.customer_id = ?) ORDER BY a.id`, user.corpId, user.partnerId ?? -1);
  }
  return all<FenceShape>(conn, `SELECT ${COLUMNS} FROM areas a WHERE a.corp_id = ? AND a.is_deleted = 0 ORDER BY a.id`, user.corpId);
}

/** Every fence to test: the waybill's (even if since deleted, they are its route) and the corporation's, once each. */
export async function fencesFor(conn: Conn, user: Pick<SessionUser, 'corpId' | 'userType' | 'partnerId'>, waybillId: number | null): Promise<FenceShape[]> {
  const route = waybillId ? await waybillFences(conn, waybillId) : [];
  const seen = new Set(route.map((f) => f.id));
  return [...route, ...(await corporationFences(conn, user)).filter((f) => !seen.has(f.id))];
}
