// orderInfo/changeGoodsDetail: the order's goods lines change after dispatch began. A line never
// drops below what is already split off or on a waybill (the parts keep their quantities), a line
// with split quantity is never removed, and an order carried whole by a waybill keeps its
// quantities (the waybill carries exactly them). What remains is recomputed from the parts, so
// parts plus remainder always equal the order's quantity. One transaction, a new saved version.
import type { SessionUser } from '../../http/context.ts';
import { failure, invalid } from '../../http/envelope.ts';
import { OrderStatus } from '../workflow/order-machine.ts';
import { WaybillStatus } from '../workflow/waybill-machine.ts';
import { refreshOrderStatus } from '../workflow/order-sync.ts';
import { hasRemainder, milli, remainingOf } from '../workflow/splits.ts';
import { bumpOrder, carriedWhole, lockOrder, logOrderAction } from './access.ts';
import { goodsOf, splitState, type GoodsRow } from './details.ts';
import { resolveGoodsLines, storeGoodsLine, type LineInput } from './goods-lines.ts';
import { recordVersion } from './save.ts';
import { refreshWaybillTemperature } from '../waybills/temperature.ts';
import { all, run, tx, type Conn } from './sql.ts';

/** A line of the new goods detail (goods-lines.ts); left out, an existing line's code stays. */
export type ChangedLine = LineInput;

const ENDED = [OrderStatus.VOIDED, OrderStatus.COMPLETED, OrderStatus.ENDED_ABNORMALLY] as number[];

/** Quantity of each line already split off into live parts (whether or not a waybill carries them yet). */
async function committedOf(conn: Conn, orderId: number): Promise<Map<number, number>> {
  const { goods, parts } = await splitState(conn, orderId);
  const left = remainingOf(goods, parts);
  return new Map(goods.map((g) => [g.id, milli(g.quantity) - milli(left.get(g.id) ?? 0)]));
}

/** Every refusal is decided before anything is written. */
function check(existing: GoodsRow[], lines: ChangedLine[], committed: Map<number, number>, whole: boolean) {
  const byId = new Map(existing.map((g) => [g.id, g]));
  const seen = new Set<number>();
  for (const l of lines) {
    if (l.id === undefined) {
      if (whole) throw failure(`${l.goodsName ?? '货物'}：订单已整单派车，不能新增货物`);
      continue;
    }
    if (!byId.has(l.id) || seen.has(l.id)) throw invalid('货物明细：货物明细不属于该订单或重复', { field: 'goods' });
    seen.add(l.id);
  }
  for (const g of existing) {
    const line = lines.find((l) => l.id === g.id);
    const after = line ? milli(line.quantity) : 0;
    if (whole && after !== milli(g.quantity)) throw failure(`${g.goodsName}：订单已整单派车，不能变更数量或删除`);
    const split = committed.get(g.id) ?? 0;
    if (!line && split > 0) throw failure(`${g.goodsName}：已拆分${split / 1000}${g.unit}，不能删除`);
    if (after < split) throw failure(`${g.goodsName}：数量不能少于已拆分或已派车数量${split / 1000}`);
  }
}

export async function changeGoodsDetail(conn: Conn, user: SessionUser, input: { id: number; version: number; goods: ChangedLine[] }) {
  const now = Date.now();
  return tx(conn, async () => {
    const order = await lockOrder(conn, user, input.id, input.version);
    if (ENDED.includes(order.status)) throw failure('订单已作废或已结束，不能变更货物明细');
    const existing = await goodsOf(conn, order.id);
    check(existing, input.goods, await committedOf(conn, order.id), await carriedWhole(conn, order.id));
    const lines = await resolveGoodsLines(conn, user.corpId, input.goods, existing);

    const kept = new Set(input.goods.flatMap((l) => (l.id === undefined ? [] : [l.id])));
    for (const g of existing) {
      if (kept.has(g.id)) continue;
      // Only cancelled parts can still name a removed line (a live one was refused above).
      await run(conn, 'DELETE FROM order_part_goods WHERE order_goods_id = ?', g.id);
      await run(conn, 'DELETE FROM order_goods WHERE id = ?', g.id);
    }
    for (const l of lines) await storeGoodsLine(conn, user.corpId, order.id, l);
    // A line may now be other goods: the waybills still under way with this order follow its cold chain.
    const moving = await all<{ id: number }>(conn, `SELECT DISTINCT w.id FROM waybill_orders wo JOIN waybills w ON w.id = wo.waybill_id
      WHERE wo.order_id = ? AND w.is_deleted = 0 AND w.status NOT IN (?, ?, ?)`, order.id, WaybillStatus.COMPLETED, WaybillStatus.ENDED_ABNORMALLY, WaybillStatus.TRANSFERRED);
    for (const w of moving) await refreshWaybillTemperature(conn, user.corpId, w.id);
    // More goods after "finish split" would be stranded: splitting opens again for the remainder.
    const { goods, parts } = await splitState(conn, order.id);
    const reopen = parts.some((p) => !p.cancelled) && hasRemainder(goods, parts);
    const next = await bumpOrder(conn, user, order, now, reopen ? { splittable: 1 } : {});
    const after = await goodsOf(conn, order.id);
    await logOrderAction(conn, user, order.id, 'changeGoodsDetail', [{ field: 'goods', title: '货物明细', before: existing, after }], next, now);
    await refreshOrderStatus(conn, order.id, now);
    const saved = await recordVersion(conn, user, order.id, now);
    return { id: order.id, version: saved.version, goods: after };
  });
}
