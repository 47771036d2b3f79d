// Lookups of the records linked to fences (spec section 7): the shippers and receivers at a fence
// (收发货方) and the distance between two fences (距离). Read-only; a fence the caller may not see
// answers like a missing one (an empty list, null), never an error that would tell the two apart.
import type { Conn } from '../db/connection.ts';
import type { SessionUser } from '../http/context.ts';
import { route } from '../http/route.ts';
import type { Registry } from '../registry/types.ts';
import { ResourceEngine } from '../resources/engine.ts';
import { selectList } from '../resources/query.ts';
import { scopeWhere } from '../resources/scope.ts';
import { all, one } from '../resources/statements.ts';
import { findFence } from '../fences/read.ts';
import { id, MAX_ID } from './electronic.ts';

/** The 收发货方 pages and the order forms, which fill the shipper or receiver from the chosen fence. */
export const SHIPPER_RECEIVER_READ = ['shipperReceiverInfo3', 'shipperReceiverInfoAdd3', 'shipperReceiverInfoUpdate3', 'orderAdd3', 'orderUpdate3'];
/** The 距离 pages and the order forms (the route's mileage between two fences). */
export const DISTANCE_READ = ['distance3', 'distanceAdd3', 'distanceUpdate3', 'orderAdd3', 'orderUpdate3'];

const areaQuery = {
  type: 'object', additionalProperties: false, required: ['customAreaId'],
  properties: { customAreaId: { title: '围栏ID', type: 'string', pattern: `^[1-9][0-9]{0,15}$`, errorMessage: { pattern: '请输入正整数' } } },
};
const distanceBody = { type: 'object', additionalProperties: false, required: ['startAreaId', 'endAreaId'], properties: { startAreaId: id('起点围栏'), endAreaId: id('终点围栏') } };

/** A live fence the user may see. */
export async function visibleFence(conn: Conn, user: SessionUser, areaId: number) {
  if (areaId > MAX_ID) return false;
  const row = await findFence(conn, user, areaId);
  return !!row && !row.isDeleted;
}

/** The fence's live 收发货方 as the 收发货方 list shows them, scoped the same way (a customer user only its customer's). */
export async function shipperReceiversAt(engine: ResourceEngine, user: SessionUser, areaId: number) {
  const res = engine.resource('shipperReceiverInfo');
  const { columns, joins } = selectList(engine.reg, res);
  const w = scopeWhere(res, user, 't');
  const rows = await all<Record<string, unknown>>(engine.db,
    `SELECT ${columns} FROM shipper_receivers t ${joins} WHERE ${w.sql.join(' AND ')} AND t.area_id = ? ORDER BY t.shipper_receiver_name, t.id`,
    ...w.params, areaId);
  return engine.decorate(res, rows);
}

/**
 * The distance row from start to end; failing that the one from end to start (a road is as long both
 * ways). The caller has checked that the user may see both fences: the distance tells nothing the fences do not.
 */
export async function distanceBetween(engine: ResourceEngine, user: SessionUser, start: number, end: number) {
  const res = engine.resource('distance');
  const { columns, joins } = selectList(engine.reg, res);
  const row = await one<Record<string, unknown>>(engine.db,
    `SELECT ${columns} FROM area_distances t ${joins}
     WHERE t.corp_id = ? AND t.is_deleted = 0 AND ((t.from_area_id = ? AND t.to_area_id = ?) OR (t.from_area_id = ? AND t.to_area_id = ?))
     ORDER BY CASE WHEN t.from_area_id = ? THEN 0 ELSE 1 END LIMIT 1`,
    user.corpId, start, end, end, start, start);
  return row ? engine.decorate(res, [row])[0] : null;
}

export function areaLinkRoutes(conn: Conn, registry: () => Registry) {
  const engine = new ResourceEngine(conn, registry);
  return [
    route<{ customAreaId: string }>({
      method: 'GET', path: '/shipperReceiverInfo/getShipperReceiverByAreaId', access: { anyOf: SHIPPER_RECEIVER_READ }, input: areaQuery,
      handler: async ({ user, body }) => {
        const areaId = Number(body.customAreaId);
        if (!(await visibleFence(conn, user, areaId))) return [];
        return shipperReceiversAt(engine, user, areaId);
      },
    }),
    route<{ startAreaId: number; endAreaId: number }>({
      method: 'POST', path: '/distance/getAreaDistance', access: { anyOf: DISTANCE_READ }, input: distanceBody,
      // Any user who may see both fences may read it (distanceBetween).
      handler: async ({ user, body }) => {
        const { startAreaId: start, endAreaId: end } = body;
        if (!(await visibleFence(conn, user, start)) || !(await visibleFence(conn, user, end))) return null;
        return distanceBetween(engine, user, start, end);
      },
    }),
  ];
}
