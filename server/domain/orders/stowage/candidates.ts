// orderStowageTask/unStowageOrderList: the orders that can be stowed now (rules.ts STOWABLE_SQL),
// paged and filtered, each with what stowing would take of it.
import type { SessionUser } from '../../../http/context.ts';
import type { Registry } from '../../../registry/types.ts';
import { DEFAULT_PAGE_SIZE } from '../../../resources/input-schemas.ts';
import { ORDER_COLUMNS, ORDER_JOINS, orderScope, type OrderRow } from '../access.ts';
import { decorateOrder } from '../labels.ts';
import { all, one, round3, type Conn } from '../sql.ts';
import { remainderOf, STOWABLE_SQL } from './rules.ts';
import { likePattern } from '../../../resources/like.ts';

export interface CandidateInput {
  curPage?: number;
  pageSize?: number;
  orderNo?: string;
  customerId?: number;
  shipperAreaId?: number;
  receiverAreaId?: number;
  businessType?: number[];
}

export async function stowableOrders(conn: Conn, reg: Registry, user: SessionUser, input: CandidateInput) {
  const curPage = input.curPage ?? 1;
  const pageSize = input.pageSize ?? DEFAULT_PAGE_SIZE;
  const where = orderScope(user);
  const add = (sql: string, ...params: unknown[]) => (where.sql.push(sql), where.params.push(...params));
  add(STOWABLE_SQL, 0);
  if (input.orderNo) add(`o.order_no LIKE ? ESCAPE '\\'`, likePattern(input.orderNo));
  if (input.customerId !== undefined) add('o.customer_id = ?', input.customerId);
  if (input.shipperAreaId !== undefined) add('o.shipper_area_id = ?', input.shipperAreaId);
  if (input.receiverAreaId !== undefined) add('o.receiver_area_id = ?', input.receiverAreaId);
  if (input.businessType?.length) add(`o.business_type IN (${input.businessType.map(() => '?').join(', ')})`, ...input.businessType);
  const cond = where.sql.join(' AND ');
  const rows = await all<OrderRow>(conn, `SELECT ${ORDER_COLUMNS} FROM orders o ${ORDER_JOINS} WHERE ${cond} ORDER BY o.updated_at DESC, o.id DESC LIMIT ? OFFSET ?`,
    ...where.params, pageSize, (curPage - 1) * pageSize);
  const { n } = (await one<{ n: number }>(conn, `SELECT count(*) AS n FROM orders o WHERE ${cond}`, ...where.params))!;
  const data = [];
  for (const o of rows) {
    const lines = await remainderOf(conn, o.id);
    data.push({
      ...decorateOrder(reg, o), lines,
      stowQuantity: round3(lines.reduce((s, l) => s + l.quantity, 0)), stowWeight: round3(lines.reduce((s, l) => s + l.weight, 0)), stowVolume: round3(lines.reduce((s, l) => s + l.volume, 0)),
    });
  }
  return { data, totalRecords: n, curPage, pageSize };
}
