// The smaller waybill reads of spec section 7: goods and orders of a waybill, what the assign-
// vehicle dialog needs, the business type with its line, the "expand" panel, and the detail by
// number. Each starts from the waybill in the user's scope (another's reads as not found).
import type { SessionUser } from '../../http/context.ts';
import { failure } from '../../http/envelope.ts';
import type { Registry } from '../../registry/types.ts';
import { formatTime } from '../../resources/time.ts';
import { groupOf } from '../orders/business-types.ts';
import { applyWaybillAction } from '../workflow/waybill-machine.ts';
import { ordersOf, waybillDetail } from './detail.ts';
import { departmentOf } from './extra-actions.ts';
import { goodsOfWaybill, totalOf } from './goods.ts';
import { labelOf, stateLabels } from './labels.ts';
import { loadWaybill, NOT_FOUND, waybillScope } from './scope.ts';
import { all, one, type Conn } from './sql.ts';
import { pendingTransferOf } from './transition.ts';

export async function goodsList(conn: Conn, user: SessionUser, id: number) {
  await loadWaybill(conn, user, id);
  const goods = await goodsOfWaybill(conn, id);
  return { goods, totalQuantity: totalOf(goods.map((g) => g.quantity)) };
}

export async function orderList(conn: Conn, reg: Registry, user: SessionUser, id: number) {
  await loadWaybill(conn, user, id);
  return ordersOf(conn, reg, id);
}

export async function infoForAssignVehicle(conn: Conn, reg: Registry, user: SessionUser, id: number) {
  const w = await loadWaybill(conn, user, id);
  const names = await one<Record<string, unknown>>(conn, `SELECT c.carrier_name AS carrierName, v.vehicle_no AS vehicleNo, d.driver_name AS driverName
    FROM waybills w LEFT JOIN carriers c ON c.id = w.carrier_id LEFT JOIN vehicles v ON v.id = w.vehicle_id LEFT JOIN drivers d ON d.id = w.driver_id WHERE w.id = ?`, id);
  const goods = await goodsOfWaybill(conn, id);
  return {
    ...w, ...names, ...stateLabels(reg, w), goods, totalQuantity: totalOf(goods.map((g) => g.quantity)),
    orders: await ordersOf(conn, reg, id),
    assignable: applyWaybillAction(w, 'assignVehicle').ok,
  };
}

export async function businessTypeOf(conn: Conn, reg: Registry, user: SessionUser, id: number) {
  const w = await loadWaybill(conn, user, id);
  return { id: w.id, businessType: w.businessType, businessTypeStr: labelOf(reg, 'businessType', w.businessType), businessGroup: groupOf(w.businessType) };
}

/** The detail page's side panel: department, totals, counts, transfers on either side, the latest checks and evaluation. */
export async function expandOf(conn: Conn, reg: Registry, user: SessionUser, id: number) {
  const w = await loadWaybill(conn, user, id);
  const goods = await goodsOfWaybill(conn, id);
  const from = (await one<{ transferredFromId: number | null; fromNo: string | null }>(conn,
    'SELECT w.transferred_from_id AS transferredFromId, f.waybill_no AS fromNo FROM waybills w LEFT JOIN waybills f ON f.id = w.transferred_from_id WHERE w.id = ?', id))!;
  const to = await all<{ id: number; waybillNo: string }>(conn,
    'SELECT w.id, w.waybill_no AS waybillNo FROM transfers t JOIN waybills w ON w.id = t.to_waybill_id WHERE t.from_waybill_id = ? AND t.is_deleted = 0 ORDER BY t.id', id);
  const checks = (await all<{ payload: string; userName: string; at: number }>(conn,
    "SELECT payload, user_name AS userName, at FROM waybill_events WHERE waybill_id = ? AND action = 'check' ORDER BY at, id", id))
    .map((c) => ({ ...JSON.parse(c.payload), userName: c.userName, atStr: formatTime(c.at) }));
  const evaluation = (await one<{ score: number; content: string | null }>(conn, 'SELECT score, content FROM waybill_evaluations WHERE waybill_id = ? ORDER BY at DESC, id DESC LIMIT 1', id)) ?? null;
  const counts = (await one<{ orders: number; nodes: number; receipts: number }>(conn, `SELECT
      (SELECT count(*) FROM waybill_orders WHERE waybill_id = ?) AS orders, (SELECT count(*) FROM waybill_nodes WHERE waybill_id = ?) AS nodes,
      (SELECT count(*) FROM waybill_receipts WHERE waybill_id = ?) AS receipts`, id, id, id))!;
  return {
    id: w.id, waybillNo: w.waybillNo, version: w.version, ...stateLabels(reg, w),
    department: await departmentOf(conn, id),
    totalQuantity: totalOf(goods.map((g) => g.quantity)),
    loadedQuantity: goods.some((g) => g.loadedQuantity !== null) ? totalOf(goods.map((g) => g.loadedQuantity)) : null,
    deliveredQuantity: goods.some((g) => g.deliveredQuantity !== null) ? totalOf(goods.map((g) => g.deliveredQuantity)) : null,
    orderCount: counts.orders, nodeCount: counts.nodes, receiptCount: counts.receipts,
    transferredFrom: from.transferredFromId ? { id: from.transferredFromId, waybillNo: from.fromNo } : null,
    transferredTo: to,
    awaitingTransfer: !!(await pendingTransferOf(conn, id)),
    checks,
    evaluation,
  };
}

export async function detailByNo(conn: Conn, reg: Registry, user: SessionUser, waybillNo: string) {
  const where = waybillScope(user);
  const row = await one<{ id: number }>(conn, `SELECT w.id FROM waybills w WHERE ${where.sql.join(' AND ')} AND w.waybill_no = ?`, ...where.params, waybillNo.trim());
  if (!row) throw failure(NOT_FOUND);
  return waybillDetail(conn, reg, user, row.id);
}
