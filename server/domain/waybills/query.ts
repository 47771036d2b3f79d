// The waybill list (pageQueryByCondition) and its status-tab counts (getWaybillNumberByCondition).
// Counts that only scope by corporation and carrier (and status) read the maintained per-status
// counts instead of counting a million rows (docs/decisions.md "Waybill tab counts").
// The page is chosen on the waybills table alone (scope, filters, sort, limit: served by the
// indexes on corp_id, is_deleted and status or carrier_id), and only its rows are then joined to
// names, areas and order numbers, so a million waybills cost one index walk, not a million joins.
import type { SessionUser } from '../../http/context.ts';
import type { Registry } from '../../registry/types.ts';
import { formatTime } from '../../resources/time.ts';
import { WaybillStatus } from '../workflow/waybill-machine.ts';
import { labelOf, DICTIONARY, stateLabels } from './labels.ts';
import { waybillScope, type Where } from './scope.ts';
import { all, type Sqlite } from './sql.ts';

export const SORTABLE = { createdAt: 'created_at', updatedAt: 'updated_at', waybillNo: 'waybill_no' } as const;
export const DEFAULT_PAGE_SIZE = 20;

export interface WaybillQuery {
  curPage?: number;
  pageSize?: number;
  sorts?: { field: keyof typeof SORTABLE; order?: 'asc' | 'desc' }[];
  waybillNo?: string;
  status?: number[];
  step?: number[];
  /** A business line's types (spec section 3 groups). */
  businessType?: number[];
  carrierId?: number;
  vehicleId?: number;
  /** [from, to]; either may be null for an open end. */
  createdAt?: (number | null)[];
}

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
/** LIKE patterns treat the user's % and _ as plain characters. */
const likePattern = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Scope and filters; the status tabs leave out the status filter (each tab is one status). */
function filterWhere(user: SessionUser, q: WaybillQuery, withStatus = true): Where {
  const where = waybillScope(user);
  const add = (sql: string, ...params: unknown[]) => (where.sql.push(sql), where.params.push(...params));
  // A number fragment matches anywhere, so no index can seek it: the matches are found by one scan of
  // the narrow number index (waybills_no: number and rowid only), and only they are read as rows.
  if (!blank(q.waybillNo)) {
    add("w.id IN (SELECT nw.id FROM waybills nw WHERE nw.corp_id = ? AND nw.is_deleted = 0 AND nw.waybill_no LIKE ? ESCAPE '\\')", user.corpId, likePattern(q.waybillNo!));
  }
  if (withStatus && !blank(q.status)) add(`w.status IN (${q.status!.map(() => '?').join(', ')})`, ...q.status!);
  if (!blank(q.step)) add(`w.step IN (${q.step!.map(() => '?').join(', ')})`, ...q.step!);
  if (!blank(q.businessType)) add(`w.business_type IN (${q.businessType!.map(() => '?').join(', ')})`, ...q.businessType!);
  if (!blank(q.carrierId)) add('w.carrier_id = ?', q.carrierId);
  if (!blank(q.vehicleId)) add('w.vehicle_id = ?', q.vehicleId);
  const [from, to] = q.createdAt ?? [];
  if (!blank(from)) add('w.created_at >= ?', from);
  if (!blank(to)) add('w.created_at <= ?', to);
  return where;
}

/**
 * Counts the maintained table waybill_status_counts can answer exactly (migrations 0009 and 0012,
 * kept by triggers): live waybills by corporation, carrier, business type and status. That covers
 * the scope of staff and carrier users plus the carrier, business-line and status filters; any
 * other filter is counted on the waybills.
 */
function countsTableWhere(user: SessionUser, q: WaybillQuery, withStatus: boolean): Where | null {
  const [from, to] = q.createdAt ?? [];
  if (user.userType === 1 || !blank(q.waybillNo) || !blank(q.step) || !blank(q.vehicleId) || !blank(from) || !blank(to)) return null;
  const where: Where = { sql: ['s.corp_id = ?'], params: [user.corpId] };
  const add = (sql: string, ...params: unknown[]) => (where.sql.push(sql), where.params.push(...params));
  if (user.userType === 2) add('s.carrier_id = ?', user.partnerId ?? -1);
  if (!blank(q.carrierId)) add('s.carrier_id = ?', q.carrierId);
  if (!blank(q.businessType)) add(`s.business_type IN (${q.businessType!.map(() => '?').join(', ')})`, ...q.businessType!);
  if (withStatus && !blank(q.status)) add(`s.status IN (${q.status!.map(() => '?').join(', ')})`, ...q.status!);
  return where;
}

function orderBy(q: WaybillQuery, alias: string) {
  const sorts = q.sorts?.length ? q.sorts : [{ field: 'updatedAt' as const, order: 'desc' as const }];
  // Numbers sorted within a creation period: SQLite would rather walk the number index over every
  // waybill and test each row's time (10 s over a million); '+' takes the period's range from its
  // index and sorts what it found (0.2 s for a week). Same order either way. Time sorts keep their
  // index walk: the newest rows match a recent period at once.
  const [from, to] = q.createdAt ?? [];
  const period = alias === 'w' && (!blank(from) || !blank(to));
  const parts = sorts.map((s) => `${period && s.field === 'waybillNo' ? '+' : ''}${alias}.${SORTABLE[s.field]} ${s.order === 'asc' ? 'ASC' : 'DESC'}`);
  // The id breaks ties so that paging never repeats or skips a row.
  parts.push(`${alias}.id ${sorts[0].order === 'asc' ? 'ASC' : 'DESC'}`);
  return parts.join(', ');
}

const ROW_COLUMNS = `p.id, p.waybill_no AS waybillNo, p.waybill_name AS waybillName, p.business_type AS businessType,
  p.status, p.step, p.sign_status AS signStatus, p.carrier_id AS carrierId, c.carrier_name AS carrierName,
  p.vehicle_id AS vehicleId, v.vehicle_no AS vehicleNo, p.driver_id AS driverId, d.driver_name AS driverName, d.mobile AS driverMobile,
  p.version, p.remark, p.created_at AS createdAt, p.updated_at AS updatedAt,
  (SELECT a.area_name FROM waybill_nodes n JOIN areas a ON a.id = n.area_id WHERE n.waybill_id = p.id AND n.node_type = 'start' ORDER BY n.seq LIMIT 1) AS startAreaName,
  (SELECT a.area_name FROM waybill_nodes n JOIN areas a ON a.id = n.area_id WHERE n.waybill_id = p.id AND n.node_type = 'end' ORDER BY n.seq DESC LIMIT 1) AS endAreaName,
  (SELECT group_concat(order_no, ',') FROM (SELECT o.order_no FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id
     WHERE wo.waybill_id = p.id ORDER BY o.order_no)) AS orderNos`;

/** The page's ids in order: scope, filters, sort and limit on the waybills table alone (its plan is tested). */
export function pageSql(user: SessionUser, q: WaybillQuery) {
  const curPage = q.curPage ?? 1;
  const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE;
  const where = filterWhere(user, q);
  const cond = where.sql.join(' AND ');
  const counted = countsTableWhere(user, q, true);
  return {
    curPage, pageSize,
    page: { sql: `SELECT w.* FROM waybills w WHERE ${cond} ORDER BY ${orderBy(q, 'w')} LIMIT ? OFFSET ?`, params: [...where.params, pageSize, (curPage - 1) * pageSize] },
    count: counted
      ? { sql: `SELECT coalesce(sum(s.n), 0) AS n FROM waybill_status_counts s WHERE ${counted.sql.join(' AND ')}`, params: counted.params }
      : { sql: `SELECT count(*) AS n FROM waybills w WHERE ${cond}`, params: where.params },
  };
}

/** The exact statements the list runs: the page's rows (joined to names after paging) and the count. */
export function listSql(user: SessionUser, q: WaybillQuery) {
  const { curPage, pageSize, page, count } = pageSql(user, q);
  const rows = {
    sql: `SELECT ${ROW_COLUMNS} FROM (${page.sql}) p
       LEFT JOIN carriers c ON c.id = p.carrier_id LEFT JOIN vehicles v ON v.id = p.vehicle_id LEFT JOIN drivers d ON d.id = p.driver_id
      ORDER BY ${orderBy(q, 'p')}`,
    params: page.params,
  };
  return { curPage, pageSize, rows, count };
}

export function pageQuery(sqlite: Sqlite, reg: Registry, user: SessionUser, q: WaybillQuery) {
  const { curPage, pageSize, rows: rowsSql, count } = listSql(user, q);
  const rows = all<Record<string, unknown>>(sqlite, rowsSql.sql, ...rowsSql.params);
  const [{ n }] = all<{ n: number }>(sqlite, count.sql, ...count.params);
  const data = rows.map((r) => ({
    ...r,
    ...stateLabels(reg, r as { status: number; step: number; signStatus: number }),
    businessTypeStr: labelOf(reg, 'businessType', r.businessType),
    orderNoList: r.orderNos ? String(r.orderNos).split(',') : [],
    createdAtStr: formatTime(r.createdAt as number),
    updatedAtStr: formatTime(r.updatedAt as number),
  }));
  return { data, totalRecords: n, curPage, pageSize };
}

/** The tabs: the statuses the waybill machine uses, in catalogue order. */
const TAB_STATUSES: number[] = Object.values(WaybillStatus);

/** The statement of the tab counts: the same filters as the list except the status itself. */
export function countsSql(user: SessionUser, q: WaybillQuery) {
  const counted = countsTableWhere(user, q, false);
  // A status whose waybills all moved on keeps a row of 0: left out, as the GROUP BY would.
  if (counted) return { sql: `SELECT s.status, sum(s.n) AS n FROM waybill_status_counts s WHERE ${counted.sql.join(' AND ')} GROUP BY s.status HAVING sum(s.n) > 0`, params: counted.params };
  const where = filterWhere(user, q, false);
  // '+w.status': grouping by the plain column tempts SQLite to walk waybills_corp_status in status
  // order and read every row for the other filters (25 s over a million rows for a creation period);
  // grouping the few matches in a temporary tree lets the filters pick the index (0.1 s).
  return { sql: `SELECT w.status, count(*) AS n FROM waybills w WHERE ${where.sql.join(' AND ')} GROUP BY +w.status`, params: where.params };
}

/** One grouped count for every tab. */
export function statusCounts(sqlite: Sqlite, reg: Registry, user: SessionUser, q: WaybillQuery) {
  const counts = countsSql(user, q);
  const rows = all<{ status: number; n: number }>(sqlite, counts.sql, ...counts.params);
  const counted = new Map(rows.map((r) => [r.status, r.n]));
  const catalogue = (reg.dictionaries.get(DICTIONARY.status)?.items ?? []).map((i) => i.id as number);
  const statuses = catalogue.filter((s) => TAB_STATUSES.includes(s) || counted.has(s));
  const tabs = statuses.map((status) => ({ status, statusStr: labelOf(reg, DICTIONARY.status, status), count: counted.get(status) ?? 0 }));
  return { totalRecords: rows.reduce((s, r) => s + r.n, 0), tabs };
}
