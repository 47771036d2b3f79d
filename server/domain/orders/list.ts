// orderInfo/list and orderInfo/count: paged like the generic engine (curPage, pageSize <= 1000,
// sorts), filtered by number, customer, carrier, statuses, business types and creation time;
// counts per status for the list's tabs. Every value is a bound parameter.
import type { SessionUser } from '../../http/context.ts';
import type { Registry } from '../../registry/types.ts';
import { DEFAULT_PAGE_SIZE } from '../../resources/input-schemas.ts';
import { ORDER_COLUMNS, ORDER_JOINS, orderScope, type OrderRow, type Where } from './access.ts';
import { decorateOrder, labelOf } from './labels.ts';
import { all, one, round3, type Conn } from './sql.ts';
import { likePattern } from '../../resources/like.ts';
import { withProgress } from './progress.ts';
import { orderByKeys, seekAfter, type SortKey } from '../../db/keyset.ts';
import type { Seek, SeekPage } from '../../http/route.ts';

export interface ListInput {
  curPage?: number;
  pageSize?: number;
  sorts?: { field: 'createdAt' | 'updatedAt' | 'orderNo'; order?: 'asc' | 'desc' }[];
  orderNo?: string;
  customerId?: number;
  carrierId?: number;
  status?: number[];
  taskStatus?: number[];
  businessType?: number[];
  createdAt?: number[];
  groupByStatus?: boolean;
}

const SORT_COLUMNS = { createdAt: 'o.created_at', updatedAt: 'o.updated_at', orderNo: 'o.order_no' } as const;

function filterWhere(user: SessionUser, input: ListInput, withStatus = true): Where {
  const where = orderScope(user);
  const add = (sql: string, ...params: unknown[]) => (where.sql.push(sql), where.params.push(...params));
  const inList = (col: string, values: number[] | undefined) => {
    if (values?.length) add(`${col} IN (${values.map(() => '?').join(', ')})`, ...values);
  };
  if (input.orderNo) add(`o.order_no LIKE ? ESCAPE '\\'`, likePattern(input.orderNo));
  if (input.customerId !== undefined) add('o.customer_id = ?', input.customerId);
  if (input.carrierId !== undefined) add('o.carrier_id = ?', input.carrierId);
  if (withStatus) inList('o.status', input.status);
  inList('o.task_status', input.taskStatus);
  inList('o.business_type', input.businessType);
  const [from, to] = input.createdAt ?? [];
  if (from !== undefined) add('o.created_at >= ?', from);
  if (to !== undefined) add('o.created_at <= ?', to);
  return where;
}

const sortsOf = (input: ListInput) => (input.sorts?.length ? input.sorts : [{ field: 'updatedAt' as const, order: 'desc' as const }]);

function sortKeys(input: ListInput): SortKey[] {
  const sorts = sortsOf(input);
  const keys: SortKey[] = sorts.map((s) => ({ expr: SORT_COLUMNS[s.field], desc: s.order !== 'asc', nullable: false }));
  // The id breaks ties so that paging never repeats or skips a row.
  keys.push({ expr: 'o.id', desc: sorts[0].order !== 'asc', nullable: false });
  return keys;
}

export async function listOrders(conn: Conn, reg: Registry, user: SessionUser, input: ListInput) {
  const curPage = input.curPage ?? 1;
  const pageSize = input.pageSize ?? DEFAULT_PAGE_SIZE;
  const where = filterWhere(user, input);
  const cond = where.sql.join(' AND ');
  const rows = await all<OrderRow>(conn, `SELECT ${ORDER_COLUMNS} FROM orders o ${ORDER_JOINS} WHERE ${cond} ORDER BY ${orderByKeys(sortKeys(input))} LIMIT ? OFFSET ?`,
    ...where.params, pageSize, (curPage - 1) * pageSize);
  const { n } = (await one<{ n: number }>(conn, `SELECT count(*) AS n FROM orders o WHERE ${cond}`, ...where.params))!;
  return { data: await decorateRows(conn, reg, rows), totalRecords: n, curPage, pageSize };
}

/** An export's page of the same list (route.ts Seek): the rows after the last one read, counted once. */
export async function seekOrders(conn: Conn, reg: Registry, user: SessionUser, input: ListInput, seek: Seek): Promise<SeekPage> {
  const where = filterWhere(user, input);
  const keys = sortKeys(input);
  const after = seek.after ? seekAfter(conn.dialect, keys, seek.after) : undefined;
  const cond = [...where.sql, ...(after ? [after.sql] : [])].join(' AND ');
  const rows = await all<OrderRow>(conn, `SELECT ${ORDER_COLUMNS} FROM orders o ${ORDER_JOINS} WHERE ${cond} ORDER BY ${orderByKeys(keys)} LIMIT ?`,
    ...where.params, ...(after?.params ?? []), input.pageSize ?? DEFAULT_PAGE_SIZE);
  const last = rows.at(-1) as Record<string, unknown> | undefined;
  const next = last ? [...sortsOf(input).map((s) => last[s.field]), last.id] : null;
  const counted = seek.count ? (await one<{ n: number }>(conn, `SELECT count(*) AS n FROM orders o WHERE ${where.sql.join(' AND ')}`, ...where.params))!.n : undefined;
  return { data: await decorateRows(conn, reg, rows), after: next, ...(counted === undefined ? {} : { totalRecords: counted }) };
}

async function decorateRows(conn: Conn, reg: Registry, rows: OrderRow[]) {
  // Totals only for the rows of this page.
  const ids = rows.map((r) => r.id);
  const totals = ids.length === 0 ? [] : await all<{ orderId: number; q: number; w: number; v: number; lines: number }>(conn,
    `SELECT order_id AS orderId, sum(quantity) AS q, sum(weight) AS w, sum(volume) AS v, count(*) AS lines FROM order_goods
      WHERE order_id IN (${ids.map(() => '?').join(', ')}) GROUP BY order_id`, ...ids);
  const byOrder = new Map(totals.map((t) => [t.orderId, t]));
  return (await withProgress(conn, rows)).map((r) => {
    const t = byOrder.get(r.id);
    return { ...decorateOrder(reg, r), goodsLineCount: t?.lines ?? 0, totalQuantity: round3(t?.q), totalWeight: round3(t?.w), totalVolume: round3(t?.v) };
  });
}

/**
 * The number of orders matching the filters; with groupByStatus, one count per status for the tabs
 * (the status filter itself is left out then: each tab counts its own status).
 */
export async function countOrders(conn: Conn, reg: Registry, user: SessionUser, input: ListInput) {
  const where = filterWhere(user, input, !input.groupByStatus);
  const cond = where.sql.join(' AND ');
  if (!input.groupByStatus) return (await one<{ n: number }>(conn, `SELECT count(*) AS n FROM orders o WHERE ${cond}`, ...where.params))!.n;
  const rows = await all<{ status: number; count: number }>(conn, `SELECT o.status, count(*) AS count FROM orders o WHERE ${cond} GROUP BY o.status ORDER BY o.status`, ...where.params);
  return rows.map((r) => ({ ...r, statusStr: labelOf(reg, 'orderStatus', r.status) }));
}
