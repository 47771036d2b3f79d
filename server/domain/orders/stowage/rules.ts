// What may be stowed, and what a stowage task must keep. ONE rule for "stowable" (an SQL
// predicate used by the candidate list and by every save and confirmation), the settings' limits,
// the load rate against the vehicle or car model, and the route a stowed waybill takes.
import { failure, invalid } from '../../../http/envelope.ts';
import { OrderStatus } from '../../workflow/order-machine.ts';
import { remainingOf } from '../../workflow/splits.ts';
import type { OrderRow } from '../access.ts';
import { goodsOf, splitState } from '../details.ts';
import { one, round3, type Conn } from '../sql.ts';
import type { RouteNode } from '../waybill-creation.ts';
import type { StowageSetting } from './settings.ts';

export const StowageStatus = { NOT_STOWED: 1101, STOWING: 1102 } as const;

/** Auto-stowage proposals holding their orders: 1 生成中, 2 待采纳 (intelligentGenerationStatus). */
export const LIVE_PROPOSAL = [1, 2] as const;

/**
 * An order (alias o) can be stowed when it is live, no waybill carries it whole, no other open
 * task holds it (? = a task to leave out, 0 for none), no live auto-stowage proposal holds it
 * (auto-run.ts: an order is in at most one proposal or task), and some goods line is not fully split off:
 * stowing takes exactly that remainder.
 */
export const STOWABLE_SQL = `o.status NOT IN (${OrderStatus.VOIDED}, ${OrderStatus.COMPLETED}, ${OrderStatus.ENDED_ABNORMALLY})
  AND NOT EXISTS (SELECT 1 FROM waybill_orders swo JOIN waybills sw ON sw.id = swo.waybill_id WHERE swo.order_id = o.id AND swo.part_id IS NULL AND sw.is_deleted = 0)
  AND NOT EXISTS (SELECT 1 FROM order_stowage_task_orders sto JOIN order_stowage_tasks st ON st.id = sto.task_id
    WHERE sto.order_id = o.id AND st.is_deleted = 0 AND st.waybill_id IS NULL AND st.id <> ?)
  AND NOT EXISTS (SELECT 1 FROM stowage_proposal_orders spo JOIN stowage_proposals spp ON spp.id = spo.proposal_id
    WHERE spo.order_id = o.id AND spp.status IN (${LIVE_PROPOSAL.join(', ')}))
  AND EXISTS (SELECT 1 FROM order_goods sg WHERE sg.order_id = o.id AND round(sg.quantity * 1000) > coalesce((SELECT round(sum(spg.quantity) * 1000)
    FROM order_part_goods spg JOIN order_parts sp ON sp.id = spg.part_id WHERE sp.order_id = o.id AND sp.cancelled = 0 AND spg.order_goods_id = sg.id), 0))`;

/** The open task (result not yet confirmed) holding the order, other than `exceptTaskId`. */
export const openTaskOf = (conn: Conn, orderId: number, exceptTaskId = 0) =>
  one<{ taskNo: string }>(conn, `SELECT st.task_no AS taskNo FROM order_stowage_task_orders sto JOIN order_stowage_tasks st ON st.id = sto.task_id
    WHERE sto.order_id = ? AND st.is_deleted = 0 AND st.waybill_id IS NULL AND st.id <> ?`, orderId, exceptTaskId);

/**
 * Refuses a write that would take goods an open task counts on (assigning, splitting, generating a
 * waybill): its confirmation would be refused later, so the user learns now which task holds the order.
 */
export async function assertNotInOpenTask(conn: Conn, order: Pick<OrderRow, 'id' | 'orderNo'>, action: string) {
  const task = await openTaskOf(conn, order.id);
  if (task) throw failure(`订单${order.orderNo}已在配载任务${task.taskNo}中，不能${action}，请先从配载任务中移出`);
}

/** Refuses an order that is not stowable, saying why. */
export async function assertStowable(conn: Conn, order: OrderRow, exceptTaskId: number) {
  if (await one(conn, `SELECT 1 FROM orders o WHERE o.id = ? AND ${STOWABLE_SQL}`, order.id, exceptTaskId)) return;
  const no = order.orderNo;
  if ([OrderStatus.VOIDED, OrderStatus.COMPLETED, OrderStatus.ENDED_ABNORMALLY].includes(order.status as never)) throw failure(`订单${no}已作废或已结束，不能配载`);
  const task = await openTaskOf(conn, order.id, exceptTaskId);
  if (task) throw failure(`订单${no}已在配载任务${task.taskNo}中`);
  const proposal = await one<{ proposalNo: string }>(conn, `SELECT p.proposal_no AS "proposalNo" FROM stowage_proposal_orders x JOIN stowage_proposals p ON p.id = x.proposal_id
    WHERE x.order_id = ? AND p.status IN (${LIVE_PROPOSAL.join(', ')})`, order.id);
  if (proposal) throw failure(`订单${no}已在智能配载方案${proposal.proposalNo}中，请先采纳或不采纳该方案`);
  throw failure(`订单${no}已派车或已全部拆分，没有可配载的货物`);
}

/** What stowing takes of an order: the remainder of each line, with weight and volume in proportion. */
export async function remainderOf(conn: Conn, orderId: number) {
  const { goods, parts } = await splitState(conn, orderId);
  const left = remainingOf(goods, parts);
  return (await goodsOf(conn, orderId)).filter((g) => (left.get(g.id) ?? 0) > 0).map((g) => {
    const quantity = left.get(g.id)!;
    const share = quantity / g.quantity;
    return { goodsId: g.id, goodsName: g.goodsName, unit: g.unit, quantity, weight: round3((g.weight ?? 0) * share), volume: round3((g.volume ?? 0) * share) };
  });
}

export interface Capacity {
  loadWeight: number | null;
  volume: number | null;
}

/** The task's load: totals of the remainders, and the rate (%) of the fuller of weight and volume. */
export async function loadOf(conn: Conn, orders: OrderRow[], capacity: Capacity | null) {
  const lines = [];
  for (const o of orders) lines.push(...(await remainderOf(conn, o.id)));
  const totalWeight = round3(lines.reduce((s, l) => s + l.weight, 0));
  const totalVolume = round3(lines.reduce((s, l) => s + l.volume, 0));
  const rates = [
    capacity?.loadWeight ? (totalWeight / capacity.loadWeight) * 100 : null,
    capacity?.volume ? (totalVolume / capacity.volume) * 100 : null,
  ].filter((r): r is number => r !== null);
  return { totalQuantity: round3(lines.reduce((s, l) => s + l.quantity, 0)), totalWeight, totalVolume, loadRate: rates.length ? Math.round(Math.max(...rates) * 10) / 10 : null };
}

/** The corporation's limits on a task. */
export async function checkTask(conn: Conn, orders: OrderRow[], capacity: Capacity | null, setting: StowageSetting) {
  if (orders.length > setting.maxOrders) throw invalid(`订单：每个配载任务最多${setting.maxOrders}个订单`, { field: 'orderIds' });
  if (setting.sameShipperArea && new Set(orders.map((o) => o.shipperAreaId)).size > 1) throw failure('配载设置要求同一任务的订单发货地相同');
  if (setting.sameBusinessType && new Set(orders.map((o) => o.businessType)).size > 1) throw failure('配载设置要求同一任务的订单业务类型相同');
  const load = await loadOf(conn, orders, capacity);
  if (load.loadRate !== null && load.loadRate > setting.maxLoadRate) throw failure(`装载率${load.loadRate}%超过配载设置的上限${setting.maxLoadRate}%`);
  return load;
}

/**
 * The stowed waybill's route, in the task's order: loaded at the first order's place (start),
 * the other loading places and all but the last unloading place as via points, unloaded last at
 * the last order's place (end).
 */
export function stowageRoute(orders: OrderRow[]): RouteNode[] {
  const loads = new Map<number, number | null>();
  const unloads = new Map<number, number | null>();
  for (const o of orders) {
    if (!loads.has(o.shipperAreaId)) loads.set(o.shipperAreaId, o.requiredLoadTime);
    if (!unloads.has(o.receiverAreaId)) unloads.set(o.receiverAreaId, o.requiredArriveTime);
  }
  const l = [...loads];
  const u = [...unloads];
  return [
    { nodeType: 'start', areaId: l[0][0], requiredArriveTime: l[0][1] },
    ...l.slice(1).map(([areaId, t]) => ({ nodeType: 'via' as const, areaId, requiredArriveTime: t })),
    ...u.slice(0, -1).map(([areaId, t]) => ({ nodeType: 'via' as const, areaId, requiredArriveTime: t })),
    { nodeType: 'end', areaId: u[u.length - 1][0], requiredArriveTime: u[u.length - 1][1] },
  ];
}
