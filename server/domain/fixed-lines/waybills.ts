// fixed/findFixedBillWay/page: the waybills generated from fixed lines (their run rows), newest run
// first, for one line or every line the user may see — a customer user its customer's lines, a carrier
// user its own (the same partner scope as the lines' list).
import type { SessionUser } from '../../http/context.ts';
import type { Registry } from '../../registry/types.ts';
import { all, one, type Conn } from '../../resources/statements.ts';
import { formatTime } from '../../resources/time.ts';
import { stateLabels } from '../waybills/labels.ts';

export interface FixedBillQuery {
  lineId?: number;
  waybillNo?: string;
  curPage?: number;
  pageSize?: number;
}

function whereOf(user: SessionUser, q: FixedBillQuery) {
  const sql = ['r.corp_id = ?', 'l.is_deleted = 0', 'w.is_deleted = 0'];
  const params: unknown[] = [user.corpId];
  if (user.userType === 1) (sql.push('l.customer_id = ?'), params.push(user.partnerId ?? -1));
  if (user.userType === 2) (sql.push('l.carrier_id = ?'), params.push(user.partnerId ?? -1));
  if (q.lineId !== undefined) (sql.push('r.line_id = ?'), params.push(q.lineId));
  if (q.waybillNo?.trim()) (sql.push('w.waybill_no = ?'), params.push(q.waybillNo.trim()));
  return { sql: sql.join(' AND '), params };
}

const FROM = `fixed_line_runs r JOIN fixed_lines l ON l.id = r.line_id JOIN waybills w ON w.id = r.waybill_id
  LEFT JOIN vehicles v ON v.id = w.vehicle_id LEFT JOIN drivers d ON d.id = w.driver_id LEFT JOIN carriers c ON c.id = w.carrier_id`;

export async function fixedBillPage(conn: Conn, reg: Registry, user: SessionUser, q: FixedBillQuery) {
  const where = whereOf(user, q);
  const curPage = q.curPage ?? 1;
  const pageSize = q.pageSize ?? 20;
  const totalRecords = (await one<{ n: number }>(conn, `SELECT count(*) AS n FROM ${FROM} WHERE ${where.sql}`, ...where.params))!.n;
  const rows = await all<Record<string, number | string | null>>(conn,
    `SELECT w.id AS "waybillId", w.waybill_no AS "waybillNo", w.waybill_name AS "waybillName", w.status, w.step, w.sign_status AS "signStatus",
       r.line_id AS "lineId", l.line_name AS "lineName", r.scheduling_id AS "schedulingId", r.run_day AS "runDay", r.at AS "generatedAt",
       v.vehicle_no AS "vehicleNo", d.driver_name AS "driverName", c.carrier_name AS "carrierName"
     FROM ${FROM} WHERE ${where.sql} ORDER BY r.run_day DESC, r.id DESC LIMIT ? OFFSET ?`, ...where.params, pageSize, (curPage - 1) * pageSize);
  const data = rows.map((r) => ({
    ...r, id: r.waybillId, runDayStr: formatTime(r.runDay as number).slice(0, 10), generatedAtStr: formatTime(r.generatedAt as number),
    ...stateLabels(reg, { status: r.status as number, step: r.step as number, signStatus: r.signStatus as number }),
  }));
  return { data, totalRecords: Number(totalRecords), curPage, pageSize };
}
