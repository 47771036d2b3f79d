// The waybill list (pageQueryByCondition) and its status-tab counts (getWaybillNumberByCondition).
// Counts read the trigger-kept tables where the filters allow (tab-counts.ts) instead of counting a
// million rows; a number fragment is found through its trigram index (number-search.ts).
// The page is chosen on the waybills table alone (scope, filters, sort, limit: served by the
// indexes on corp_id, is_deleted and status or carrier_id), and only its rows are then joined to
// names, areas and order numbers (in the same statement), so a million waybills cost one index walk, not a million joins.
import type { Dialect } from '../../db/port.ts';
import type { SessionUser } from '../../http/context.ts';
import type { Registry } from '../../registry/types.ts';
import { formatTime } from '../../resources/time.ts';
import { WaybillStatus } from '../workflow/waybill-machine.ts';
import { withoutIndex } from '../../db/dialect.ts';
import { orderByKeys, seekAfter, type SortKey } from '../../db/keyset.ts';
import type { Seek, SeekPage } from '../../http/route.ts';
import { blank, filterWhere, SORTABLE, type WaybillQuery } from './filters.ts';
import { labelOf, DICTIONARY, stateLabels } from './labels.ts';
import { all, type Conn } from './sql.ts';
import { maintainedCounts } from './tab-counts.ts';
import { withCheckStatus } from '../rules/check-status.ts';

export { SORTABLE, type WaybillQuery } from './filters.ts';
export const DEFAULT_PAGE_SIZE = 20;

/** The list's order: its sorts (default newest change first), then the id in the first sort's direction. */
function sortKeys(q: WaybillQuery, alias: string): SortKey[] {
  const sorts = q.sorts?.length ? q.sorts : [{ field: 'updatedAt' as const, order: 'desc' as const }];
  const keys = sorts.map((s) => ({ expr: `${alias}.${SORTABLE[s.field]}`, desc: s.order !== 'asc', nullable: false }));
  // The id breaks ties so that paging never repeats or skips a row.
  keys.push({ expr: `${alias}.id`, desc: sorts[0].order !== 'asc', nullable: false });
  return keys;
}

function orderBy(dialect: Dialect, q: WaybillQuery, alias: string) {
  // Numbers sorted within a creation period: SQLite would rather walk the number index over every
  // waybill and test each row's time (10 s over a million), and so would PostgreSQL (7.8 s);
  // withoutIndex takes the period's range from its index and sorts what it found (0.2 s for a week).
  // Same order either way. Time sorts keep their
  // index walk: the newest rows match a recent period at once.
  const [from, to] = q.createdAt ?? [];
  const period = alias === 'w' && (!blank(from) || !blank(to));
  const numberKey = `${alias}.${SORTABLE.waybillNo}`;
  return orderByKeys(sortKeys(q, alias), (k) => (period && k.expr === numberKey ? withoutIndex(dialect, k.expr) : k.expr));
}

/** The sort values of a list row (its raw columns), in sortKeys' order: where the next seek starts. */
function sortValues(q: WaybillQuery, row: Record<string, unknown>): unknown[] {
  const sorts = q.sorts?.length ? q.sorts : [{ field: 'updatedAt' as const }];
  return [...sorts.map((s) => row[s.field]), row.id];
}

const ROW_COLUMNS = `p.id, p.waybill_no AS waybillNo, p.waybill_name AS waybillName, p.business_type AS businessType,
  p.status, p.step, p.sign_status AS signStatus, p.carrier_id AS carrierId, c.carrier_name AS carrierName,
  p.vehicle_id AS vehicleId, v.vehicle_no AS vehicleNo, p.driver_id AS driverId, d.driver_name AS driverName, d.mobile AS driverMobile,
  p.version, p.remark, p.created_at AS createdAt, p.updated_at AS updatedAt,
  (SELECT a.area_name FROM waybill_nodes n JOIN areas a ON a.id = n.area_id WHERE n.waybill_id = p.id AND n.node_type = 'start' ORDER BY n.seq LIMIT 1) AS startAreaName,
  (SELECT a.area_name FROM waybill_nodes n JOIN areas a ON a.id = n.area_id WHERE n.waybill_id = p.id AND n.node_type = 'end' ORDER BY n.seq DESC LIMIT 1) AS endAreaName,
  (SELECT string_agg(o.order_no, ',' ORDER BY o.order_no) FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id WHERE wo.waybill_id = p.id) AS orderNos`;

/**
 * The page's ids in order: scope, filters, sort and limit on the waybills table alone (its plan is tested).
 * With `seek` (an export), the page is the rows after its sort values instead of an OFFSET (db/keyset.ts).
 */
export function pageSql(dialect: Dialect, user: SessionUser, q: WaybillQuery, seek?: Seek) {
  const curPage = q.curPage ?? 1;
  const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE;
  const where = filterWhere(dialect, user, q);
  const cond = where.sql.join(' AND ');
  const counted = maintainedCounts(dialect, user, q, true);
  const after = seek?.after ? seekAfter(dialect, sortKeys(q, 'w'), seek.after) : undefined;
  const page = seek
    ? { sql: `SELECT w.* FROM waybills w WHERE ${cond}${after ? ` AND ${after.sql}` : ''} ORDER BY ${orderBy(dialect, q, 'w')} LIMIT ?`, params: [...where.params, ...(after?.params ?? []), pageSize] }
    : { sql: `SELECT w.* FROM waybills w WHERE ${cond} ORDER BY ${orderBy(dialect, q, 'w')} LIMIT ? OFFSET ?`, params: [...where.params, pageSize, (curPage - 1) * pageSize] };
  return {
    curPage, pageSize, page,
    count: counted
      ? { sql: `SELECT coalesce(sum(n), 0) AS n FROM (${counted.sql}) counted`, params: counted.params }
      : { sql: `SELECT count(*) AS n FROM waybills w WHERE ${cond}`, params: where.params },
  };
}

/** The exact statements the list runs: the page's rows (joined to names after paging) and the count. */
export function listSql(dialect: Dialect, user: SessionUser, q: WaybillQuery, seek?: Seek) {
  const { curPage, pageSize, page, count } = pageSql(dialect, user, q, seek);
  const rows = {
    sql: `SELECT ${ROW_COLUMNS} FROM (${page.sql}) p
       LEFT JOIN carriers c ON c.id = p.carrier_id LEFT JOIN vehicles v ON v.id = p.vehicle_id LEFT JOIN drivers d ON d.id = p.driver_id
      ORDER BY ${orderBy(dialect, q, 'p')}`,
    params: page.params,
  };
  return { curPage, pageSize, rows, count };
}

export async function pageQuery(conn: Conn, reg: Registry, user: SessionUser, q: WaybillQuery) {
  const { curPage, pageSize, rows: rowsSql, count } = listSql(conn.dialect, user, q);
  const rows = await all<Record<string, unknown>>(conn, rowsSql.sql, ...rowsSql.params);
  const [{ n }] = await all<{ n: number }>(conn, count.sql, ...count.params);
  // A waybill held for a check reads 待入厂检查… (its status stays 400 for the filters and counts).
  return { data: await withCheckStatus(conn, reg, user.corpId, decorateRows(reg, rows)), totalRecords: n, curPage, pageSize };
}

/** An export's page of the same list (route.ts Seek): the rows after the last one read, counted once. */
export async function seekQuery(conn: Conn, reg: Registry, user: SessionUser, q: WaybillQuery, seek: Seek): Promise<SeekPage> {
  const { rows: rowsSql, count } = listSql(conn.dialect, user, q, seek);
  const rows = await all<Record<string, unknown>>(conn, rowsSql.sql, ...rowsSql.params);
  const last = rows.at(-1);
  const totalRecords = seek.count ? (await all<{ n: number }>(conn, count.sql, ...count.params))[0].n : undefined;
  return { data: decorateRows(reg, rows), after: last ? sortValues(q, last) : null, ...(totalRecords === undefined ? {} : { totalRecords }) };
}

function decorateRows(reg: Registry, rows: Record<string, unknown>[]) {
  return rows.map((r) => ({
    ...r,
    ...stateLabels(reg, r as { status: number; step: number; signStatus: number }),
    businessTypeStr: labelOf(reg, 'businessType', r.businessType),
    // Joined in number order by the statement; an order number is [A-Za-z0-9_-], never a comma.
    orderNoList: r.orderNos ? (r.orderNos as string).split(',') : [],
    createdAtStr: formatTime(r.createdAt as number),
    updatedAtStr: formatTime(r.updatedAt as number),
  }));
}

/** The tabs: the statuses the waybill machine uses, in catalogue order. */
const TAB_STATUSES: number[] = Object.values(WaybillStatus);

/** The statement of the tab counts: the same filters as the list except the status itself. */
export function countsSql(dialect: Dialect, user: SessionUser, q: WaybillQuery) {
  const counted = maintainedCounts(dialect, user, q, false);
  if (counted) return counted;
  const where = filterWhere(dialect, user, q, false);
  // '+w.status': grouping by the plain column tempts SQLite to walk waybills_corp_status in status
  // order and read every row for the other filters (25 s over a million rows for a creation period);
  // grouping the few matches in a temporary tree lets the filters pick the index (0.1 s). GROUP BY 1
  // names that expression on both engines (PostgreSQL would not accept plain w.status beside it).
  return { sql: `SELECT +w.status AS status, count(*) AS n FROM waybills w WHERE ${where.sql.join(' AND ')} GROUP BY 1`, params: where.params };
}

/** One grouped count for every tab. */
export async function statusCounts(conn: Conn, reg: Registry, user: SessionUser, q: WaybillQuery) {
  const counts = countsSql(conn.dialect, user, q);
  const rows = await all<{ status: number; n: number }>(conn, counts.sql, ...counts.params);
  const counted = new Map(rows.map((r) => [r.status, r.n]));
  const catalogue = (reg.dictionaries.get(DICTIONARY.status)?.items ?? []).map((i) => i.id as number);
  const statuses = catalogue.filter((s) => TAB_STATUSES.includes(s) || counted.has(s));
  const tabs = statuses.map((status) => ({ status, statusStr: labelOf(reg, DICTIONARY.status, status), count: counted.get(status) ?? 0 }));
  return { totalRecords: rows.reduce((s, r) => s + r.n, 0), tabs };
}
