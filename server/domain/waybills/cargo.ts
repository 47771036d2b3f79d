// What a waybill made from orders carries (generateWaybillFromOrder, saveOrEdit with orders): each
// order whole (never split, on no waybill), one of its free split parts, or — when it was split
// and goods remain — a new part of exactly the remainder, so no quantity is carried twice or lost
// (the split rules are workflow/splits.ts's). Each order is locked at the version the user read and
// moves to a new version in the same transaction, so two dispatchers cannot take the same goods.
import type { SessionUser } from '../../http/context.ts';
import { failure, invalid } from '../../http/envelope.ts';
import { OrderStatus } from '../workflow/order-machine.ts';
import { remainingOf, splitPart } from '../workflow/splits.ts';
import { bumpOrder, lockOrder, type OrderRow } from '../orders/access.ts';
import { splitState } from '../orders/details.ts';
import { insertPart } from '../orders/split.ts';
import { assertNotInOpenTask } from '../orders/stowage/rules.ts';
import type { Link, NewNode } from './create.ts';
import { one, type Conn } from './sql.ts';

export interface OrderPick {
  orderId: number;
  version: number;
  /** A free split part; without it the whole order, or its remainder when it was split. */
  partId?: number;
}

const ENDED = [OrderStatus.VOIDED, OrderStatus.COMPLETED, OrderStatus.ENDED_ABNORMALLY] as number[];

const onLiveWaybill = async (conn: Conn, orderId: number) =>
  !!(await one(conn, 'SELECT 1 FROM waybill_orders wo JOIN waybills w ON w.id = wo.waybill_id WHERE wo.order_id = ? AND w.is_deleted = 0 LIMIT 1', orderId));

/** The link for one order, creating the remainder part when needed. */
async function linkFor(conn: Conn, user: SessionUser, order: OrderRow, partId: number | undefined, now: number): Promise<Link> {
  if (ENDED.includes(order.status)) throw failure(`${order.orderNo}：订单已作废或已结束，不能生成运单`);
  await assertNotInOpenTask(conn, order, '生成运单');
  const { goods, parts } = await splitState(conn, order.id);
  const live = parts.filter((p) => !p.cancelled);
  if (partId !== undefined) {
    const part = live.find((p) => p.id === partId);
    if (!part) throw failure(`${order.orderNo}：拆分单不存在或已取消`);
    if (part.waybillId !== null) throw failure(`${order.orderNo}：拆分单已派车，不能重复生成运单`);
    return { orderId: order.id, partId };
  }
  if (live.length === 0) {
    if (await onLiveWaybill(conn, order.id)) throw failure(`${order.orderNo}：订单已派车，不能重复生成运单`);
    return { orderId: order.id, partId: null };
  }
  const left = remainingOf(goods, parts);
  const rest = goods.map((g) => ({ goodsId: g.id, quantity: left.get(g.id) ?? 0 })).filter((l) => l.quantity > 0);
  if (rest.length === 0) throw failure(`${order.orderNo}：订单已全部拆分，请选择拆分单`);
  const outcome = splitPart(goods, parts, rest, 0);
  if (!outcome.ok) throw failure(outcome.message);
  return { orderId: order.id, partId: (await insertPart(conn, user, order.id, outcome.part.lines, now)).partId };
}

export interface Claimed {
  orders: OrderRow[];
  links: Link[];
}

/**
 * Locks every picked order at its version, checks the user may dispatch it (a carrier user: only
 * orders delegated to its carrier), and claims its goods. One business line per waybill.
 */
export async function claimOrders(conn: Conn, user: SessionUser, picks: OrderPick[], now: number): Promise<Claimed> {
  const ids = picks.map((p) => p.orderId);
  if (new Set(ids).size !== ids.length) throw invalid('关联订单：同一订单只能选择一次', { field: 'orders' });
  const orders: OrderRow[] = [];
  const links: Link[] = [];
  for (const pick of picks) {
    const order = await lockOrder(conn, user, pick.orderId, pick.version);
    if (user.userType === 2 && order.carrierId !== user.partnerId) throw failure(`${order.orderNo}：订单未委托给本承运商，不能生成运单`);
    if (orders.length > 0 && order.businessType !== orders[0].businessType) throw failure('所选订单的业务类型不一致，不能生成同一运单');
    links.push(await linkFor(conn, user, order, pick.partId, now));
    await bumpOrder(conn, user, order, now);
    orders.push(order);
  }
  return { orders, links };
}

/**
 * The route of orders carried together: load at each shipper area in the orders' sequence, then
 * unload at each receiver area; the first place is the start, the last the end, the rest via points.
 */
export function routeOfOrders(orders: OrderRow[]): NewNode[] {
  const stops: NewNode[] = [];
  const add = (areaId: number, time: number | null) => {
    if (stops.at(-1)?.areaId !== areaId) stops.push({ nodeType: 'via', areaId, requiredArriveTime: time });
  };
  for (const o of orders) add(o.shipperAreaId, o.requiredLoadTime);
  for (const o of orders) add(o.receiverAreaId, o.requiredArriveTime);
  if (stops.length === 1) stops.push({ ...stops[0] });
  stops[0].nodeType = 'start';
  stops[stops.length - 1].nodeType = 'end';
  return stops;
}
