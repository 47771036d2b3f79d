// businessStateHistory/getOrderMonitorList: loads what the order's flow is judged from (its
// waybills, their timeline events and the route nodes where its goods are loaded and unloaded).
import type { SessionUser } from '../../http/context.ts';
import { failure } from '../../http/envelope.ts';
import { OrderStatus } from '../workflow/order-machine.ts';
import { hasRemainder } from '../workflow/splits.ts';
import { findOrder, hasWaybills, NOT_FOUND, type OrderRow } from './access.ts';
import { splitState } from './details.ts';
import { orderFlow, type FlowNodeTimes } from './flow-nodes.ts';
import { all, one, type Conn } from './sql.ts';

const NODE = `SELECT required_arrive_time AS requiredArriveTime, actual_arrive_time AS actualArriveTime, actual_leave_time AS actualLeaveTime
  FROM waybill_nodes WHERE waybill_id = ?`;

/** Goods of the order no waybill carries yet: never split off and not carried whole, or split into a part without a waybill. */
export async function hasUnassignedGoods(conn: Conn, orderId: number) {
  const { goods, parts } = await splitState(conn, orderId);
  if (!parts.some((p) => !p.cancelled)) return !(await hasWaybills(conn, orderId));
  return hasRemainder(goods, parts) || !!(await one(conn, 'SELECT 1 FROM order_parts WHERE order_id = ? AND cancelled = 0 AND waybill_id IS NULL LIMIT 1', orderId));
}

async function waybillsForFlow(conn: Conn, order: OrderRow) {
  const rows = await all<{ id: number; waybillNo: string; status: number; step: number }>(conn, `SELECT w.id, w.waybill_no AS waybillNo, w.status, w.step
    FROM waybill_orders wo JOIN waybills w ON w.id = wo.waybill_id WHERE wo.order_id = ? AND w.is_deleted = 0 ORDER BY w.id`, order.id);
  const waybills = [];
  for (const w of rows) {
    waybills.push({
      ...w,
      events: await all<{ fromStep: number; toStep: number; at: number }>(conn, 'SELECT from_step AS fromStep, to_step AS toStep, at FROM waybill_events WHERE waybill_id = ? ORDER BY at, id', w.id),
      // The order's own places on the route; a stowed waybill may load or unload it at a via point.
      loading: (await one<FlowNodeTimes>(conn, `${NODE} AND area_id = ? AND node_type <> 'end' ORDER BY seq LIMIT 1`, w.id, order.shipperAreaId))
        ?? (await one<FlowNodeTimes>(conn, `${NODE} AND node_type = 'start'`, w.id)) ?? null,
      unloading: (await one<FlowNodeTimes>(conn, `${NODE} AND area_id = ? AND node_type <> 'start' ORDER BY seq LIMIT 1`, w.id, order.receiverAreaId))
        ?? (await one<FlowNodeTimes>(conn, `${NODE} AND node_type = 'end'`, w.id)) ?? null,
    });
  }
  return waybills;
}

export async function orderMonitor(conn: Conn, user: SessionUser, orderId: number) {
  const order = await findOrder(conn, user, orderId);
  if (!order) throw failure(NOT_FOUND);
  const voided = order.status === OrderStatus.VOIDED
    ? (await one<{ at: number }>(conn, `SELECT changed_at AS at FROM record_history WHERE resource = 'order' AND record_id = ? AND action = 'cancelOrder' ORDER BY id DESC LIMIT 1`, order.id))?.at ?? order.updatedAt
    : null;
  return orderFlow({ createdAt: order.createdAt, voidedAt: voided, unassigned: await hasUnassignedGoods(conn, order.id), waybills: await waybillsForFlow(conn, order) });
}
