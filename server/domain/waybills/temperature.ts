// A waybill's own temperature range (waybill_temperature_ranges, which the temperature alarms use
// over the corporation's settings) follows the cold-chain goods it carries: every order goods line
// picked from a catalogue 货品 with 是否冷链 = 是 and both bounds set. The range is the one every such
// goods tolerates (the intersection of their ranges); goods with no common band cannot travel on one
// vehicle and the write is refused. No cold goods: no own range, the corporation's applies.
// Written whenever the waybill's cargo is set: creation (create.ts), edit (edit.ts), and a change of
// the goods detail of an order it carries (orders/change-goods.ts).
import { failure } from '../../http/envelope.ts';
import { all, run, type Conn } from './sql.ts';

export interface ColdGoods {
  goodsName: string;
  tempMin: number;
  tempMax: number;
}

/** What a waybill carries of its orders (whole, or the lines of its part), limited to cold-chain catalogue goods. */
const COLD_SQL = `SELECT DISTINCT c.goods_name AS goodsName, c.temp_min AS tempMin, c.temp_max AS tempMax
  FROM waybill_orders wo JOIN order_goods g ON g.order_id = wo.order_id
  LEFT JOIN order_part_goods pg ON pg.part_id = wo.part_id AND pg.order_goods_id = g.id
  JOIN goods c ON c.id = g.goods_info_id
  WHERE wo.waybill_id = ? AND (wo.part_id IS NULL OR pg.quantity > 0)
    AND c.cold_chain = 1 AND c.temp_min IS NOT NULL AND c.temp_max IS NOT NULL
  ORDER BY c.goods_name`;

const show = (g: ColdGoods) => `${g.goodsName}（${g.tempMin}~${g.tempMax}℃）`;

/**
 * The band all the goods tolerate, null without cold goods. A band of zero width counts as none:
 * the alarm settings also need 上限 > 下限. The refusal names the two goods that exclude each other.
 */
export function commonRange(goods: readonly ColdGoods[]): { tempMin: number; tempMax: number } | null {
  if (goods.length === 0) return null;
  const warmest = goods.reduce((a, b) => (b.tempMin > a.tempMin ? b : a));
  const coldest = goods.reduce((a, b) => (b.tempMax < a.tempMax ? b : a));
  if (warmest.tempMin >= coldest.tempMax) {
    const pair = warmest === coldest ? show(warmest) : `${show(coldest)}与${show(warmest)}`;
    throw failure(`货品温度范围不相容：${pair}没有共同的温度范围，不能装在同一运单`);
  }
  return { tempMin: warmest.tempMin, tempMax: coldest.tempMax };
}

/** Sets the waybill's own range from the goods it now carries (or removes it); inside the caller's transaction. */
export async function refreshWaybillTemperature(conn: Conn, corpId: number, waybillId: number): Promise<void> {
  const range = commonRange(await all<ColdGoods>(conn, COLD_SQL, waybillId));
  await run(conn, 'DELETE FROM waybill_temperature_ranges WHERE waybill_id = ?', waybillId);
  if (range) {
    await run(conn, 'INSERT INTO waybill_temperature_ranges (waybill_id, corp_id, temp_min, temp_max) VALUES (?, ?, ?, ?)', waybillId, corpId, range.tempMin, range.tempMax);
  }
}
