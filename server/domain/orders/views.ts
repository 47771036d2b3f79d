// The order detail page's reads (orderDetails/*, orderInfo/getGoodsInfoByOrderId,
// findOrderAssistanceStatus, getDisplayOfGoodsField). Every read starts from the order in the
// user's scope, so another corporation's or partner's id reads as not found.
import type { SessionUser } from '../../http/context.ts';
import { failure } from '../../http/envelope.ts';
import type { Registry } from '../../registry/types.ts';
import { formatTime } from '../../resources/time.ts';
import { nodeView } from '../waybills/detail.ts';
import { actionName } from '../waybills/labels.ts';
import { nodesOf } from '../waybills/nodes.ts';
import { ORDER_ACTION_NAMES } from '../workflow/order-machine.ts';
import { remainingOf } from '../workflow/splits.ts';
import { WaybillStatus } from '../workflow/waybill-machine.ts';
import { carriedWhole, findOrder, NOT_FOUND, type OrderRow } from './access.ts';
import { confirmationsOf } from './customer-confirm.ts';
import { distributionOf, goodsOf, orderDetails, partsOf, splitState, waybillsOf } from './details.ts';
import { hasUnassignedGoods } from './monitor.ts';
import { all, one, round3, type Conn } from './sql.ts';
import { stowageOfOrder } from './stowage/list.ts';

async function visible(conn: Conn, user: SessionUser, id: number): Promise<OrderRow> {
  const order = await findOrder(conn, user, id);
  if (!order) throw failure(NOT_FOUND);
  return order;
}

/** orderDetails/findOrderById: the order as orderInfo/details shows it, with the customer's confirmations. */
export async function findOrderById(conn: Conn, reg: Registry, user: SessionUser, id: number) {
  return { ...(await orderDetails(conn, reg, user, id)), ...(await confirmationsOf(conn, user.corpId, id)) };
}

/** orderDetails/findWaybillByOrderId: the waybills carrying the order, each with its route timeline. */
export async function waybillsOfOrder(conn: Conn, reg: Registry, user: SessionUser, id: number) {
  await visible(conn, user, id);
  const waybills = [];
  for (const w of await waybillsOf(conn, reg, id)) {
    const row = w as typeof w & { waybillId: number; status: number; step: number; vehicleNo: string | null };
    waybills.push({ ...w, nodes: (await nodesOf(conn, row.waybillId)).map((n) => nodeView(reg, row, n, row.vehicleNo)) });
  }
  return waybills;
}

const ORDER_EVENT_NAMES: Record<string, string> = {
  ...ORDER_ACTION_NAMES, distribution: '分配', delete: '删除', changeDestination: '变更目的地', changeGoodsDetail: '变更货物明细',
  confirmShipment: '确认发货', confirmDelivery: '确认收货', stowage: '配载',
  splitOrder: '拆分', cancelSplitOrder: '取消拆分', splitOrderOver: '结束拆分', assignVehicle: '派车',
};

type Change = { field?: string; title?: string; after?: unknown; afterText?: string | null };

/** One line saying what an order action did, in the words of its changes (names, never ids). */
function orderActionSummary(action: string, changes: Change[]): string {
  const text = (field: string) => changes.filter((c) => c.field === field).map((c) => c.afterText).filter(Boolean).join('；');
  switch (action) {
    case 'delegate': return `${text('delegateRuleId') ? `按委托规则「${text('delegateRuleId')}」自动` : ''}委托给 ${text('carrierId') || '承运商'}`;
    case 'rejectDelegation': return '承运商拒绝委托，订单退回';
    case 'cancelDelegation': return '取消委托，订单退回待调度';
    case 'splitOrder': return `拆分出 ${text('part')}`;
    case 'cancelSplitOrder': return `取消 ${text('part')}，货物退回订单`;
    case 'splitOrderOver': return text('part') ? `结束拆分，剩余货物成为 ${text('part')}` : '结束拆分';
    case 'distribution': return ['orgId', 'userId'].map((f) => changes.find((c) => c.field === f)).filter((c) => c?.afterText).map((c) => `${c!.title}：${c!.afterText}`).join('，') || '分配';
    default: return changes.filter((c) => c.afterText).map((c) => `${c.title}：${c.afterText}`).join('，');
  }
}

/** Names of the vehicle, driver and carrier a waybill event names by id (older events kept only ids). */
async function crewNames(conn: Conn, payload: Record<string, unknown> | null) {
  const name = async (sql: string, id: unknown) => (typeof id === 'number' ? (await one<{ n: string }>(conn, sql, id))?.n : undefined);
  return {
    vehicleNo: (payload?.vehicleNo as string | undefined) ?? (await name('SELECT vehicle_no AS n FROM vehicles WHERE id = ?', payload?.vehicleId)),
    driverName: (payload?.driverName as string | undefined) ?? (await name('SELECT driver_name AS n FROM drivers WHERE id = ?', payload?.driverId)),
    carrierName: await name('SELECT carrier_name AS n FROM carriers WHERE id = ?', payload?.carrierId),
  };
}

/** orderDetails/findOrderEventById: saved versions, order actions and its waybills' events, in time order, each with who, when and what. */
export async function orderEvents(conn: Conn, user: SessionUser, id: number) {
  const order = await visible(conn, user, id);
  const saves = (await all<{ version: number; userName: string | null; at: number }>(conn, `SELECT h.version, u.real_name AS userName, h.changed_at AS at
    FROM order_history h LEFT JOIN users u ON u.id = h.user_id WHERE h.corp_id = ? AND h.order_id = ? ORDER BY h.version`, user.corpId, id))
    .map((h, i) => ({ source: 'order', action: i === 0 ? 'add' : 'save', actionName: i === 0 ? '新增' : '保存版本', version: h.version, userName: h.userName, at: h.at, waybillNo: null, waybillId: null, detail: null, summary: i === 0 ? '创建订单' : `保存为第${h.version}版` }));
  const actions = (await all<{ action: string; userName: string; at: number; changes: string; version: number | null }>(conn, `SELECT action, user_name AS userName, changed_at AS at, changes,
    record_version AS version FROM record_history WHERE resource = 'order' AND record_id = ? AND corp_id = ?`, id, user.corpId))
    .map((r) => {
      const detail = JSON.parse(r.changes) as Change[];
      return { source: 'order', action: r.action, actionName: ORDER_EVENT_NAMES[r.action] ?? r.action, version: r.version, userName: r.userName, at: r.at, waybillNo: null, waybillId: null, detail, summary: orderActionSummary(r.action, detail) };
    });
  const partNames = new Map((await partsOf(conn, id, true)).map((p) => [p.partId, p.partName]));
  const events = await all<{ action: string; userName: string; at: number; waybillId: number; waybillNo: string; payload: string | null }>(conn, `SELECT e.action, e.user_name AS userName, e.at,
    w.id AS waybillId, w.waybill_no AS waybillNo, e.payload FROM waybill_orders wo JOIN waybills w ON w.id = wo.waybill_id JOIN waybill_events e ON e.waybill_id = w.id
    WHERE wo.order_id = ? AND w.is_deleted = 0`, order.id);
  const waybill = [];
  for (const e of events) {
    const detail = e.payload ? (JSON.parse(e.payload) as Record<string, unknown>) : null;
    let summary = `运单 ${e.waybillNo}`;
    if (e.action === 'assignVehicle') {
      const crew = await crewNames(conn, detail);
      const part = typeof detail?.partId === 'number' ? partNames.get(detail.partId) : undefined;
      summary = `${part ? `${part} ` : ''}派车 ${[crew.vehicleNo, crew.driverName].filter(Boolean).join(' / ')}${crew.carrierName ? `（${crew.carrierName}）` : ''}`;
    }
    waybill.push({ source: 'waybill', action: e.action, actionName: ORDER_EVENT_NAMES[e.action] ?? actionName(e.action), version: null, userName: e.userName, at: e.at, waybillNo: e.waybillNo, waybillId: e.waybillId, detail, summary });
  }
  return [...saves, ...actions, ...waybill].sort((a, b) => a.at - b.at).map((e) => ({ ...e, atStr: formatTime(e.at) }));
}

/** The hover flags of the order list (dictionary orderStatusFlag): 委 delegated, 转 goods handed on by a transfer. */
export async function assistanceStatus(conn: Conn, reg: Registry, user: SessionUser, id: number) {
  const order = await visible(conn, user, id);
  const transferred = !!(await one(conn, `SELECT 1 FROM waybill_orders wo JOIN waybills w ON w.id = wo.waybill_id
    WHERE wo.order_id = ? AND w.is_deleted = 0 AND w.status = ? LIMIT 1`, id, WaybillStatus.TRANSFERRED));
  const on = { delegated: order.carrierId !== null, awaitingTransfer: transferred };
  const flags = (reg.dictionaries.get('orderStatusFlag')?.items ?? []).filter((f) => on[f.id as keyof typeof on])
    .map((f) => ({ id: f.id, label: f.label, text: f.letter ?? '', className: f.className ?? '' }));
  return { id, delegated: on.delegated, carrierId: order.carrierId, carrierName: order.carrierName, transferred, flags };
}

/** orderInfo/getGoodsInfoByOrderId: each goods line with what is split off, on waybills and still free. */
export async function goodsInfo(conn: Conn, user: SessionUser, orderId: number) {
  await visible(conn, user, orderId);
  const { goods, parts } = await splitState(conn, orderId);
  const left = remainingOf(goods, parts);
  const whole = await carriedWhole(conn, orderId);
  const onWaybills = (await partsOf(conn, orderId)).filter((p) => p.waybillId !== null).flatMap((p) => p.lines);
  return (await goodsOf(conn, orderId)).map((g) => {
    const remaining = whole ? 0 : (left.get(g.id) ?? 0);
    return {
      ...g, goodsId: g.id,
      splitQuantity: whole ? 0 : round3(g.quantity - (left.get(g.id) ?? 0)),
      assignedQuantity: whole ? g.quantity : round3(onWaybills.filter((l) => l.goodsId === g.id).reduce((s, l) => s + l.quantity, 0)),
      remainingQuantity: remaining,
    };
  });
}

/** orderDetails/findOrderExpandById: what the detail page shows beside the form. */
export async function orderExpand(conn: Conn, user: SessionUser, id: number) {
  const order = await visible(conn, user, id);
  const parts = await partsOf(conn, id);
  return {
    id, orderNo: order.orderNo, version: order.version, splittable: order.splittable,
    partCount: parts.length, partsWithoutWaybill: parts.filter((p) => p.waybillId === null).length,
    unassigned: await hasUnassignedGoods(conn, id),
    ...(await confirmationsOf(conn, user.corpId, id)),
    distribution: user.userType === 0 ? await distributionOf(conn, user.corpId, id) : null,
    stowage: await stowageOfOrder(conn, user, id),
  };
}

const DISPLAY_FIELDS: Record<number, { field: 'quantity' | 'weight' | 'volume'; fieldLabel: string; unitSetting: string | null }> = {
  1: { field: 'quantity', fieldLabel: '数量', unitSetting: null },
  2: { field: 'weight', fieldLabel: '重量', unitSetting: 'weightUnit' },
  3: { field: 'volume', fieldLabel: '体积', unitSetting: 'volumeUnit' },
};

/**
 * orderInfo/getDisplayOfGoodsField: which goods figure the lists show, from the corporation's
 * displayOfGoods setting (1 quantity, 2 weight, 3 volume; our reading, the spec gives no values).
 */
export function displayOfGoodsField(settings: Record<string, unknown>) {
  const value = Number(settings.displayOfGoods);
  const chosen = DISPLAY_FIELDS[value] ?? DISPLAY_FIELDS[1];
  return { displayOfGoods: DISPLAY_FIELDS[value] ? value : 1, field: chosen.field, fieldLabel: chosen.fieldLabel, unit: chosen.unitSetting ? (settings[chosen.unitSetting] as string) : null };
}
