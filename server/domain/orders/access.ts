// Which orders a user may touch, and the checks every order write starts with. Corporation always;
// a customer user (type 1) only its customer's orders; a carrier user (type 2) only orders
// delegated to its carrier or carried by one of its waybills. Anything else reads as "not found",
// so an id of another corporation or partner reveals nothing.
import type { SessionUser } from '../../http/context.ts';
import { failure } from '../../http/envelope.ts';
import { NOT_FOUND } from '../../resources/engine.ts';
import { one, run, type Conn } from './sql.ts';

export { NOT_FOUND };
export const STALE = '数据已被他人修改，请刷新后重试';

export interface Where {
  sql: string[];
  params: unknown[];
}

export function orderScope(user: SessionUser, alias = 'o', includeDeleted = false): Where {
  const where: Where = { sql: [`${alias}.corp_id = ?`], params: [user.corpId] };
  if (!includeDeleted) where.sql.push(`${alias}.is_deleted = 0`);
  if (user.userType === 1) {
    where.sql.push(`${alias}.customer_id = ?`);
    where.params.push(user.partnerId ?? -1);
  } else if (user.userType === 2) {
    where.sql.push(`(${alias}.carrier_id = ? OR EXISTS (SELECT 1 FROM waybill_orders swo JOIN waybills sw ON sw.id = swo.waybill_id
      WHERE swo.order_id = ${alias}.id AND sw.carrier_id = ? AND sw.is_deleted = 0))`);
    where.params.push(user.partnerId ?? -1, user.partnerId ?? -1);
  }
  return where;
}

/** The order row as lists and details show it (names beside ids). */
export const ORDER_COLUMNS = `o.id, o.order_no AS orderNo, o.version, o.customer_id AS customerId, c.customer_name AS customerName,
  o.business_type AS businessType, o.status, o.task_status AS taskStatus, o.carrier_id AS carrierId, cr.carrier_name AS carrierName,
  o.shipper_area_id AS shipperAreaId, sa.area_name AS shipperAreaName, o.receiver_area_id AS receiverAreaId, ra.area_name AS receiverAreaName,
  o.required_load_time AS requiredLoadTime, o.required_arrive_time AS requiredArriveTime, o.splittable, o.remark,
  o.created_at AS createdAt, o.updated_at AS updatedAt`;
export const ORDER_JOINS = `JOIN customers c ON c.id = o.customer_id LEFT JOIN carriers cr ON cr.id = o.carrier_id
  JOIN areas sa ON sa.id = o.shipper_area_id JOIN areas ra ON ra.id = o.receiver_area_id`;

export interface OrderRow {
  id: number;
  orderNo: string;
  version: number;
  customerId: number;
  customerName: string;
  businessType: number;
  status: number;
  taskStatus: number;
  carrierId: number | null;
  carrierName: string | null;
  shipperAreaId: number;
  shipperAreaName: string;
  receiverAreaId: number;
  receiverAreaName: string;
  requiredLoadTime: number | null;
  requiredArriveTime: number | null;
  splittable: number;
  remark: string | null;
  createdAt: number;
  updatedAt: number;
}

export function findOrder(conn: Conn, user: SessionUser, id: number, includeDeleted = false): Promise<OrderRow | undefined> {
  const where = orderScope(user, 'o', includeDeleted);
  return one<OrderRow>(conn, `SELECT ${ORDER_COLUMNS} FROM orders o ${ORDER_JOINS} WHERE ${where.sql.join(' AND ')} AND o.id = ?`, ...where.params, id);
}

/**
 * The order the user may write at the version they read; run inside the write's transaction. The
 * order's lock makes a second writer (on any instance) wait and then read the first one's version.
 */
export async function lockOrder(conn: Conn, user: SessionUser, id: number, version: number): Promise<OrderRow> {
  await conn.lock(`orders:${id}`);
  const order = await findOrder(conn, user, id);
  if (!order) throw failure(NOT_FOUND);
  if (order.version !== version) throw failure(STALE);
  return order;
}

/**
 * Moves the order to version + 1 with the given column changes. The version in the WHERE clause
 * is the guard: if anything wrote the order since it was read, nothing changes and the write fails.
 */
export async function bumpOrder(conn: Conn, user: SessionUser, order: Pick<OrderRow, 'id' | 'version'>, now: number, set: Record<string, unknown> = {}) {
  const cols = Object.keys(set);
  const sql = `UPDATE orders SET ${cols.map((c) => `${c} = ?, `).join('')}version = version + 1, updated_at = ?, updated_by = ? WHERE id = ? AND version = ?`;
  if ((await run(conn, sql, ...cols.map((c) => set[c]), now, user.userId, order.id, order.version)).changes !== 1) throw failure(STALE);
  return order.version + 1;
}

export const currentVersion = async (conn: Conn, id: number) => (await one<{ version: number }>(conn, 'SELECT version FROM orders WHERE id = ?', id))!.version;

/** Whether a live waybill carries any of the order's goods (whole or a part). */
export async function hasWaybills(conn: Conn, orderId: number): Promise<boolean> {
  return !!(await one(conn, 'SELECT 1 FROM waybill_orders wo JOIN waybills w ON w.id = wo.waybill_id WHERE wo.order_id = ? AND w.is_deleted = 0 LIMIT 1', orderId));
}

/** Whether a live waybill carries the whole order (no split part): its quantities are then that waybill's. */
export async function carriedWhole(conn: Conn, orderId: number): Promise<boolean> {
  return !!(await one(conn, `SELECT 1 FROM waybill_orders wo JOIN waybills w ON w.id = wo.waybill_id
    WHERE wo.order_id = ? AND wo.part_id IS NULL AND w.is_deleted = 0 LIMIT 1`, orderId));
}

/**
 * Order actions that are not saves (delegate, distribution, void, delete...) leave a row in the
 * shared record history, so who did what to an order stays visible beside its saved versions.
 */
export async function logOrderAction(conn: Conn, user: SessionUser, orderId: number, action: string, changes: unknown[], version: number, now: number) {
  await run(
    conn,
    `INSERT INTO record_history (corp_id, resource, record_id, action, user_id, user_name, changed_at, changes, record_version)
     VALUES (?, 'order', ?, ?, ?, ?, ?, ?, ?)`,
    user.corpId, orderId, action, user.userId, user.realName, now, JSON.stringify(changes), version,
  );
}
