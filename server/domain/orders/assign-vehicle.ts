// orderInfo/assignVehicle: a vehicle for a whole order or for one of its parts creates the
// WAYBILL: its row (number, carrier, vehicle, driver), the link to the order and part, the route
// nodes from the order's places and times, and the first timeline event, all in one transaction;
// then the order's status follows its waybills (order-sync.ts).
import type { SessionUser } from '../../http/context.ts';
import { failure, invalid } from '../../http/envelope.ts';
import { OrderStatus } from '../workflow/order-machine.ts';
import { refreshOrderStatus } from '../workflow/order-sync.ts';
import { nextNumber } from '../workflow/numbering.ts';
import { applyWaybillAction, INITIAL_WAYBILL_STATE } from '../workflow/waybill-machine.ts';
import type { Registry } from '../../registry/types.ts';
import { bumpOrder, currentVersion, findOrder, hasWaybills, lockOrder, NOT_FOUND, type OrderRow } from './access.ts';
import { goodsOf, partsOf, totalsOf } from './details.ts';
import { decorateOrder } from './labels.ts';
import { one, run, type Sqlite } from './sql.ts';

export interface AssignInput {
  orderId: number;
  version: number;
  partId?: number;
  vehicleId: number;
  driverId?: number;
  carrierId?: number;
}

const FINISHED = [OrderStatus.VOIDED, OrderStatus.COMPLETED, OrderStatus.ENDED_ABNORMALLY] as number[];

/** What the waybill will carry: a free part of the order, or the whole order when it was never split. */
function cargoOf(sqlite: Sqlite, order: OrderRow, partId: number | undefined) {
  if (FINISHED.includes(order.status)) throw failure('订单已作废或已结束，不能派车');
  if (partId === undefined) {
    if (one(sqlite, 'SELECT 1 FROM order_parts WHERE order_id = ? AND cancelled = 0 LIMIT 1', order.id)) throw failure('订单已拆分，请选择要派车的拆分单');
    if (hasWaybills(sqlite, order.id)) throw failure('订单已派车，不能重复派车');
    return;
  }
  const part = one<{ waybillId: number | null }>(sqlite, `SELECT w.id AS waybillId FROM order_parts p LEFT JOIN waybills w ON w.id = p.waybill_id AND w.is_deleted = 0
    WHERE p.id = ? AND p.order_id = ? AND p.cancelled = 0`, partId, order.id);
  if (!part) throw failure('拆分单不存在或已取消');
  if (part.waybillId !== null) throw failure('拆分单已派车，不能重复派车');
}

/** Vehicle, driver and carrier of the corporation; a carrier user only dispatches its own vehicles. */
function resourcesOf(sqlite: Sqlite, user: SessionUser, input: AssignInput, order: OrderRow) {
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
  const carrierId = user.userType === 2 ? user.partnerId : (input.carrierId ?? vehicle.carrierId ?? order.carrierId);
  if (carrierId !== null && !one(sqlite, 'SELECT 1 FROM carriers WHERE id = ? AND corp_id = ? AND is_deleted = 0', carrierId, user.corpId)) {
    throw invalid('承运商：承运商不存在或无权访问', { field: 'carrierId' });
  }
  return { vehicleId: input.vehicleId, driverId, carrierId };
}

export function assignVehicle(sqlite: Sqlite, user: SessionUser, input: AssignInput) {
  const now = Date.now();
  return sqlite.transaction(() => {
    const order = lockOrder(sqlite, user, input.orderId, input.version);
    cargoOf(sqlite, order, input.partId);
    const who = resourcesOf(sqlite, user, input, order);
    const moved = applyWaybillAction(INITIAL_WAYBILL_STATE, 'assignVehicle');
    if (!moved.ok) throw failure(moved.message);
    const waybillNo = nextNumber(sqlite, 'waybills', user.corpId, now);
    const waybillId = Number(run(sqlite,
      `INSERT INTO waybills (corp_id, waybill_no, business_type, status, step, sign_status, carrier_id, vehicle_id, driver_id,
         version, created_by, created_at, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`,
      user.corpId, waybillNo, order.businessType, moved.state.status, moved.state.step, moved.state.signStatus, who.carrierId, who.vehicleId, who.driverId,
      user.userId, now, user.userId, now,
    ).lastInsertRowid);
    run(sqlite, 'INSERT INTO waybill_orders (corp_id, waybill_id, order_id, part_id) VALUES (?, ?, ?, ?)', user.corpId, waybillId, order.id, input.partId ?? null);
    if (input.partId !== undefined) run(sqlite, 'UPDATE order_parts SET waybill_id = ? WHERE id = ?', waybillId, input.partId);
    const node = 'INSERT INTO waybill_nodes (corp_id, waybill_id, seq, node_type, area_id, required_arrive_time) VALUES (?, ?, ?, ?, ?, ?)';
    run(sqlite, node, user.corpId, waybillId, 1, 'start', order.shipperAreaId, order.requiredLoadTime);
    run(sqlite, node, user.corpId, waybillId, 2, 'end', order.receiverAreaId, order.requiredArriveTime);
    run(sqlite,
      `INSERT INTO waybill_events (corp_id, waybill_id, action, from_status, to_status, from_step, to_step, payload, user_id, user_name, at)
       VALUES (?, ?, 'assignVehicle', ?, ?, ?, ?, ?, ?, ?, ?)`,
      user.corpId, waybillId, INITIAL_WAYBILL_STATE.status, moved.state.status, INITIAL_WAYBILL_STATE.step, moved.state.step,
      JSON.stringify({ orderId: order.id, partId: input.partId ?? null, ...who }), user.userId, user.realName, now,
    );
    bumpOrder(sqlite, user, order, now);
    refreshOrderStatus(sqlite, order.id, now);
    return { waybillId, waybillNo, orderId: order.id, version: currentVersion(sqlite, order.id) };
  })();
}

/** Fills the assign-vehicle dialog: the order, its goods, the parts still without a waybill. */
export function infoForAssignVehicle(sqlite: Sqlite, reg: Registry, user: SessionUser, id: number) {
  const order = findOrder(sqlite, user, id);
  if (!order) throw failure(NOT_FOUND);
  const goods = goodsOf(sqlite, id);
  const parts = partsOf(sqlite, id);
  return {
    ...decorateOrder(reg, order), ...totalsOf(goods), goods,
    parts: parts.filter((p) => p.waybillId === null),
    wholeAssignable: parts.length === 0 && !hasWaybills(sqlite, id) && !FINISHED.includes(order.status),
  };
}
