// The fleet map's calls (物流地图, issue 17; not among the spec's calls): the snapshot of every
// vehicle in the user's scope, the live stream of their positions (Server-Sent Events), one
// vehicle's info window, and the route fences of the waybills in view. docs/api.md "Fleet map".
import type { SessionStore } from '../domain/auth/sessions.ts';
import { waybillScope } from '../domain/waybills/scope.ts';
import { failure } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { NOT_FOUND } from '../resources/engine.ts';
import { all, type Conn } from '../resources/statements.ts';
import { OfflineGeocoder } from '../fences/geocode/offline.ts';
import { fleetSnapshot } from '../tracking/fleet.ts';
import { fleetStream, type FleetStreamTiming } from '../tracking/fleet-stream.ts';
import { idOf } from './waybill-inputs.ts';

/** The 物流地图 menu's operation: every call of the page needs it. */
export const FLEET_MAP = ['logisticsMap3'];
/** Route fences are asked for the waybills in view, which the page caps at this many. */
export const MAX_ROUTE_WAYBILLS = 100;

interface RouteNode {
  waybillId: number; seq: number; nodeType: string; arrivedAt: number | null; areaId: number; name: string;
  typeId: number; lon: number; lat: number; radius: number | null; areaLonLat: string | null;
}

export function fleetMapRoutes(conn: Conn, sessions: SessionStore, timing?: FleetStreamTiming) {
  return [
    route({
      method: 'GET', path: '/fleetMap/vehicles', access: { anyOf: FLEET_MAP },
      input: { type: 'object', additionalProperties: false, properties: {} },
      handler: ({ user }) => fleetSnapshot(conn, user, Date.now()),
    }),
    route({
      method: 'GET', path: '/fleetMap/stream', access: { anyOf: FLEET_MAP },
      input: { type: 'object', additionalProperties: false, properties: {} },
      handler: ({ c, user }) => fleetStream(c, conn, user, async () => (await sessions.resolve(user.token, Date.now())) !== null, timing),
    }),
    route<{ vehicleId: number }>({
      method: 'POST', path: '/fleetMap/vehicleInfo', access: { anyOf: FLEET_MAP },
      input: { type: 'object', additionalProperties: false, required: ['vehicleId'], properties: { vehicleId: idOf('车辆ID') } },
      handler: async ({ user, body }) => {
        const [v] = (await fleetSnapshot(conn, user, Date.now(), body.vehicleId)).vehicles;
        if (!v) throw failure(NOT_FOUND);
        const placeName = v.lon === null || v.lat === null ? '' : await new OfflineGeocoder(conn, user.corpId).placeName(v.lon, v.lat);
        return { ...v, placeName };
      },
    }),
    route<{ waybillIds: number[] }>({
      method: 'POST', path: '/fleetMap/waybillRoutes', access: { anyOf: FLEET_MAP },
      input: {
        type: 'object', additionalProperties: false, required: ['waybillIds'],
        properties: { waybillIds: { title: '运单ID列表', type: 'array', minItems: 1, maxItems: MAX_ROUTE_WAYBILLS, items: idOf('运单ID') } },
      },
      handler: async ({ user, body }) => {
        // Waybills out of scope are left out, as if they had no route.
        const ws = waybillScope(user);
        const ids = [...new Set(body.waybillIds)];
        const rows = await all<RouteNode>(conn, `SELECT w.id AS waybillId, n.seq, n.node_type AS nodeType, n.actual_arrive_time AS arrivedAt, a.id AS areaId,
            a.area_name AS name, a.type_id AS typeId, a.lon, a.lat, a.radius, a.area_lon_lat AS areaLonLat
          FROM waybills w JOIN waybill_nodes n ON n.waybill_id = w.id JOIN areas a ON a.id = n.area_id
          WHERE ${ws.sql.join(' AND ')} AND w.id IN (${ids.map(() => '?').join(', ')}) ORDER BY w.id, n.seq`, ...ws.params, ...ids);
        const byWaybill = new Map<number, Omit<RouteNode, 'waybillId'>[]>();
        for (const { waybillId, ...node } of rows) {
          const id = Number(waybillId);
          if (!byWaybill.has(id)) byWaybill.set(id, []);
          byWaybill.get(id)!.push({ ...node, seq: Number(node.seq), areaId: Number(node.areaId), typeId: Number(node.typeId), arrivedAt: node.arrivedAt === null ? null : Number(node.arrivedAt) });
        }
        return [...byWaybill].map(([waybillId, nodes]) => ({ waybillId, nodes }));
      },
    }),
  ];
}
