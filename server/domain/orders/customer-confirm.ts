// The customer's confirmations (batch/order/*): the customer (the shipper, user type 1, or staff on
// its behalf) confirms that its goods were shipped, then that they were received. They do not move
// the order status (that follows the waybills, order-machine.ts); they are the order's own small
// machine, recorded as actions in the record history (docs/state-machines.md "Customer confirmations"):
//   未确认 --confirmShipment (every waybill left the loading place)--> 已确认发货
//   已确认发货 --confirmDelivery (every waybill confirmed delivery)--> 已确认收货
import type { SessionUser } from '../../http/context.ts';
import { ApiError, failure } from '../../http/envelope.ts';
import type { Registry } from '../../registry/types.ts';
import { formatTime } from '../../resources/time.ts';
import { OrderStatus } from '../workflow/order-machine.ts';
import { Step, WaybillStatus } from '../workflow/waybill-machine.ts';
import { bumpOrder, findOrder, logOrderAction, NOT_FOUND, type OrderRow } from './access.ts';
import { batchSummary, judgeEach } from './batch-summary.ts';
import { goodsOf, totalsOf } from './details.ts';
import { decorateOrder } from './labels.ts';
import { hasUnassignedGoods } from './monitor.ts';
import { all, one, tx, type Conn } from './sql.ts';

export type Confirmation = 'confirmShipment' | 'confirmDelivery';
const NAMES: Record<Confirmation, string> = { confirmShipment: '确认发货', confirmDelivery: '确认收货' };
/** The carriage step every live waybill must have reached: left the loading place / delivered. */
const STEP_NEEDED: Record<Confirmation, number> = { confirmShipment: Step.AWAITING_ARRIVAL_AT_UNLOADING, confirmDelivery: Step.AWAITING_LEAVING_UNLOADING };

/** When the customer confirmed each step, if it did. */
export async function confirmationsOf(conn: Conn, corpId: number, orderId: number) {
  const at = (action: Confirmation) => one<{ at: number; userName: string }>(conn, `SELECT changed_at AS at, user_name AS userName FROM record_history
    WHERE resource = 'order' AND record_id = ? AND corp_id = ? AND action = ? ORDER BY id DESC LIMIT 1`, orderId, corpId, action);
  const shipped = await at('confirmShipment');
  const received = await at('confirmDelivery');
  return {
    confirmationStatus: received ? 2 : shipped ? 1 : 0,
    confirmationStatusStr: received ? '已确认收货' : shipped ? '已确认发货' : '未确认',
    shipmentConfirmedAt: shipped?.at ?? null, shipmentConfirmedAtStr: formatTime(shipped?.at ?? null), shipmentConfirmedBy: shipped?.userName ?? null,
    deliveryConfirmedAt: received?.at ?? null, deliveryConfirmedAtStr: formatTime(received?.at ?? null), deliveryConfirmedBy: received?.userName ?? null,
  };
}

/** Why the order cannot take this confirmation now, or null when it can. */
async function refusal(conn: Conn, corpId: number, order: OrderRow, action: Confirmation): Promise<string | null> {
  const name = NAMES[action];
  if (order.status === OrderStatus.VOIDED) return `订单已作废，不能${name}`;
  const { confirmationStatus } = await confirmationsOf(conn, corpId, order.id);
  if (action === 'confirmShipment' && confirmationStatus >= 1) return '订单已确认发货';
  if (action === 'confirmDelivery' && confirmationStatus === 2) return '订单已确认收货';
  if (action === 'confirmDelivery' && confirmationStatus === 0) return '订单尚未确认发货，不能确认收货';
  const waybills = await all<{ status: number; step: number }>(conn, `SELECT w.status, w.step FROM waybill_orders wo JOIN waybills w ON w.id = wo.waybill_id
    WHERE wo.order_id = ? AND w.is_deleted = 0 AND w.status NOT IN (?, ?)`, order.id, WaybillStatus.ENDED_ABNORMALLY, WaybillStatus.TRANSFERRED);
  const reached = (w: { status: number; step: number }) => w.status === WaybillStatus.COMPLETED || (w.step >= STEP_NEEDED[action] && w.step !== Step.CANCELLED);
  // Goods on no waybill yet have not moved at all.
  if (waybills.length === 0 || (await hasUnassignedGoods(conn, order.id)) || !waybills.every(reached)) {
    return action === 'confirmShipment' ? '订单货物尚未全部离开装货地，不能确认发货' : '订单货物尚未全部交货，不能确认收货';
  }
  return null;
}

/** One order's confirmation in its own transaction; guarded by its state, not by a version (a batch). */
async function confirmOne(conn: Conn, user: SessionUser, id: number, action: Confirmation, now: number) {
  await tx(conn, async () => {
    const order = await findOrder(conn, user, id);
    if (!order) throw failure(NOT_FOUND);
    const why = await refusal(conn, user.corpId, order, action);
    if (why) throw failure(why);
    const next = await bumpOrder(conn, user, order, now);
    await logOrderAction(conn, user, order.id, action, [{ field: 'confirmationStatus', title: '客户确认', before: action === 'confirmShipment' ? 0 : 1, after: action === 'confirmShipment' ? 1 : 2 }], next, now);
  });
}

/** batch/order/confirmShipment and confirmDelivery: each order judged alone; code 107 sums them up. */
export async function confirmBatch(conn: Conn, user: SessionUser, ids: number[], action: Confirmation) {
  const now = Date.now();
  const r = await judgeEach(ids, (id) => confirmOne(conn, user, id, action, now), (e: ApiError) => (e.message === NOT_FOUND ? '无权限' : '状态不符'));
  const failed = r.total - r.ok;
  const message = `共${r.total}条订单，${NAMES[action]}成功${r.ok}条，失败${failed}条`;
  return batchSummary(message, [
    { type: '成功', count: r.ok },
    { type: '状态不符', count: r.refused.get('状态不符')?.length ?? 0, items: r.refused.get('状态不符') ?? [] },
    { type: '无权限', count: r.refused.get('无权限')?.length ?? 0, items: r.refused.get('无权限') ?? [] },
  ]);
}

/** batch/order/getGoodsInfo: fills the confirmation dialog with each visible order's goods and what it can take now. */
export async function goodsForConfirmation(conn: Conn, reg: Registry, user: SessionUser, ids: number[]) {
  const orders = [];
  const missingIds: number[] = [];
  for (const id of new Set(ids)) {
    const order = await findOrder(conn, user, id);
    if (!order) {
      missingIds.push(id);
      continue;
    }
    const goods = await goodsOf(conn, id);
    orders.push({
      ...decorateOrder(reg, order), ...totalsOf(goods), goods, ...(await confirmationsOf(conn, user.corpId, id)),
      canConfirmShipment: (await refusal(conn, user.corpId, order, 'confirmShipment')) === null,
      canConfirmDelivery: (await refusal(conn, user.corpId, order, 'confirmDelivery')) === null,
    });
  }
  return { orders, missingIds };
}
