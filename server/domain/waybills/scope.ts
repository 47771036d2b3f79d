// Which waybills a user may touch: corporation always; a carrier user (type 2) only waybills given
// to its carrier; a customer user (type 1) only waybills carrying one of its customer's orders.
// Anything else reads as "not found", so an id of another corporation or partner reveals nothing.
// (The resource engine's scopeWhere binds a partner to a column of the row; the customer's link
// runs through waybill_orders, hence this small twin.)
import type { SessionUser } from '../../http/context.ts';
import { failure } from '../../http/envelope.ts';
import { NOT_FOUND } from '../../resources/engine.ts';
import { one, type Conn } from './sql.ts';

export { NOT_FOUND };
export const STALE = '数据已被他人修改，请刷新后重试';

export interface Where {
  sql: string[];
  params: unknown[];
}

/** `includeDeleted`: for the version history, which outlives a deleted waybill. */
export function waybillScope(user: SessionUser, alias = 'w', includeDeleted = false): Where {
  const where: Where = { sql: [`${alias}.corp_id = ?`, ...(includeDeleted ? [] : [`${alias}.is_deleted = 0`])], params: [user.corpId] };
  if (user.userType === 2) {
    // Served by the index waybills_carrier (corp_id, is_deleted, carrier_id, updated_at).
    where.sql.push(`${alias}.carrier_id = ?`);
    where.params.push(user.partnerId ?? -1);
  } else if (user.userType === 1) {
    // Driven from the customer's orders (index orders_customer, then waybill_orders_order), so a
    // list never walks the corporation's waybills to test each one.
    where.sql.push(`${alias}.id IN (SELECT swo.waybill_id FROM orders so JOIN waybill_orders swo ON swo.order_id = so.id
      WHERE so.corp_id = ? AND so.is_deleted = 0 AND so.customer_id = ?)`);
    where.params.push(user.corpId, user.partnerId ?? -1);
  }
  return where;
}

export interface WaybillRow {
  id: number;
  corpId: number;
  waybillNo: string;
  waybillName: string | null;
  businessType: number;
  status: number;
  step: number;
  signStatus: number;
  carrierId: number | null;
  vehicleId: number | null;
  driverId: number | null;
  version: number;
}

const COLUMNS = `w.id, w.corp_id AS corpId, w.waybill_no AS waybillNo, w.waybill_name AS waybillName, w.business_type AS businessType,
  w.status, w.step, w.sign_status AS signStatus, w.carrier_id AS carrierId, w.vehicle_id AS vehicleId, w.driver_id AS driverId, w.version`;

export function findWaybill(conn: Conn, user: SessionUser, id: number): Promise<WaybillRow | undefined> {
  const where = waybillScope(user);
  return one<WaybillRow>(conn, `SELECT ${COLUMNS} FROM waybills w WHERE ${where.sql.join(' AND ')} AND w.id = ?`, ...where.params, id);
}

/** The waybill in the user's scope, or code 0 '记录不存在或无权访问'. */
export async function loadWaybill(conn: Conn, user: SessionUser, id: number): Promise<WaybillRow> {
  const w = await findWaybill(conn, user, id);
  if (!w) throw failure(NOT_FOUND);
  return w;
}

/**
 * The waybill at the version the user read; run inside the write's transaction. The waybill's lock
 * makes a second writer (on any instance) wait and then read the first one's version.
 */
export async function lockWaybill(conn: Conn, user: SessionUser, id: number, version: number): Promise<WaybillRow> {
  await conn.lock(`waybills:${id}`);
  const w = await loadWaybill(conn, user, id);
  if (w.version !== version) throw failure(STALE);
  return w;
}
