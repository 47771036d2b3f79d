// The waybill's version history (waybillHistory/findByPage): every write that moves a waybill to a
// new version leaves the whole waybill as it then stood — row with names, route nodes, goods and
// orders — as one JSON snapshot (like order_history for orders), written in the write's transaction.
import type { SessionUser } from '../../http/context.ts';
import { failure } from '../../http/envelope.ts';
import type { Registry } from '../../registry/types.ts';
import { DEFAULT_PAGE_SIZE } from '../../resources/input-schemas.ts';
import { formatTime } from '../../resources/time.ts';
import { goodsOfWaybill } from './goods.ts';
import { actionName, labelOf, stateLabels } from './labels.ts';
import { nodesOf } from './nodes.ts';
import { NOT_FOUND, waybillScope } from './scope.ts';
import { all, one, run, type Conn } from './sql.ts';

interface Head {
  id: number;
  corpId: number;
  waybillNo: string;
  version: number;
  [column: string]: unknown;
}

const HEAD_SQL = `SELECT w.id, w.corp_id AS corpId, w.waybill_no AS waybillNo, w.waybill_name AS waybillName, w.business_type AS businessType,
    w.status, w.step, w.sign_status AS signStatus, w.carrier_id AS carrierId, c.carrier_name AS carrierName, w.vehicle_id AS vehicleId,
    v.vehicle_no AS vehicleNo, w.driver_id AS driverId, d.driver_name AS driverName, w.transferred_from_id AS transferredFromId,
    w.remark, w.is_deleted AS isDeleted, w.version
  FROM waybills w LEFT JOIN carriers c ON c.id = w.carrier_id LEFT JOIN vehicles v ON v.id = w.vehicle_id LEFT JOIN drivers d ON d.id = w.driver_id
  WHERE w.id = ?`;

/** Writes the waybill's current version; call it last in the write's transaction, after every effect. */
export async function recordWaybillVersion(conn: Conn, user: SessionUser, waybillId: number, action: string, now: number): Promise<void> {
  const head = (await one<Head>(conn, HEAD_SQL, waybillId))!;
  const orders = await all(conn, `SELECT o.id AS orderId, o.order_no AS orderNo, wo.part_id AS partId FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id
    WHERE wo.waybill_id = ? ORDER BY o.order_no`, waybillId);
  const snapshot = { ...head, nodes: await nodesOf(conn, waybillId), goods: await goodsOfWaybill(conn, waybillId), orders };
  await run(conn,
    `INSERT INTO waybill_history (corp_id, waybill_id, waybill_no, version, action, snapshot, user_id, user_name, changed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    head.corpId, waybillId, head.waybillNo, head.version, action, JSON.stringify(snapshot), user.userId, user.realName || user.userName, now,
  );
}

export interface HistoryQuery {
  id?: number;
  waybillNo?: string;
  curPage?: number;
  pageSize?: number;
}

/**
 * The waybill named by id or number in the user's scope, deleted ones included (their history stays
 * readable). An id not in scope is not found; a number is a look-up, so an unknown one has no versions.
 */
async function waybillOf(conn: Conn, user: SessionUser, q: HistoryQuery): Promise<number | null> {
  if (q.id === undefined && !q.waybillNo?.trim()) throw failure('请指定运单ID或运单号');
  const where = waybillScope(user, 'w', true);
  const [col, value] = q.id !== undefined ? ['w.id', q.id] : ['w.waybill_no', q.waybillNo!.trim()];
  // A number may be reused after its waybill was deleted: the latest waybill of that number is meant.
  const row = await one<{ id: number }>(conn, `SELECT w.id FROM waybills w WHERE ${where.sql.join(' AND ')} AND ${col} = ? ORDER BY w.id DESC LIMIT 1`, ...where.params, value);
  if (!row && q.id !== undefined) throw failure(NOT_FOUND);
  return row?.id ?? null;
}

/** The saved versions, newest first, each the waybill as it stood with labels, who and when. */
export async function historyPage(conn: Conn, reg: Registry, user: SessionUser, q: HistoryQuery) {
  const waybillId = await waybillOf(conn, user, q);
  const curPage = q.curPage ?? 1;
  const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE;
  if (waybillId === null) return { data: [], totalRecords: 0, curPage, pageSize };
  const rows = await all<{ version: number; action: string; snapshot: string; userName: string; changedAt: number }>(
    conn,
    `SELECT version, action, snapshot, user_name AS userName, changed_at AS changedAt FROM waybill_history
      WHERE waybill_id = ? ORDER BY version DESC LIMIT ? OFFSET ?`,
    waybillId, pageSize, (curPage - 1) * pageSize,
  );
  const { n } = (await one<{ n: number }>(conn, 'SELECT count(*) AS n FROM waybill_history WHERE waybill_id = ?', waybillId))!;
  const data = rows.map((r) => {
    const s = JSON.parse(r.snapshot) as Record<string, any>;
    return {
      ...s,
      ...stateLabels(reg, s as { status: number; step: number; signStatus: number }),
      businessTypeStr: labelOf(reg, 'businessType', s.businessType),
      version: r.version,
      action: r.action,
      actionName: actionName(r.action),
      userName: r.userName,
      changedAt: r.changedAt,
      changedAtStr: formatTime(r.changedAt),
    };
  });
  return { data, totalRecords: n, curPage, pageSize };
}
