// Splitting an order into parts (orderInfo/querySplitOrder, splitOrder, cancelSplitOrder,
// splitOrderOver). The quantity rules are the pure splits module's; this file only loads and
// stores parts, each write in one transaction at the version the user read.
import type { SessionUser } from '../../http/context.ts';
import { failure, invalid } from '../../http/envelope.ts';
import { OrderStatus } from '../workflow/order-machine.ts';
import { orderGateRefusal } from '../workflow/order-gates.ts';
import { refreshOrderStatus } from '../workflow/order-sync.ts';
import { remainingOf, splitPart } from '../workflow/splits.ts';
import { bumpOrder, carriedWhole, currentVersion, findOrder, lockOrder, logOrderAction, NOT_FOUND, type OrderRow } from './access.ts';
import { goodsOf, partsOf, splitState } from './details.ts';
import { insert, one, run, tx, type Conn } from './sql.ts';
import { assertNotInOpenTask } from './stowage/rules.ts';

type Line = { goodsId: number; quantity: number };

export async function querySplit(conn: Conn, user: SessionUser, orderId: number) {
  const order = await findOrder(conn, user, orderId);
  if (!order) throw failure(NOT_FOUND);
  const state = await splitState(conn, orderId);
  const left = remainingOf(state.goods, state.parts);
  return {
    orderId, orderNo: order.orderNo, version: order.version, status: order.status, splittable: order.splittable,
    goods: (await goodsOf(conn, orderId)).map((g) => {
      const remainingQuantity = left.get(g.id) ?? 0;
      // What the goods picker shows: the name and what is left to split, never the line's id.
      return { ...g, goodsId: g.id, remainingQuantity, optionLabel: `${g.goodsName}（剩余${remainingQuantity}${g.unit}）` };
    }),
    parts: await partsOf(conn, orderId),
  };
}

/** Splitting is over once the order is voided or finished, splitting was ended, or it went whole on a waybill. */
async function assertSplittable(conn: Conn, order: OrderRow) {
  if (order.status === OrderStatus.VOIDED) throw failure('订单已作废，不能拆分');
  if (order.status === OrderStatus.COMPLETED || order.status === OrderStatus.ENDED_ABNORMALLY) throw failure('订单已结束，不能拆分');
  if (order.splittable !== 1) throw failure('订单已结束拆分，不能再拆分');
  if (await carriedWhole(conn, order.id)) throw failure('订单已整单派车，不能拆分');
  // The statuses the order page offers 拆分 in (order-gates.ts): any other is refused here too.
  const refusal = orderGateRefusal(order.status, 'split');
  if (refusal) throw failure(refusal);
}

export async function insertPart(conn: Conn, user: SessionUser, orderId: number, lines: Line[], now: number) {
  const { next } = (await one<{ next: number }>(conn, 'SELECT coalesce(max(part_no), 0) + 1 AS next FROM order_parts WHERE order_id = ?', orderId))!;
  const partId = await insert(conn, 'INSERT INTO order_parts (corp_id, order_id, part_no, cancelled, created_at) VALUES (?, ?, ?, 0, ?)', user.corpId, orderId, next, now);
  for (const l of lines) await run(conn, 'INSERT INTO order_part_goods (part_id, order_goods_id, quantity) VALUES (?, ?, ?)', partId, l.goodsId, l.quantity);
  return { partId, partNo: next };
}

/**
 * After any change of parts: the status follows the waybills, the change goes into the order's
 * history (who, when, which part with what goods), then the caller learns the version.
 */
async function finish(conn: Conn, user: SessionUser, orderId: number, now: number, action: string, partIds: number[]) {
  await refreshOrderStatus(conn, orderId, now);
  const version = await currentVersion(conn, orderId);
  const parts = (await partsOf(conn, orderId, true)).filter((p) => partIds.includes(p.partId));
  await logOrderAction(conn, user, orderId, action, parts.map((p) => ({ field: 'part', title: '拆分单', after: p.partNo, afterText: `${p.partName}：${p.goodsText}` })), version, now);
  return version;
}

export async function splitOrder(conn: Conn, user: SessionUser, input: { orderId: number; version: number; lines: Line[] }) {
  const ids = input.lines.map((l) => l.goodsId);
  if (new Set(ids).size !== ids.length) throw invalid('拆分明细：同一货物不能重复填写', { field: 'lines' });
  const now = Date.now();
  return tx(conn, async () => {
    const order = await lockOrder(conn, user, input.orderId, input.version);
    await assertSplittable(conn, order);
    await assertNotInOpenTask(conn, order, '拆分');
    const { goods, parts } = await splitState(conn, order.id);
    const outcome = splitPart(goods, parts, input.lines, 0);
    if (!outcome.ok) throw failure(outcome.message);
    const part = await insertPart(conn, user, order.id, outcome.part.lines, now);
    await bumpOrder(conn, user, order, now);
    return { ...part, version: await finish(conn, user, order.id, now, 'splitOrder', [part.partId]) };
  });
}

export async function cancelSplit(conn: Conn, user: SessionUser, input: { orderId: number; version: number; partId: number }) {
  const now = Date.now();
  return tx(conn, async () => {
    const order = await lockOrder(conn, user, input.orderId, input.version);
    const part = await one<{ waybillId: number | null }>(conn, `SELECT w.id AS waybillId FROM order_parts p LEFT JOIN waybills w ON w.id = p.waybill_id AND w.is_deleted = 0
      WHERE p.id = ? AND p.order_id = ? AND p.cancelled = 0`, input.partId, order.id);
    if (!part) throw failure('拆分单不存在或已取消');
    if (part.waybillId !== null) throw failure('拆分单已派车，不能取消拆分');
    await run(conn, 'UPDATE order_parts SET cancelled = 1 WHERE id = ?', input.partId);
    // The goods are back on the order, so splitting is open again even after "finish split".
    await bumpOrder(conn, user, order, now, { splittable: 1 });
    return { version: await finish(conn, user, order.id, now, 'cancelSplitOrder', [input.partId]) };
  });
}

export async function finishSplit(conn: Conn, user: SessionUser, input: { orderId: number; version: number }) {
  const now = Date.now();
  return tx(conn, async () => {
    const order = await lockOrder(conn, user, input.orderId, input.version);
    await assertSplittable(conn, order);
    await assertNotInOpenTask(conn, order, '结束拆分');
    const { goods, parts } = await splitState(conn, order.id);
    if (!parts.some((p) => !p.cancelled)) throw failure('订单尚未拆分，不能结束拆分');
    const left = remainingOf(goods, parts);
    const rest = goods.map((g) => ({ goodsId: g.id, quantity: left.get(g.id) ?? 0 })).filter((l) => l.quantity > 0);
    let last: { partId: number; partNo: number } | null = null;
    if (rest.length > 0) {
      const outcome = splitPart(goods, parts, rest, 0);
      if (!outcome.ok) throw failure(outcome.message);
      last = await insertPart(conn, user, order.id, outcome.part.lines, now);
    }
    await bumpOrder(conn, user, order, now, { splittable: 0 });
    return { lastPart: last, version: await finish(conn, user, order.id, now, 'splitOrderOver', last ? [last.partId] : []) };
  });
}
