// Dispatching a new waybill from orders: ONE implementation for orderInfo/assignVehicle (one order
// or one of its parts) and for stowage (several orders in one waybill). The vehicle, driver and
// carrier checks, then the waybill at the state the machine gives assignVehicle, written by the one
// waybill writer (waybills/create.ts) inside the caller's transaction.
import type { SessionUser } from '../../http/context.ts';
import { failure, invalid } from '../../http/envelope.ts';
import { applyWaybillAction, INITIAL_WAYBILL_STATE } from '../workflow/waybill-machine.ts';
import { insertWaybill } from '../waybills/create.ts';
import { assertDriverFitsVehicle } from '../waybills/dispatch.ts';
import type { OrderRow } from './access.ts';
import { requireDriver } from '../settings/business-personal.ts';
import { one, type Conn } from './sql.ts';

export interface Crew {
  vehicleId: number;
  driverId?: number;
  carrierId?: number;
}

/** Vehicle, driver and carrier of the corporation; a carrier user only dispatches its own vehicles. */
export async function crewOf(conn: Conn, user: SessionUser, input: Crew, orderCarrierId: number | null) {
  const vehicle = await one<{ carrierId: number | null; driverId: number | null; status: number }>(conn,
    'SELECT carrier_id AS carrierId, driver_id AS driverId, status FROM vehicles WHERE id = ? AND corp_id = ? AND is_deleted = 0', input.vehicleId, user.corpId);
  if (!vehicle || (user.userType === 2 && vehicle.carrierId !== user.partnerId)) throw invalid('车辆：车辆不存在或无权访问', { field: 'vehicleId' });
  if (vehicle.status !== 0) throw invalid('车辆：车辆已停用', { field: 'vehicleId' });
  const driverId = input.driverId ?? vehicle.driverId;
  await requireDriver(conn, user.corpId, driverId);
  if (driverId !== null) {
    const driver = await one<{ status: number }>(conn, 'SELECT status FROM drivers WHERE id = ? AND corp_id = ? AND is_deleted = 0', driverId, user.corpId);
    if (!driver) throw invalid('司机：司机不存在或无权访问', { field: 'driverId' });
    if (driver.status !== 0) throw invalid('司机：司机已停用', { field: 'driverId' });
    await assertDriverFitsVehicle(conn, vehicle, driverId);
  }
  // The vehicle's carrier does the carriage: naming another one for it would split the waybill's truth.
  if (input.carrierId !== undefined && vehicle.carrierId !== null && input.carrierId !== vehicle.carrierId) {
    throw invalid('承运商：与车辆所属承运商不一致', { field: 'carrierId' });
  }
  const carrierId = user.userType === 2 ? user.partnerId : (input.carrierId ?? vehicle.carrierId ?? orderCarrierId);
  if (carrierId !== null && !(await one(conn, 'SELECT 1 FROM carriers WHERE id = ? AND corp_id = ? AND is_deleted = 0', carrierId, user.corpId))) {
    throw invalid('承运商：承运商不存在或无权访问', { field: 'carrierId' });
  }
  return { vehicleId: input.vehicleId, driverId, carrierId };
}

/** One order on the waybill: whole (partId null) or one of its split parts. */
export interface Cargo {
  order: OrderRow;
  partId: number | null;
}

export interface RouteNode {
  nodeType: 'start' | 'via' | 'end';
  areaId: number;
  requiredArriveTime: number | null;
}

/** The route of one order: load at its shipper area, unload at its receiver area. */
export const routeOfOrder = (order: OrderRow): RouteNode[] => [
  { nodeType: 'start', areaId: order.shipperAreaId, requiredArriveTime: order.requiredLoadTime },
  { nodeType: 'end', areaId: order.receiverAreaId, requiredArriveTime: order.requiredArriveTime },
];

/**
 * Creates the waybill dispatched at once (200 待司机接单) carrying `cargo` along `nodes`, through the
 * one waybill writer (waybills/create.ts: numbering, nodes, links, first event, history version 1,
 * the carried orders' status); the caller holds the transaction.
 */
export async function createWaybill(conn: Conn, user: SessionUser, crew: Awaited<ReturnType<typeof crewOf>>, cargo: Cargo[], nodes: RouteNode[], now: number, payload: Record<string, unknown>) {
  const moved = applyWaybillAction(INITIAL_WAYBILL_STATE, 'assignVehicle');
  if (!moved.ok) throw failure(moved.message);
  const { id, waybillNo } = await insertWaybill(conn, user, {
    state: moved.state, businessType: cargo[0].order.businessType, ...crew,
    links: cargo.map((c) => ({ orderId: c.order.id, partId: c.partId })), nodes, goods: [],
    event: { action: 'assignVehicle', from: INITIAL_WAYBILL_STATE, payload: { ...payload, ...crew } },
  }, now);
  return { waybillId: id, waybillNo };
}
