// Creating a waybill from orders: ONE implementation for orderInfo/assignVehicle (one order or
// one of its parts) and for stowage (several orders in one waybill). The vehicle, driver and
// carrier checks, the waybill row at the machine's first state, the links to the orders and parts,
// the route nodes and the first timeline event, inside the caller's transaction; then every
// carried order's status follows its waybills (order-sync.ts).
import type { SessionUser } from '../../http/context.ts';
import { failure, invalid } from '../../http/envelope.ts';
import { refreshOrderStatus } from '../workflow/order-sync.ts';
import { nextNumber } from '../workflow/numbering.ts';
import { applyWaybillAction, INITIAL_WAYBILL_STATE } from '../workflow/waybill-machine.ts';
import type { OrderRow } from './access.ts';
import { one, run, type Sqlite } from './sql.ts';

export interface Crew {
  vehicleId: number;
  driverId?: number;
  carrierId?: number;
}

/** Vehicle, driver and carrier of the corporation; a carrier user only dispatches its own vehicles. */
export function crewOf(sqlite: Sqlite, user: SessionUser, input: Crew, orderCarrierId: number | null) {
  const vehicle = one<{ carrierId: number | null; driverId: number | null; status: number }>(sqlite,
    'SELECT carrier_id AS carrierId, driver_id AS driverId, status FROM vehicles WHERE id = ? AND corp_id = ? AND is_deleted = 0', input.vehicleId, user.corpId);
  if (!vehicle || (user.userType === 2 && vehicle.carrierId !== user.partnerId)) throw invalid('车辆：车辆不存在或无权访问', { field: 'vehicleId' });
  if (vehicle.status !== 0) throw invalid('车辆：车辆已停用', { field: 'vehicleId' });
  const driverId = input.driverId ?? vehicle.driverId;
  if (driverId !== null) {
    const driver = one<{ status: number }>(sqlite, 'SELECT status FROM drivers WHERE id = ? AND corp_id = ? AND is_deleted = 0', driverId, user.corpId);
    if (!driver) throw invalid('司机：司机不存在或无权访问', { field: 'driverId' });
    if (driver.status !== 0) throw invalid('司机：司机已停用', { field: 'driverId' });
  }
  const carrierId = user.userType === 2 ? user.partnerId : (input.carrierId ?? vehicle.carrierId ?? orderCarrierId);
  if (carrierId !== null && !one(sqlite, 'SELECT 1 FROM carriers WHERE id = ? AND corp_id = ? AND is_deleted = 0', carrierId, user.corpId)) {
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

/** Creates the waybill at 200 待司机接单 carrying `cargo` along `nodes`; the caller holds the transaction. */
export function createWaybill(sqlite: Sqlite, user: SessionUser, crew: ReturnType<typeof crewOf>, cargo: Cargo[], nodes: RouteNode[], now: number, payload: Record<string, unknown>) {
  const moved = applyWaybillAction(INITIAL_WAYBILL_STATE, 'assignVehicle');
  if (!moved.ok) throw failure(moved.message);
  const waybillNo = nextNumber(sqlite, 'waybills', user.corpId, now);
  const waybillId = Number(run(sqlite,
    `INSERT INTO waybills (corp_id, waybill_no, business_type, status, step, sign_status, carrier_id, vehicle_id, driver_id,
       version, created_by, created_at, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`,
    user.corpId, waybillNo, cargo[0].order.businessType, moved.state.status, moved.state.step, moved.state.signStatus, crew.carrierId, crew.vehicleId, crew.driverId,
    user.userId, now, user.userId, now,
  ).lastInsertRowid);
  for (const c of cargo) {
    run(sqlite, 'INSERT INTO waybill_orders (corp_id, waybill_id, order_id, part_id) VALUES (?, ?, ?, ?)', user.corpId, waybillId, c.order.id, c.partId);
    if (c.partId !== null) run(sqlite, 'UPDATE order_parts SET waybill_id = ? WHERE id = ?', waybillId, c.partId);
  }
  const node = 'INSERT INTO waybill_nodes (corp_id, waybill_id, seq, node_type, area_id, required_arrive_time) VALUES (?, ?, ?, ?, ?, ?)';
  nodes.forEach((n, i) => run(sqlite, node, user.corpId, waybillId, i + 1, n.nodeType, n.areaId, n.requiredArriveTime));
  run(sqlite,
    `INSERT INTO waybill_events (corp_id, waybill_id, action, from_status, to_status, from_step, to_step, payload, user_id, user_name, at)
     VALUES (?, ?, 'assignVehicle', ?, ?, ?, ?, ?, ?, ?, ?)`,
    user.corpId, waybillId, INITIAL_WAYBILL_STATE.status, moved.state.status, INITIAL_WAYBILL_STATE.step, moved.state.step,
    JSON.stringify({ ...payload, ...crew }), user.userId, user.realName, now,
  );
  for (const c of cargo) refreshOrderStatus(sqlite, c.order.id, now);
  return { waybillId, waybillNo };
}
