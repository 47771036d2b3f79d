// businessStateHistory/getOrderMonitorList: loads what the order's flow is judged from (its
// waybills, their timeline events and the route nodes where its goods are loaded and unloaded).
import type { SessionUser } from '../../http/context.ts';
import { failure } from '../../http/envelope.ts';
import { OrderStatus } from '../workflow/order-machine.ts';
import { hasRemainder } from '../workflow/splits.ts';
import { findOrder, hasWaybills, NOT_FOUND, type OrderRow } from './access.ts';
import { splitState } from './details.ts';
import { orderFlow, type FlowNodeTimes } from './flow-nodes.ts';
import { all, one, type Sqlite } from './sql.ts';

const NODE = `SELECT required_arrive_time AS requiredArriveTime, actual_arrive_time AS actualArriveTime, actual_leave_time AS actualLeaveTime
  FROM waybill_nodes WHERE waybill_id = ?`;

/** Goods of the order no waybill carries yet: never split off and not carried whole, or split into a part without a waybill. */
export function hasUnassignedGoods(sqlite: Sqlite, orderId: number) {
  const { goods, parts } = splitState(sqlite, orderId);
  if (!parts.some((p) => !p.cancelled)) return !hasWaybills(sqlite, orderId);
  return hasRemainder(goods, parts) || !!one(sqlite, 'SELECT 1 FROM order_parts WHERE order_id = ? AND cancelled = 0 AND waybill_id IS NULL LIMIT 1', orderId);
}

function waybillsForFlow(sqlite: Sqlite, order: OrderRow) {
  const rows = all<{ id: number; waybillNo: string; status: number; step: number }>(sqlite, `SELECT w.id, w.waybill_no AS waybillNo, w.status, w.step
    FROM waybill_orders wo JOIN waybills w ON w.id = wo.waybill_id WHERE wo.order_id = ? AND w.is_deleted = 0 ORDER BY w.id`, order.id);
  return rows.map((w) => ({
    ...w,
    events: all<{ fromStep: number; toStep: number; at: number }>(sqlite, 'SELECT from_step AS fromStep, to_step AS toStep, at FROM waybill_events WHERE waybill_id = ? ORDER BY at, id', w.id),
    // The order's own places on the route; a stowed waybill may load or unload it at a via point.
    loading: one<FlowNodeTimes>(sqlite, `${NODE} AND area_id = ? AND node_type <> 'end' ORDER BY seq LIMIT 1`, w.id, order.shipperAreaId)
      ?? one<FlowNodeTimes>(sqlite, `${NODE} AND node_type = 'start'`, w.id) ?? null,
    unloading: one<FlowNodeTimes>(sqlite, `${NODE} AND area_id = ? AND node_type <> 'start' ORDER BY seq LIMIT 1`, w.id, order.receiverAreaId)
      ?? one<FlowNodeTimes>(sqlite, `${NODE} AND node_type = 'end'`, w.id) ?? null,
  }));
}

export function orderMonitor(sqlite: Sqlite, user: SessionUser, orderId: number) {
  const order = findOrder(sqlite, user, orderId);
  if (!order) throw failure(NOT_FOUND);
  const voided = order.status === OrderStatus.VOIDED
    ? one<{ at: number }>(sqlite, `SELECT changed_at AS at FROM record_history WHERE resource = 'order' AND record_id = ? AND action = 'cancelOrder' ORDER BY id DESC LIMIT 1`, order.id)?.at ?? order.updatedAt
    : null;
  return orderFlow({ createdAt: order.createdAt, voidedAt: voided, unassigned: hasUnassignedGoods(sqlite, order.id), waybills: waybillsForFlow(sqlite, order) });
}
