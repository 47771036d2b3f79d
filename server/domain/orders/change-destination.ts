// orderInfo/changeDestination and orderInfo/getChangeDistance. The receiver area of an order may
// change until its goods are delivered: the unloading node of every live waybill carrying it
// moves with it (that waybill's version moves too, so a driver acting on the old route is told to
// refresh), each such waybill gets a timeline event, and the order a new saved version.
import type { SessionUser } from '../../http/context.ts';
import { failure, invalid } from '../../http/envelope.ts';
import { OrderStatus } from '../workflow/order-machine.ts';
import { Step, WaybillStatus } from '../workflow/waybill-machine.ts';
import { bumpOrder, findOrder, lockOrder, logOrderAction, NOT_FOUND, type OrderRow } from './access.ts';
import { haversineKm, km1 } from './distance.ts';
import { checkReferences, recordVersion } from './save.ts';
import { all, one, run, tx, type Conn } from './sql.ts';

const ENDED = [OrderStatus.VOIDED, OrderStatus.COMPLETED, OrderStatus.ENDED_ABNORMALLY] as number[];

interface Area {
  id: number;
  areaName: string;
  lon: number;
  lat: number;
}
const areaOf = (conn: Conn, corpId: number, id: number) =>
  one<Area>(conn, 'SELECT id, area_name AS areaName, lon, lat FROM areas WHERE id = ? AND corp_id = ? AND is_deleted = 0', id, corpId);

/** The new place must be one the user may pick for this order, exactly as orderInfo/save checks it. */
async function checkNewPlace(conn: Conn, user: SessionUser, order: OrderRow, receiverAreaId: number) {
  if (receiverAreaId === order.receiverAreaId) throw invalid('收货地：新收货地与原收货地相同', { field: 'receiverAreaId' });
  await checkReferences(conn, user, {
    customerId: order.customerId, businessType: order.businessType, shipperAreaId: order.shipperAreaId, receiverAreaId, goods: [],
  }, order.customerId);
}

export async function changeDistance(conn: Conn, user: SessionUser, input: { id: number; receiverAreaId: number }) {
  const order = await findOrder(conn, user, input.id);
  if (!order) throw failure(NOT_FOUND);
  await checkNewPlace(conn, user, order, input.receiverAreaId);
  const from = await areaOf(conn, user.corpId, order.receiverAreaId);
  const to = (await areaOf(conn, user.corpId, input.receiverAreaId))!;
  return {
    id: order.id, fromAreaId: order.receiverAreaId, fromAreaName: order.receiverAreaName, toAreaId: to.id, toAreaName: to.areaName,
    // The old place may have been deleted since: then there is no distance to show.
    distance: from ? km1(haversineKm(from, to)) : null, distanceType: 'straightLine',
  };
}

interface CarryingWaybill {
  id: number;
  waybillNo: string;
  status: number;
  step: number;
}

/** The unloading node(s) of the order on one waybill: after the start, at the order's receiver area. */
async function unloadingNodes(conn: Conn, waybill: CarryingWaybill, order: OrderRow) {
  const nodes = await all<{ id: number; arrived: number }>(conn, `SELECT id, actual_arrive_time IS NOT NULL AS arrived FROM waybill_nodes
    WHERE waybill_id = ? AND area_id = ? AND node_type <> 'start'`, waybill.id, order.receiverAreaId);
  // Delivered: the waybill reached its end (step 10 on), or this order's unloading place was reached.
  const delivered = waybill.status === WaybillStatus.COMPLETED || (waybill.step >= Step.AWAITING_DELIVERY && waybill.step !== Step.CANCELLED) || nodes.some((n) => n.arrived);
  if (delivered) throw failure(`运单${waybill.waybillNo}已送达，不能变更目的地`);
  const sharing = await one(conn, `SELECT 1 FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id
    WHERE wo.waybill_id = ? AND wo.order_id <> ? AND o.receiver_area_id = ? LIMIT 1`, waybill.id, order.id, order.receiverAreaId);
  if (sharing) throw failure(`运单${waybill.waybillNo}还装有同一收货地的其他订单，不能单独变更目的地`);
  return nodes.map((n) => n.id);
}

export async function changeDestination(conn: Conn, user: SessionUser, input: { id: number; version: number; receiverAreaId: number; reason?: string }) {
  const now = Date.now();
  return tx(conn, async () => {
    const order = await lockOrder(conn, user, input.id, input.version);
    if (ENDED.includes(order.status)) throw failure('订单已作废或已结束，不能变更目的地');
    await checkNewPlace(conn, user, order, input.receiverAreaId);
    // Ended and transferred waybills keep their route as history; the live ones move.
    const waybills = await all<CarryingWaybill>(conn, `SELECT w.id, w.waybill_no AS waybillNo, w.status, w.step FROM waybill_orders wo JOIN waybills w ON w.id = wo.waybill_id
      WHERE wo.order_id = ? AND w.is_deleted = 0 AND w.status NOT IN (?, ?) ORDER BY w.id`, order.id, WaybillStatus.ENDED_ABNORMALLY, WaybillStatus.TRANSFERRED);
    // Every waybill is judged before any is written.
    const moved: { w: CarryingWaybill; nodes: number[] }[] = [];
    for (const w of waybills) moved.push({ w, nodes: await unloadingNodes(conn, w, order) });
    for (const { w, nodes } of moved) {
      for (const nodeId of nodes) await run(conn, 'UPDATE waybill_nodes SET area_id = ? WHERE id = ?', input.receiverAreaId, nodeId);
      await run(conn, 'UPDATE waybills SET version = version + 1, updated_at = ?, updated_by = ? WHERE id = ?', now, user.userId, w.id);
      await run(conn,
        `INSERT INTO waybill_events (corp_id, waybill_id, action, from_status, to_status, from_step, to_step, node_id, payload, user_id, user_name, at)
         VALUES (?, ?, 'changeDestination', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        user.corpId, w.id, w.status, w.status, w.step, w.step, nodes[0] ?? null,
        JSON.stringify({ orderId: order.id, fromAreaId: order.receiverAreaId, toAreaId: input.receiverAreaId, reason: input.reason ?? null }), user.userId, user.realName, now);
    }
    const next = await bumpOrder(conn, user, order, now, { receiver_area_id: input.receiverAreaId });
    const toName = (await areaOf(conn, user.corpId, input.receiverAreaId))!.areaName;
    await logOrderAction(conn, user, order.id, 'changeDestination', [
      { field: 'receiverAreaId', title: '收货地', before: order.receiverAreaId, beforeText: order.receiverAreaName, after: input.receiverAreaId, afterText: toName },
      ...(input.reason ? [{ field: 'reason', title: '变更原因', after: input.reason }] : []),
    ], next, now);
    const saved = await recordVersion(conn, user, order.id, now);
    return { id: order.id, version: saved.version, receiverAreaId: input.receiverAreaId, waybills: moved.map(({ w }) => ({ waybillId: w.id, waybillNo: w.waybillNo })) };
  });
}
