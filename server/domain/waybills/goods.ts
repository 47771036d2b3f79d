// The goods a waybill carries and what was loaded and delivered of them. A waybill carries whole
// orders or split parts of them (waybill_orders.part_id); the quantities of a part come from
// order_part_goods. Loaded and delivered quantities are what the latest confirmLoad and
// confirmDelivery recorded in their event payloads, so the timeline and the dialogs agree.
import { invalid } from '../../http/envelope.ts';
import { all, milli, one, round3, type Conn } from './sql.ts';

export interface WaybillGoods {
  /** Null for goods entered by hand on a waybill without orders (waybill_goods). */
  orderId: number | null;
  orderNo: string | null;
  goodsId: number;
  goodsName: string;
  goodsCode: string | null;
  unit: string;
  /** What this waybill carries of the order's line. */
  quantity: number;
  loadedQuantity: number | null;
  deliveredQuantity: number | null;
}

export interface GoodsQuantity {
  goodsId: number;
  quantity: number;
}

const GOODS_SQL = `SELECT o.id AS orderId, o.order_no AS orderNo, g.id AS goodsId, g.goods_name AS goodsName, g.goods_code AS goodsCode,
    g.unit, CASE WHEN wo.part_id IS NULL THEN g.quantity ELSE pg.quantity END AS quantity
  FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id JOIN order_goods g ON g.order_id = o.id
  LEFT JOIN order_part_goods pg ON pg.part_id = wo.part_id AND pg.order_goods_id = g.id
  WHERE wo.waybill_id = ? AND (wo.part_id IS NULL OR pg.quantity IS NOT NULL)
  ORDER BY o.id, g.id`;

/** A waybill carries orders or hand-entered lines, never both (schema-waybill-goods.ts). */
const HAND_GOODS_SQL = `SELECT NULL AS orderId, NULL AS orderNo, g.id AS goodsId, g.goods_name AS goodsName, g.goods_code AS goodsCode,
    g.unit, g.quantity FROM waybill_goods g WHERE g.waybill_id = ? ORDER BY g.seq, g.id`;

/**
 * The events that record what is on the vehicle: loading, or the goods a transfer put on the
 * receiving vehicle ('transferIn', which starts that waybill past its loading place).
 */
const RECORDED_BY = { confirmLoad: ['confirmLoad', 'transferIn'], confirmDelivery: ['confirmDelivery'] } as const;

/** The goods quantities the latest event of `action` recorded, by goods line. */
export async function recordedQuantities(conn: Conn, waybillId: number, action: 'confirmLoad' | 'confirmDelivery'): Promise<Map<number, number> | null> {
  const row = await one<{ payload: string | null }>(
    conn, 'SELECT payload FROM waybill_events WHERE waybill_id = ? AND action IN (?, ?) ORDER BY at DESC, id DESC LIMIT 1',
    waybillId, RECORDED_BY[action][0], RECORDED_BY[action].at(-1),
  );
  if (!row?.payload) return null;
  const goods = (JSON.parse(row.payload) as { goods?: GoodsQuantity[] }).goods ?? [];
  return new Map(goods.map((g) => [g.goodsId, g.quantity]));
}

export async function goodsOfWaybill(conn: Conn, waybillId: number): Promise<WaybillGoods[]> {
  const loaded = await recordedQuantities(conn, waybillId, 'confirmLoad');
  const delivered = await recordedQuantities(conn, waybillId, 'confirmDelivery');
  const lines = [
    ...(await all<Omit<WaybillGoods, 'loadedQuantity' | 'deliveredQuantity'>>(conn, GOODS_SQL, waybillId)),
    ...(await all<Omit<WaybillGoods, 'loadedQuantity' | 'deliveredQuantity'>>(conn, HAND_GOODS_SQL, waybillId)),
  ];
  return lines.map((g) => ({
    ...g,
    loadedQuantity: loaded ? (loaded.get(g.goodsId) ?? 0) : null,
    deliveredQuantity: delivered ? (delivered.get(g.goodsId) ?? 0) : null,
  }));
}

/**
 * Checks a loading or delivery list against the waybill's goods: every line named once and on
 * this waybill, no more than carried (loading) or than loaded (delivery, when loading was recorded).
 * Answers code 100 naming the goods field, as the dialog shows it beside the quantities.
 */
export function checkQuantities(goods: WaybillGoods[], request: GoodsQuantity[], kind: 'load' | 'delivery'): GoodsQuantity[] {
  const seen = new Set<number>();
  for (const r of request) {
    const line = goods.find((g) => g.goodsId === r.goodsId);
    if (!line) throw invalid('货物明细：货物不属于该运单', { field: 'goods' });
    if (seen.has(r.goodsId)) throw invalid(`货物明细：${line.goodsName}重复填写`, { field: 'goods' });
    seen.add(r.goodsId);
    const limit = kind === 'load' ? line.quantity : (line.loadedQuantity ?? line.quantity);
    if (milli(r.quantity) > milli(limit)) {
      const what = kind === 'load' ? '装货数量不能超过运单数量' : '交货数量不能超过装货数量';
      throw invalid(`货物明细：${line.goodsName}${what}${round3(limit)}`, { field: 'goods' });
    }
  }
  return request.map((r) => ({ goodsId: r.goodsId, quantity: round3(r.quantity) }));
}

export const totalOf = (values: (number | null)[]) => round3(values.reduce<number>((s, v) => s + (v ?? 0), 0));
