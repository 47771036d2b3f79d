// orderInfoHistory/findByPage and orderInfoHistory/orderGoods/list/{orderNo}/{version}: the saved
// versions of an order, each the whole order with its goods as it was after that save.
import type { SessionUser } from '../../http/context.ts';
import { failure } from '../../http/envelope.ts';
import type { Registry } from '../../registry/types.ts';
import { DEFAULT_PAGE_SIZE } from '../../resources/input-schemas.ts';
import { formatTime } from '../../resources/time.ts';
import { NOT_FOUND, orderScope } from './access.ts';
import { decorateOrder } from './labels.ts';
import { all, one, type Conn } from './sql.ts';

/** The history of a deleted order stays readable; another partner's or corporation's never is. */
async function assertVisible(conn: Conn, user: SessionUser, orderNo: string) {
  const where = orderScope(user, 'o', true);
  if (!(await one(conn, `SELECT 1 FROM orders o WHERE ${where.sql.join(' AND ')} AND o.order_no = ? LIMIT 1`, ...where.params, orderNo))) throw failure(NOT_FOUND);
}

interface HistoryRow {
  id: number;
  version: number;
  snapshot: string;
  userName: string | null;
  changedAt: number;
}

export async function historyPage(conn: Conn, reg: Registry, user: SessionUser, input: { orderNo: string; curPage?: number; pageSize?: number }) {
  await assertVisible(conn, user, input.orderNo);
  const curPage = input.curPage ?? 1;
  const pageSize = input.pageSize ?? DEFAULT_PAGE_SIZE;
  const rows = await all<HistoryRow>(conn, `SELECT h.id, h.version, h.snapshot, u.real_name AS userName, h.changed_at AS changedAt
    FROM order_history h LEFT JOIN users u ON u.id = h.user_id WHERE h.corp_id = ? AND h.order_no = ?
    ORDER BY h.version DESC LIMIT ? OFFSET ?`, user.corpId, input.orderNo, pageSize, (curPage - 1) * pageSize);
  const { n } = (await one<{ n: number }>(conn, 'SELECT count(*) AS n FROM order_history WHERE corp_id = ? AND order_no = ?', user.corpId, input.orderNo))!;
  const data = rows.map((h) => {
    const { goods, id: orderId, version: _v, ...order } = JSON.parse(h.snapshot) as Record<string, unknown> & { goods: unknown[]; id: number };
    return { ...decorateOrder(reg, order), orderId, goodsLineCount: goods.length, id: h.id, version: h.version, userName: h.userName, changedAt: h.changedAt, changedAtStr: formatTime(h.changedAt) };
  });
  return { data, totalRecords: n, curPage, pageSize };
}

export async function goodsOfVersion(conn: Conn, user: SessionUser, orderNo: string, version: number) {
  await assertVisible(conn, user, orderNo);
  const row = await one<{ snapshot: string }>(conn, 'SELECT snapshot FROM order_history WHERE corp_id = ? AND order_no = ? AND version = ?', user.corpId, orderNo, version);
  if (!row) throw failure(NOT_FOUND);
  return (JSON.parse(row.snapshot) as { goods: unknown[] }).goods;
}
