// orderInfo/save (new order or edit) and orderInfo/orderNo/repeat. Each save runs in one
// transaction and leaves an order_history row: the whole order with its goods, at its new version.
import type { SessionUser } from '../../http/context.ts';
import { failure, forbidden, invalid } from '../../http/envelope.ts';
import { lockNumbers, nextNumber } from '../workflow/numbering.ts';
import { OrderStatus, TaskStatus } from '../workflow/order-machine.ts';
import { ORDER_GATES } from '../workflow/order-gates.ts';
import { bumpOrder, findOrder, hasWaybills, lockOrder } from './access.ts';
import { goodsOf, snapshotOf } from './details.ts';
import { resolveGoodsLines, storeGoodsLine, type LineInput } from './goods-lines.ts';
import { insert, one, run, tx, type Conn } from './sql.ts';
import { delegateByRule } from './actions.ts';
import { requireArriveTime } from '../settings/business-personal.ts';
import { delegationFor } from '../rules/delegate-order.ts';

/** A goods line as the form sends it (goods-lines.ts says what it may hold). */
export type GoodsInput = LineInput;

export interface SaveInput {
  id?: number;
  version?: number;
  orderNo?: string;
  customerId: number;
  businessType: number;
  shipperAreaId: number;
  receiverAreaId: number;
  requiredLoadTime?: number;
  requiredArriveTime?: number;
  remark?: string;
  goods: GoodsInput[];
}

/** Statuses in which an order is still only paper: it may be edited. */
const EDITABLE: readonly number[] = ORDER_GATES.update.statuses;

/**
 * Every number ever used in the corporation counts, deleted orders included: the saved versions
 * are keyed by order number, so a reused number would mix two orders' histories.
 */
export async function orderNoTaken(conn: Conn, corpId: number, orderNo: string, exceptId?: number): Promise<boolean> {
  return !!(await one(conn, 'SELECT 1 FROM orders WHERE corp_id = ? AND order_no = ? AND id <> ? LIMIT 1', corpId, orderNo, exceptId ?? 0));
}

export async function checkReferences(conn: Conn, user: SessionUser, input: SaveInput, customerId: number) {
  if (!(await one(conn, 'SELECT 1 FROM customers WHERE id = ? AND corp_id = ? AND is_deleted = 0', customerId, user.corpId))) {
    throw invalid('客户：客户不存在或无权访问', { field: 'customerId' });
  }
  // A customer user picks among shared places and its own; staff among all of the corporation's.
  const areaOk = (areaId: number) =>
    one(conn, `SELECT 1 FROM areas WHERE id = ? AND corp_id = ? AND is_deleted = 0 ${user.userType === 1 ? 'AND (customer_id IS NULL OR customer_id = ?)' : ''}`,
      areaId, user.corpId, ...(user.userType === 1 ? [customerId] : []));
  if (!(await areaOk(input.shipperAreaId))) throw invalid('发货地：发货地不存在或无权访问', { field: 'shipperAreaId' });
  if (!(await areaOk(input.receiverAreaId))) throw invalid('收货地：收货地不存在或无权访问', { field: 'receiverAreaId' });
  if (input.shipperAreaId === input.receiverAreaId) throw invalid('收货地：收货地不能与发货地相同', { field: 'receiverAreaId' });
  if (input.requiredLoadTime !== undefined && input.requiredArriveTime !== undefined && input.requiredArriveTime < input.requiredLoadTime) {
    throw invalid('要求到达时间：要求到达时间不能早于要求装货时间', { field: 'requiredArriveTime' });
  }
}

/** Lines with an id update that line; lines without one are new; lines left out are removed. */
async function writeGoods(conn: Conn, user: SessionUser, orderId: number, goods: GoodsInput[]) {
  const current = await goodsOf(conn, orderId);
  const existing = new Set(current.map((g) => g.id));
  const kept = new Set<number>();
  for (const g of goods) {
    if (g.id === undefined) continue;
    if (!existing.has(g.id) || kept.has(g.id)) throw invalid('货物明细：货物明细不属于该订单或重复', { field: 'goods' });
    kept.add(g.id);
  }
  // Every refusal of a line (catalogue, free text) comes before anything is written.
  const lines = await resolveGoodsLines(conn, user.corpId, goods, current);
  // Cancelled parts are history of a split that no longer exists; they would pin removed lines.
  await run(conn, 'DELETE FROM order_parts WHERE order_id = ? AND cancelled = 1', orderId);
  for (const id of existing) if (!kept.has(id)) await run(conn, 'DELETE FROM order_goods WHERE id = ?', id);
  for (const l of lines) await storeGoodsLine(conn, user.corpId, orderId, l);
}

export async function create(conn: Conn, user: SessionUser, input: SaveInput, customerId: number, now: number): Promise<number> {
  // Also for a number the user typed: two saves of the same number wait for each other.
  await lockNumbers(conn, 'orders', user.corpId);
  if (input.orderNo !== undefined && (await orderNoTaken(conn, user.corpId, input.orderNo))) throw invalid('订单号：订单号已存在', { field: 'orderNo' });
  const orderNo = input.orderNo ?? (await nextNumber(conn, 'orders', user.corpId, now));
  const id = await insert(conn,
    `INSERT INTO orders (corp_id, order_no, customer_id, business_type, status, task_status, shipper_area_id, receiver_area_id,
       required_load_time, required_arrive_time, splittable, remark, version, created_by, created_at, updated_by, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, 1, ?, ?, ?, ?)`,
    user.corpId, orderNo, customerId, input.businessType, OrderStatus.AWAITING_DISPATCH, TaskStatus.AWAITING_DISPATCH, input.shipperAreaId,
    input.receiverAreaId, input.requiredLoadTime ?? null, input.requiredArriveTime ?? null, input.remark ?? null, user.userId, now, user.userId, now,
  );
  await writeGoods(conn, user, id, input.goods);
  return id;
}

async function edit(conn: Conn, user: SessionUser, input: SaveInput & { id: number; version: number }, customerId: number, now: number) {
  const order = await lockOrder(conn, user, input.id, input.version);
  if (order.status === OrderStatus.VOIDED) throw failure('订单已作废，不能修改');
  if (!EDITABLE.includes(order.status) || (await hasWaybills(conn, order.id))) throw failure('订单已派车，不能修改');
  if (await one(conn, 'SELECT 1 FROM order_parts WHERE order_id = ? AND cancelled = 0 LIMIT 1', order.id)) throw failure('订单已拆分，请先取消拆分再修改');
  if (input.orderNo !== undefined && input.orderNo !== order.orderNo) throw invalid('订单号：订单号不能修改', { field: 'orderNo' });
  // The form sends the whole order: a field left out is cleared.
  await bumpOrder(conn, user, order, now, {
    customer_id: customerId, business_type: input.businessType, shipper_area_id: input.shipperAreaId, receiver_area_id: input.receiverAreaId,
    required_load_time: input.requiredLoadTime ?? null, required_arrive_time: input.requiredArriveTime ?? null, remark: input.remark ?? null,
  });
  await writeGoods(conn, user, order.id, input.goods);
  return order.id;
}

export async function saveOrder(conn: Conn, user: SessionUser, input: SaveInput) {
  const editing = input.id !== undefined;
  // Carriers receive orders, they never place them.
  if (user.userType === 2 || !user.operationIds.has(editing ? 'orderUpdate3' : 'orderAdd3')) throw forbidden();
  if (editing && input.version === undefined) throw invalid('版本不能为空', { field: 'version' });
  // A customer user's order is always its own customer's, whatever the form says.
  const customerId = user.userType === 1 ? (user.partnerId ?? -1) : input.customerId;
  const now = Date.now();
  return tx(conn, async () => {
    await checkReferences(conn, user, input, customerId);
    await requireArriveTime(conn, user.corpId, input.requiredArriveTime);
    const id = editing ? await edit(conn, user, input as SaveInput & { id: number; version: number }, customerId, now) : await create(conn, user, input, customerId, now);
    const order = await recordVersion(conn, user, id, now);
    return { id, orderNo: order.orderNo, version: editing ? order.version : await applyDelegateRule(conn, user, order, now) };
  });
}

/** Keeps the order as it now is (whole, with its goods) as a saved version (orderInfoHistory/*). */
export async function recordVersion(conn: Conn, user: SessionUser, id: number, now: number) {
  const order = (await findOrder(conn, user, id))!;
  await run(conn, 'INSERT INTO order_history (corp_id, order_id, order_no, version, snapshot, user_id, changed_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    user.corpId, id, order.orderNo, order.version, JSON.stringify(await snapshotOf(conn, order)), user.userId, now);
  return order;
}

/**
 * A new order, once its first version is kept, is delegated by the delegate rule in force at its
 * creation (docs/rules.md "Delegate rules"), in the creating transaction; answers its version after.
 */
export async function applyDelegateRule(conn: Conn, user: SessionUser, order: { id: number; version: number }, now: number): Promise<number> {
  const found = await delegationFor(conn, user.corpId, order.id, now);
  if (!found) return order.version;
  return (await delegateByRule(conn, user, order.id, order.version, found.carrier, found.rule)).version;
}
