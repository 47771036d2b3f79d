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
import { one, run, type Sqlite } from './sql.ts';
import { assertNotInOpenTask } from './stowage/rules.ts';

type Line = { goodsId: number; quantity: number };

export function querySplit(sqlite: Sqlite, user: SessionUser, orderId: number) {
  const order = findOrder(sqlite, user, orderId);
  if (!order) throw failure(NOT_FOUND);
  const state = splitState(sqlite, orderId);
  const left = remainingOf(state.goods, state.parts);
  return {
    orderId, orderNo: order.orderNo, version: order.version, status: order.status, splittable: order.splittable,
    goods: goodsOf(sqlite, orderId).map((g) => {
      const remainingQuantity = left.get(g.id) ?? 0;
      // What the goods picker shows: the name and what is left to split, never the line's id.
      return { ...g, goodsId: g.id, remainingQuantity, optionLabel: `${g.goodsName}（剩余${remainingQuantity}${g.unit}）` };
    }),
    parts: partsOf(sqlite, orderId),
  };
}

/** Splitting is over once the order is voided or finished, splitting was ended, or it went whole on a waybill. */
function assertSplittable(sqlite: Sqlite, order: OrderRow) {
  if (order.status === OrderStatus.VOIDED) throw failure('订单已作废，不能拆分');
  if (order.status === OrderStatus.COMPLETED || order.status === OrderStatus.ENDED_ABNORMALLY) throw failure('订单已结束，不能拆分');
  if (order.splittable !== 1) throw failure('订单已结束拆分，不能再拆分');
  if (carriedWhole(sqlite, order.id)) throw failure('订单已整单派车，不能拆分');
  // The statuses the order page offers 拆分 in (order-gates.ts): any other is refused here too.
  const refusal = orderGateRefusal(order.status, 'split');
  if (refusal) throw failure(refusal);
}

export function insertPart(sqlite: Sqlite, user: SessionUser, orderId: number, lines: Line[], now: number) {
  const { next } = one<{ next: number }>(sqlite, 'SELECT coalesce(max(part_no), 0) + 1 AS next FROM order_parts WHERE order_id = ?', orderId)!;
  const partId = Number(run(sqlite, 'INSERT INTO order_parts (corp_id, order_id, part_no, cancelled, created_at) VALUES (?, ?, ?, 0, ?)', user.corpId, orderId, next, now).lastInsertRowid);
  for (const l of lines) run(sqlite, 'INSERT INTO order_part_goods (part_id, order_goods_id, quantity) VALUES (?, ?, ?)', partId, l.goodsId, l.quantity);
  return { partId, partNo: next };
}

/**
 * After any change of parts: the status follows the waybills, the change goes into the order's
 * history (who, when, which part with what goods), then the caller learns the version.
 */
function finish(sqlite: Sqlite, user: SessionUser, orderId: number, now: number, action: string, partIds: number[]) {
  refreshOrderStatus(sqlite, orderId, now);
  const version = currentVersion(sqlite, orderId);
  const parts = partsOf(sqlite, orderId, true).filter((p) => partIds.includes(p.partId));
  logOrderAction(sqlite, user, orderId, action, parts.map((p) => ({ field: 'part', title: '拆分单', after: p.partNo, afterText: `${p.partName}：${p.goodsText}` })), version, now);
  return version;
}

export function splitOrder(sqlite: Sqlite, user: SessionUser, input: { orderId: number; version: number; lines: Line[] }) {
  const ids = input.lines.map((l) => l.goodsId);
  if (new Set(ids).size !== ids.length) throw invalid('拆分明细：同一货物不能重复填写', { field: 'lines' });
  const now = Date.now();
  return sqlite.transaction(() => {
    const order = lockOrder(sqlite, user, input.orderId, input.version);
    assertSplittable(sqlite, order);
    assertNotInOpenTask(sqlite, order, '拆分');
    const { goods, parts } = splitState(sqlite, order.id);
    const outcome = splitPart(goods, parts, input.lines, 0);
    if (!outcome.ok) throw failure(outcome.message);
    const part = insertPart(sqlite, user, order.id, outcome.part.lines, now);
    bumpOrder(sqlite, user, order, now);
    return { ...part, version: finish(sqlite, user, order.id, now, 'splitOrder', [part.partId]) };
  })();
}

export function cancelSplit(sqlite: Sqlite, user: SessionUser, input: { orderId: number; version: number; partId: number }) {
  const now = Date.now();
  return sqlite.transaction(() => {
    const order = lockOrder(sqlite, user, input.orderId, input.version);
    const part = one<{ waybillId: number | null }>(sqlite, `SELECT w.id AS waybillId FROM order_parts p LEFT JOIN waybills w ON w.id = p.waybill_id AND w.is_deleted = 0
      WHERE p.id = ? AND p.order_id = ? AND p.cancelled = 0`, input.partId, order.id);
    if (!part) throw failure('拆分单不存在或已取消');
    if (part.waybillId !== null) throw failure('拆分单已派车，不能取消拆分');
    run(sqlite, 'UPDATE order_parts SET cancelled = 1 WHERE id = ?', input.partId);
    // The goods are back on the order, so splitting is open again even after "finish split".
    bumpOrder(sqlite, user, order, now, { splittable: 1 });
    return { version: finish(sqlite, user, order.id, now, 'cancelSplitOrder', [input.partId]) };
  })();
}

export function finishSplit(sqlite: Sqlite, user: SessionUser, input: { orderId: number; version: number }) {
  const now = Date.now();
  return sqlite.transaction(() => {
    const order = lockOrder(sqlite, user, input.orderId, input.version);
    assertSplittable(sqlite, order);
    assertNotInOpenTask(sqlite, order, '结束拆分');
    const { goods, parts } = splitState(sqlite, order.id);
    if (!parts.some((p) => !p.cancelled)) throw failure('订单尚未拆分，不能结束拆分');
    const left = remainingOf(goods, parts);
    const rest = goods.map((g) => ({ goodsId: g.id, quantity: left.get(g.id) ?? 0 })).filter((l) => l.quantity > 0);
    let last: { partId: number; partNo: number } | null = null;
    if (rest.length > 0) {
      const outcome = splitPart(goods, parts, rest, 0);
      if (!outcome.ok) throw failure(outcome.message);
      last = insertPart(sqlite, user, order.id, outcome.part.lines, now);
    }
    bumpOrder(sqlite, user, order, now, { splittable: 0 });
    return { lastPart: last, version: finish(sqlite, user, order.id, now, 'splitOrderOver', last ? [last.partId] : []) };
  })();
}
