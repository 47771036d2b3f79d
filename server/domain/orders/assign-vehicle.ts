// orderInfo/assignVehicle: a vehicle for a whole order or for one of its parts creates the
// WAYBILL (waybill-creation.ts: its row, the link to the order and part, the route nodes from the
// order's places and times, the first timeline event), all in one transaction; then the order's
// status follows its waybills (order-sync.ts).
import type { SessionUser } from '../../http/context.ts';
import { failure } from '../../http/envelope.ts';
import { OrderStatus } from '../workflow/order-machine.ts';
import { orderGateRefusal } from '../workflow/order-gates.ts';
import type { Registry } from '../../registry/types.ts';
import { bumpOrder, currentVersion, findOrder, hasWaybills, lockOrder, NOT_FOUND, type OrderRow } from './access.ts';
import { goodsOf, partsOf, totalsOf } from './details.ts';
import { decorateOrder } from './labels.ts';
import { one, tx, type Conn } from './sql.ts';
import { assertNotInOpenTask } from './stowage/rules.ts';
import { createWaybill, crewOf, routeOfOrder } from './waybill-creation.ts';

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
async function cargoOf(conn: Conn, order: OrderRow, partId: number | undefined) {
  if (FINISHED.includes(order.status)) throw failure('订单已作废或已结束，不能派车');
  await assertNotInOpenTask(conn, order, '派车');
  if (partId === undefined) {
    if (await one(conn, 'SELECT 1 FROM order_parts WHERE order_id = ? AND cancelled = 0 LIMIT 1', order.id)) throw failure('订单已拆分，请选择要派车的拆分单');
    if (await hasWaybills(conn, order.id)) throw failure('订单已派车，不能重复派车');
  } else {
    const part = await one<{ waybillId: number | null }>(conn, `SELECT w.id AS waybillId FROM order_parts p LEFT JOIN waybills w ON w.id = p.waybill_id AND w.is_deleted = 0
    WHERE p.id = ? AND p.order_id = ? AND p.cancelled = 0`, partId, order.id);
    if (!part) throw failure('拆分单不存在或已取消');
    if (part.waybillId !== null) throw failure('拆分单已派车，不能重复派车');
  }
  // The statuses the order page offers 派车 in (order-gates.ts): any other is refused here too.
  const refusal = orderGateRefusal(order.status, 'assignVehicle');
  if (refusal) throw failure(refusal);
}

export async function assignVehicle(conn: Conn, user: SessionUser, input: AssignInput) {
  const now = Date.now();
  return tx(conn, async () => {
    const order = await lockOrder(conn, user, input.orderId, input.version);
    await cargoOf(conn, order, input.partId);
    const crew = await crewOf(conn, user, input, order.carrierId);
    // The order moves first, so the waybill's status refresh writes on top of this version.
    await bumpOrder(conn, user, order, now);
    const { waybillId, waybillNo } = await createWaybill(conn, user, crew, [{ order, partId: input.partId ?? null }], routeOfOrder(order), now,
      { orderId: order.id, partId: input.partId ?? null });
    return { waybillId, waybillNo, orderId: order.id, version: await currentVersion(conn, order.id) };
  });
}

/** Fills the assign-vehicle dialog: the order, its goods, the parts still without a waybill. */
export async function infoForAssignVehicle(conn: Conn, reg: Registry, user: SessionUser, id: number) {
  const order = await findOrder(conn, user, id);
  if (!order) throw failure(NOT_FOUND);
  const goods = await goodsOf(conn, id);
  const parts = await partsOf(conn, id);
  return {
    ...decorateOrder(reg, order), ...totalsOf(goods), goods,
    parts: parts.filter((p) => p.waybillId === null),
    wholeAssignable: parts.length === 0 && !(await hasWaybills(conn, id)) && !FINISHED.includes(order.status),
  };
}
