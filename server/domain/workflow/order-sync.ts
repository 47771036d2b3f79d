// Keeps each order's stored status true to its waybills (order-machine.ts): called in the same
// transaction as any waybill transition, split or assignment that touches the order.
import { all, one, run, type Conn } from '../../resources/statements.ts';
import { OrderStatus, orderStatusOf, taskStatusOf } from './order-machine.ts';
import { hasRemainder, type GoodsLine, type Part } from './splits.ts';
import type { WaybillState } from './waybill-machine.ts';

/**
 * While an order has no waybill its stored status is its own (moved by order actions). Once waybills
 * carry it, the status is recomputed from them; goods still unassigned count as 待调度, or 待派车
 * when the order is delegated to a carrier. While goods of one of its waybills lie at a transfer
 * place (unloaded, no vehicle allocated yet) the order shows 31 待转运, whatever its other waybills
 * do: the goods stuck there are what the dispatcher must see to.
 */
export async function refreshOrderStatus(conn: Conn, orderId: number, now = Date.now()): Promise<void> {
  const order = await one<{ status: number; carrierId: number | null }>(conn, 'SELECT status, carrier_id AS carrierId FROM orders WHERE id = ?', orderId);
  if (!order) return;
  const parts = await all<WaybillState>(
    conn,
    `SELECT w.status, w.step, w.sign_status AS signStatus FROM waybill_orders wo JOIN waybills w ON w.id = wo.waybill_id
        WHERE wo.order_id = ? AND w.is_deleted = 0`,
    orderId,
  );
  if (parts.length === 0) return;
  const goods = await all<GoodsLine>(conn, 'SELECT id, goods_name AS goodsName, quantity FROM order_goods WHERE order_id = ?', orderId);
  const partRows = await all<{ id: number; cancelled: number; waybillId: number | null }>(
    conn, 'SELECT id, cancelled, waybill_id AS waybillId FROM order_parts WHERE order_id = ?', orderId,
  );
  const lines = await all<{ partId: number; goodsId: number; quantity: number }>(
    conn,
    'SELECT pg.part_id AS partId, pg.order_goods_id AS goodsId, pg.quantity FROM order_part_goods pg JOIN order_parts p ON p.id = pg.part_id WHERE p.order_id = ?',
    orderId,
  );
  const split: Part[] = partRows.map((p) => ({ id: p.id, cancelled: p.cancelled === 1, lines: lines.filter((l) => l.partId === p.id) }));
  // Goods are unassigned when not split off yet, or split into a part no waybill carries yet.
  // An order carried whole by a waybill (no split parts) has nothing left over.
  const waitingPart = partRows.some((p) => p.cancelled === 0 && p.waybillId === null);
  const unassigned = split.length > 0 && (hasRemainder(goods, split) || waitingPart);
  const own = order.carrierId ? 3 : 2;
  const status = (await awaitsTransfer(conn, orderId)) ? OrderStatus.AWAITING_TRANSFER : orderStatusOf({ own, parts, unassigned });
  await run(
    conn, 'UPDATE orders SET status = ?, task_status = ?, updated_at = ?, version = version + 1 WHERE id = ? AND status <> ?',
    status, taskStatusOf(status), now, orderId, status,
  );
}

/** Some waybill of the order had its goods unloaded for a transfer (transfers status 1) not yet allocated. */
const awaitsTransfer = async (conn: Conn, orderId: number) => (await one(
  conn,
  `SELECT 1 FROM waybill_orders wo JOIN transfers t ON t.from_waybill_id = wo.waybill_id AND t.status = 1 AND t.is_deleted = 0
    WHERE wo.order_id = ? LIMIT 1`,
  orderId,
)) !== undefined;

/** Refreshes every order a waybill carries. */
export async function refreshOrdersOfWaybill(conn: Conn, waybillId: number, now = Date.now()): Promise<void> {
  const ids = await all<{ id: number }>(conn, 'SELECT order_id AS id FROM waybill_orders WHERE waybill_id = ?', waybillId);
  for (const { id } of ids) await refreshOrderStatus(conn, id, now);
}
