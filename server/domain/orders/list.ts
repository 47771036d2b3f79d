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

function orderBy(input: ListInput): string {
  const sorts = input.sorts?.length ? input.sorts : [{ field: 'updatedAt' as const, order: 'desc' as const }];
  const parts = sorts.map((s) => `${SORT_COLUMNS[s.field]} ${s.order === 'asc' ? 'ASC' : 'DESC'}`);
  // The id breaks ties so that paging never repeats or skips a row.
  parts.push(`o.id ${sorts[0].order === 'asc' ? 'ASC' : 'DESC'}`);
  return parts.join(', ');
}

export async function listOrders(conn: Conn, reg: Registry, user: SessionUser, input: ListInput) {
  const curPage = input.curPage ?? 1;
  const pageSize = input.pageSize ?? DEFAULT_PAGE_SIZE;
  const where = filterWhere(user, input);
  const cond = where.sql.join(' AND ');
  const rows = await all<OrderRow>(conn, `SELECT ${ORDER_COLUMNS} FROM orders o ${ORDER_JOINS} WHERE ${cond} ORDER BY ${orderBy(input)} LIMIT ? OFFSET ?`,
    ...where.params, pageSize, (curPage - 1) * pageSize);
  const { n } = (await one<{ n: number }>(conn, `SELECT count(*) AS n FROM orders o WHERE ${cond}`, ...where.params))!;
  // Totals only for the rows of this page.
  const ids = rows.map((r) => r.id);
  const totals = ids.length === 0 ? [] : await all<{ orderId: number; q: number; w: number; v: number; lines: number }>(conn,
    `SELECT order_id AS orderId, sum(quantity) AS q, sum(weight) AS w, sum(volume) AS v, count(*) AS lines FROM order_goods
      WHERE order_id IN (${ids.map(() => '?').join(', ')}) GROUP BY order_id`, ...ids);
  const byOrder = new Map(totals.map((t) => [t.orderId, t]));
  const data = (await withProgress(conn, rows)).map((r) => {
    const t = byOrder.get(r.id);
    return { ...decorateOrder(reg, r), goodsLineCount: t?.lines ?? 0, totalQuantity: round3(t?.q), totalWeight: round3(t?.w), totalVolume: round3(t?.v) };
  });
  return { data, totalRecords: n, curPage, pageSize };
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
