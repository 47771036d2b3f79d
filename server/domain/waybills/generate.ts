// waybill/generateWaybillFromOrder: one waybill at 100 待派车 from one or more orders — each whole,
// one of its free split parts, or its remainder (cargo.ts) — along the orders' places. And
// waybill/copyWaybill: a new waybill at 100 with the same route and goods but NO order link, so the
// orders' quantities are never counted twice; the copy's goods are its own lines (waybill_goods).
import type { SessionUser } from '../../http/context.ts';
import { invalid } from '../../http/envelope.ts';
import { INITIAL_WAYBILL_STATE } from '../workflow/waybill-machine.ts';
import { claimOrders, routeOfOrders, type OrderPick } from './cargo.ts';
import { insertWaybill, type HandGoods } from './create.ts';
import { goodsOfWaybill } from './goods.ts';
import { loadWaybill } from './scope.ts';
import { all, one, tx, type Conn } from './sql.ts';

export interface GenerateBody {
  orders: OrderPick[];
  waybillName?: string;
  remark?: string;
  carrierId?: number;
}

export function generateFromOrders(conn: Conn, user: SessionUser, body: GenerateBody) {
  return tx(conn, async () => {
    const now = Date.now();
    const { orders, links } = await claimOrders(conn, user, body.orders, now);
    // The carrier: a carrier user's own; else the one named, or the one the orders are all delegated to.
    const delegated = new Set(orders.map((o) => o.carrierId));
    const carrierId = user.userType === 2 ? user.partnerId : (body.carrierId ?? (delegated.size === 1 ? [...delegated][0] : null));
    if (carrierId !== null && !(await one(conn, 'SELECT 1 FROM carriers WHERE id = ? AND corp_id = ? AND is_deleted = 0', carrierId, user.corpId))) {
      throw invalidCarrier();
    }
    const created = await insertWaybill(conn, user, {
      state: INITIAL_WAYBILL_STATE, waybillName: body.waybillName, businessType: orders[0].businessType, carrierId, remark: body.remark,
      links, nodes: routeOfOrders(orders), goods: [],
      event: { action: 'generate', payload: { orders: links } },
    }, now);
    const versions: { orderId: number; version: number }[] = [];
    for (const o of orders) {
      versions.push({ orderId: o.id, version: (await one<{ version: number }>(conn, 'SELECT version FROM orders WHERE id = ?', o.id))!.version });
    }
    return { ...created, orders: versions };
  });
}

const invalidCarrier = () => invalid('承运商：承运商不存在或无权访问', { field: 'carrierId' });

/** The copy's goods: the original's hand lines as they are, or what it carries of its orders as plain lines. */
async function goodsToCopy(conn: Conn, waybillId: number): Promise<HandGoods[]> {
  const hand = await all<HandGoods>(conn, `SELECT goods_name AS goodsName, goods_code AS goodsCode, quantity, weight, volume, unit
    FROM waybill_goods WHERE waybill_id = ? ORDER BY seq, id`, waybillId);
  if (hand.length) return hand;
  return (await goodsOfWaybill(conn, waybillId)).map((g) => ({ goodsName: g.goodsName, goodsCode: g.goodsCode, quantity: g.quantity, unit: g.unit }));
}

export function copyWaybill(conn: Conn, user: SessionUser, id: number) {
  return tx(conn, async () => {
    const now = Date.now();
    const w = await loadWaybill(conn, user, id);
    const row = (await one<{ remark: string | null }>(conn, 'SELECT remark FROM waybills WHERE id = ?', id))!;
    const nodes = await all<{ nodeType: 'start' | 'via' | 'end'; areaId: number; requiredArriveTime: number | null; requiredLeaveTime: number | null }>(conn,
      `SELECT node_type AS nodeType, area_id AS areaId, required_arrive_time AS requiredArriveTime, required_leave_time AS requiredLeaveTime
         FROM waybill_nodes WHERE waybill_id = ? ORDER BY seq`, id);
    return insertWaybill(conn, user, {
      state: INITIAL_WAYBILL_STATE, waybillName: w.waybillName, businessType: w.businessType,
      // No vehicle yet: a carrier user's copy stays its own; staff dispatch the copy afresh.
      carrierId: user.userType === 2 ? user.partnerId : null, remark: row.remark,
      links: [], nodes, goods: await goodsToCopy(conn, id),
      event: { action: 'copy', payload: { copiedFromId: w.id, copiedFromNo: w.waybillNo } },
    }, now);
  });
}
