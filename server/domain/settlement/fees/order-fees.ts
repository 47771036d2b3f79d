// The fees of an order (financialFee/getOrderFees, the order detail's 费用): the fees of the waybills that
// carry it, each side summed. A waybill that also carries other orders (拼单) is shown whole and marked
// so: its price is one price for the load, and splitting it between orders would invent a rule the
// contracts do not have. Each waybill's fees are read as getWaybillFees reads them, so a partner user
// sees only its own side and party.
import type { SessionUser } from '../../../http/context.ts';
import { failure } from '../../../http/envelope.ts';
import { all, type Conn } from '../../../resources/statements.ts';
import { findOrder, NOT_FOUND } from '../../orders/access.ts';
import { estimateList, feeList } from './reads.ts';
import { SIDE_NAMES } from './store.ts';

export async function orderFees(conn: Conn, user: SessionUser, orderId: number) {
  const order = await findOrder(conn, user, orderId);
  if (!order) throw failure(NOT_FOUND);
  const rows = await all<{ waybillId: number; waybillNo: string; orders: number }>(conn,
    `SELECT w.id AS "waybillId", w.waybill_no AS "waybillNo",
       (SELECT COUNT(DISTINCT o2.order_id) FROM waybill_orders o2 WHERE o2.waybill_id = w.id) AS orders
     FROM waybill_orders wo JOIN waybills w ON w.id = wo.waybill_id
     WHERE wo.order_id = ? AND w.corp_id = ? AND w.is_deleted = 0 GROUP BY w.id, w.waybill_no ORDER BY w.id`, order.id, user.corpId);
  const waybills = await Promise.all(rows.map(async (w) => ({
    waybillId: w.waybillId, waybillNo: w.waybillNo, shared: Number(w.orders) > 1,
    fees: await feeList(conn, user, w.waybillId), estimates: await estimateList(conn, user, w.waybillId),
  })));
  const totals = [1, 2].map((side) => {
    const fees = waybills.flatMap((w) => w.fees.filter((f) => f.side === side));
    return { side, sideStr: SIDE_NAMES[side], amount: fees.reduce((s, f) => s + f.amount, 0), count: fees.length };
  }).filter((t) => t.count > 0);
  return { waybills, totals };
}
