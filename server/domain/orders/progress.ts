// What the order lists and the detail show beside the stored status: who carries the order and
// whether goods still wait for a vehicle. The order's own carrier column is its delegation (the
// carrier it was handed to); once waybills carry it, their carriers are the ones doing the work.
import { hasUnassignedGoods } from './monitor.ts';
import { all, type Conn } from './sql.ts';

/** Carrier names of the live waybills of each order (transferred ones handed their goods on). */
export async function waybillCarriersOf(conn: Conn, orderIds: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (orderIds.length === 0) return out;
  const rows = await all<{ orderId: number; name: string }>(conn, `SELECT wo.order_id AS orderId, cr.carrier_name AS name
    FROM waybill_orders wo JOIN waybills w ON w.id = wo.waybill_id JOIN carriers cr ON cr.id = w.carrier_id
    WHERE wo.order_id IN (${orderIds.map(() => '?').join(', ')}) AND w.is_deleted = 0 AND w.status <> 700 ORDER BY w.id`, ...orderIds);
  for (const r of rows) {
    const names = out.get(r.orderId) ?? [];
    if (!names.includes(r.name)) names.push(r.name);
    out.set(r.orderId, names);
  }
  return out;
}

/**
 * The carrier the order shows: the one it is delegated to, else the carriers of its waybills
 * (several when its parts went with different carriers); `goodsWaiting` 1 while some of its goods
 * are on no waybill (the list offers 拆分 / 派车 on those rows only).
 */
export async function withProgress<T extends { id: number; carrierName: string | null }>(conn: Conn, rows: readonly T[]) {
  const carriers = await waybillCarriersOf(conn, rows.filter((r) => !r.carrierName).map((r) => r.id));
  const shown = [];
  for (const r of rows) {
    shown.push({
      ...r,
      carrierName: r.carrierName ?? (carriers.get(r.id)?.join('、') || null),
      goodsWaiting: (await hasUnassignedGoods(conn, r.id)) ? 1 : 0,
    });
  }
  return shown;
}
