// The order's own actions before waybills carry it (order-machine.ts decides every transition):
// delegate, reject and cancel delegation, void; plus distribution and delete. Each runs in one
// transaction at the version the user read and leaves a row in the record history.
import type { SessionUser } from '../../http/context.ts';
import { failure, invalid } from '../../http/envelope.ts';
import { batchDeleteOutcome, cannotDelete, notFound, type DeleteRefusal } from '../../http/batch-delete.ts';
import { applyOrderAction, OrderStatus, taskStatusOf, type OrderAction } from '../workflow/order-machine.ts';
import { batchSummary, judgeEach } from './batch-summary.ts';
import { bumpOrder, findOrder, hasWaybills, lockOrder, logOrderAction, NOT_FOUND } from './access.ts';
import { distributionOf } from './details.ts';
import { one, tx, type Conn } from './sql.ts';

type Extra = { set?: Record<string, unknown>; changes?: unknown[] };

/** One order action: the machine's transition plus the columns the action sets. */
export async function orderAction(conn: Conn, user: SessionUser, id: number, version: number | undefined, action: OrderAction, extra: Extra = {}) {
  const now = Date.now();
  return tx(conn, async () => {
    // A batch (no version) is guarded by the machine alone: a moved order is refused by its status.
    const order = version === undefined ? await findOrder(conn, user, id) : await lockOrder(conn, user, id, version);
    if (!order) throw failure(NOT_FOUND);
    const outcome = applyOrderAction(order.status, action, await hasWaybills(conn, order.id));
    if (!outcome.ok) throw failure(outcome.message);
    const next = await bumpOrder(conn, user, order, now, { status: outcome.status, task_status: taskStatusOf(outcome.status), ...extra.set });
    await logOrderAction(conn, user, order.id, action, [{ field: 'status', title: '订单状态', before: order.status, after: outcome.status }, ...(extra.changes ?? [])], next, now);
    return { id: order.id, orderNo: order.orderNo, version: next, status: outcome.status };
  });
}

async function carrierOf(conn: Conn, user: SessionUser, carrierId: number) {
  const row = await one<{ name: string }>(conn, 'SELECT carrier_name AS name FROM carriers WHERE id = ? AND corp_id = ? AND is_deleted = 0', carrierId, user.corpId);
  if (!row) throw invalid('承运商：承运商不存在或无权访问', { field: 'carrierId' });
  return row.name;
}

/** What a delegation writes: the carrier, and in the history its name (and the rule that chose it, if one did). */
const delegation = (carrierId: number, carrierName: string, rule?: { id: number; ruleName: string }): Extra => ({
  set: { carrier_id: carrierId },
  changes: [{ field: 'carrierId', title: '承运商', after: carrierId, afterText: carrierName },
    ...(rule ? [{ field: 'delegateRuleId', title: '委托规则', after: rule.id, afterText: rule.ruleName }] : [])],
});

export async function delegate(conn: Conn, user: SessionUser, input: { id?: number; version?: number; ids?: number[]; carrierId: number }) {
  const carrierName = await carrierOf(conn, user, input.carrierId);
  const extra = delegation(input.carrierId, carrierName);
  if (input.ids === undefined) {
    if (input.id === undefined || input.version === undefined) throw invalid('订单ID不能为空', { field: 'id' });
    return orderAction(conn, user, input.id, input.version, 'delegate', extra);
  }
  if (input.id !== undefined) throw invalid('订单ID列表：不能同时填写订单ID和订单ID列表', { field: 'ids' });
  // A batch answers code 107 (batch-summary.ts): how many were delegated, and why the others were not.
  const r = await judgeEach(input.ids, (id) => orderAction(conn, user, id, undefined, 'delegate', extra), () => '委托失败');
  const failed = r.refused.get('委托失败') ?? [];
  const message = `共${r.total}条订单，委托成功${r.ok}条，委托失败${failed.length}条`;
  return batchSummary(message, [{ type: '委托成功', count: r.ok }, { type: '委托失败', count: failed.length, items: failed }]);
}

/**
 * A new order delegated by a delegate rule (rules/delegate-order.ts), in the creating save's
 * transaction: the dispatcher's own action (state machine, history, the carrier's message), with the
 * rule named in the history.
 */
export const delegateByRule = (conn: Conn, user: SessionUser, id: number, version: number, carrier: { id: number; name: string }, rule: { id: number; ruleName: string }) =>
  orderAction(conn, user, id, version, 'delegate', delegation(carrier.id, carrier.name, rule));

/** The carrier turns the delegation down (or staff record it): the order goes back without a carrier. */
export const rejectDelegation = (conn: Conn, user: SessionUser, id: number, version: number) =>
  orderAction(conn, user, id, version, 'rejectDelegation', { set: { carrier_id: null } });

export const cancelDelegation = (conn: Conn, user: SessionUser, id: number, version: number) =>
  orderAction(conn, user, id, version, 'cancelDelegation', { set: { carrier_id: null } });

export const cancelOrder = (conn: Conn, user: SessionUser, id: number, version: number) => orderAction(conn, user, id, version, 'cancelOrder');

/** Assigns the order to a department and/or a dispatcher of the corporation (orderInfo/distribution). */
export async function distribute(conn: Conn, user: SessionUser, input: { id: number; version: number; orgId?: number; userId?: number }) {
  if (input.orgId === undefined && input.userId === undefined) throw invalid('部门：部门和调度员不能同时为空', { field: 'orgId' });
  const org = input.orgId === undefined ? undefined : await one<{ name: string }>(conn, 'SELECT org_name AS name FROM departments WHERE id = ? AND corp_id = ? AND is_deleted = 0', input.orgId, user.corpId);
  if (input.orgId !== undefined && !org) throw invalid('部门：部门不存在或无权访问', { field: 'orgId' });
  const staff = input.userId === undefined ? undefined
    : await one<{ name: string }>(conn, 'SELECT real_name AS name FROM users WHERE id = ? AND corp_id = ? AND user_type = 0 AND enabled = 1 AND is_deleted = 0', input.userId, user.corpId);
  if (input.userId !== undefined && !staff) throw invalid('调度员：调度员不存在或无权访问', { field: 'userId' });
  const now = Date.now();
  return tx(conn, async () => {
    const order = await lockOrder(conn, user, input.id, input.version);
    if (order.status === OrderStatus.VOIDED) throw failure('订单已作废，不能分配');
    const before = (await distributionOf(conn, user.corpId, order.id)) as Record<string, unknown> | null;
    const next = await bumpOrder(conn, user, order, now);
    await logOrderAction(conn, user, order.id, 'distribution', [
      { field: 'orgId', title: '部门', before: before?.orgId ?? null, after: input.orgId ?? null, afterText: org?.name ?? null },
      { field: 'userId', title: '调度员', before: before?.userId ?? null, after: input.userId ?? null, afterText: staff?.name ?? null },
    ], next, now);
    return { id: order.id, version: next };
  });
}

/** Statuses an order may be deleted in: voided, or not yet given to anyone. */
const DELETABLE = [OrderStatus.VOIDED, OrderStatus.AWAITING_DISPATCH, OrderStatus.REJECTED, OrderStatus.NOT_DELEGATED] as number[];

/** Batch delete with the engine's code-105 answer. */
export async function deleteOrders(conn: Conn, user: SessionUser, ids: number[]) {
  const now = Date.now();
  return batchDeleteOutcome(ids, (id) => tx(conn, async (): Promise<DeleteRefusal | undefined> => {
    const order = await findOrder(conn, user, id);
    if (!order) return notFound(NOT_FOUND);
    if (await hasWaybills(conn, id)) return cannotDelete('订单已派车，不能删除');
    if (order.status === OrderStatus.AWAITING_VEHICLE) return cannotDelete('订单已委托，请先取消委托');
    if (!DELETABLE.includes(order.status)) return cannotDelete('订单当前状态不能删除');
    const next = await bumpOrder(conn, user, order, now, { is_deleted: 1 });
    await logOrderAction(conn, user, id, 'delete', [], next, now);
    return undefined;
  }));
}
