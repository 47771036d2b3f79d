// Reading one order whole: its goods lines, split parts with their quantities, the waybills that
// carry it, and the latest distribution. Also the plain data the pure splits module works on.
import type { SessionUser } from '../../http/context.ts';
import { failure } from '../../http/envelope.ts';
import type { Registry } from '../../registry/types.ts';
import { formatTime } from '../../resources/time.ts';
import type { GoodsLine, Part } from '../workflow/splits.ts';
import { carriedWhole, findOrder, NOT_FOUND, type OrderRow } from './access.ts';
import { withProgress } from './progress.ts';
import { remainingOf } from '../workflow/splits.ts';
import { decorateOrder, labelOf } from './labels.ts';
import { all, one, round3, type Conn } from './sql.ts';

export interface GoodsRow {
  id: number;
  /** The catalogue 货品 the line was picked from; null for a line typed by hand. */
  goodsInfoId: number | null;
  goodsName: string;
  goodsCode: string | null;
  quantity: number;
  weight: number | null;
  volume: number | null;
  unit: string;
}

export const goodsOf = (conn: Conn, orderId: number) =>
  all<GoodsRow>(conn, `SELECT id, goods_info_id AS goodsInfoId, goods_name AS goodsName, goods_code AS goodsCode, quantity, weight, volume, unit
    FROM order_goods WHERE order_id = ? ORDER BY id`, orderId);

interface PartRow {
  partId: number;
  partNo: number;
  cancelled: number;
  waybillId: number | null;
  waybillNo: string | null;
  createdAt: number;
}

/** The order's parts (live ones unless asked), each with its lines; a deleted waybill frees its part. */
export async function partsOf(conn: Conn, orderId: number, includeCancelled = false) {
  const parts = await all<PartRow>(conn, `SELECT p.id AS partId, p.part_no AS partNo, p.cancelled, w.id AS waybillId, w.waybill_no AS waybillNo, p.created_at AS createdAt
    FROM order_parts p LEFT JOIN waybills w ON w.id = p.waybill_id AND w.is_deleted = 0
    WHERE p.order_id = ? ${includeCancelled ? '' : 'AND p.cancelled = 0'} ORDER BY p.part_no`, orderId);
  const lines = await all<{ partId: number; goodsId: number; goodsName: string; unit: string; quantity: number }>(conn,
    `SELECT pg.part_id AS partId, pg.order_goods_id AS goodsId, g.goods_name AS goodsName, g.unit, pg.quantity
       FROM order_part_goods pg JOIN order_parts p ON p.id = pg.part_id JOIN order_goods g ON g.id = pg.order_goods_id
      WHERE p.order_id = ? ORDER BY g.id`, orderId);
  return parts.map((p) => {
    const own = lines.filter((l) => l.partId === p.partId).map(({ partId: _, ...l }) => l);
    return {
      ...p, cancelled: p.cancelled === 1, createdAtStr: formatTime(p.createdAt),
      // What people call a part: its number in the order and what it holds, never its id.
      partName: `第${p.partNo}单`,
      goodsText: own.map((l) => `${l.goodsName} ${l.quantity}${l.unit}`).join('、'),
      waybillStatusStr: p.waybillId === null ? '待派车' : '已派车',
      optionLabel: `第${p.partNo}单：${own.map((l) => `${l.goodsName} ${l.quantity}${l.unit}`).join('、')}`,
      lines: own,
    };
  });
}

/** Goods and parts as the pure splits module sees them, each part with the live waybill carrying it (if any). */
export async function splitState(conn: Conn, orderId: number): Promise<{ goods: GoodsLine[]; parts: (Part & { waybillId: number | null })[] }> {
  const goods = (await goodsOf(conn, orderId)).map((g) => ({ id: g.id, goodsName: g.goodsName, quantity: g.quantity }));
  const parts = (await partsOf(conn, orderId, true)).map((p) => ({
    id: p.partId, cancelled: p.cancelled, waybillId: p.waybillId, lines: p.lines.map((l) => ({ goodsId: l.goodsId, quantity: l.quantity })),
  }));
  return { goods, parts };
}

export async function waybillsOf(conn: Conn, reg: Registry, orderId: number) {
  const rows = await all<Record<string, unknown>>(conn, `SELECT w.id AS waybillId, w.waybill_no AS waybillNo, wo.part_id AS partId,
      CASE WHEN wo.part_id IS NULL THEN '整单' ELSE '第' || (SELECT part_no FROM order_parts WHERE id = wo.part_id) || '单' END AS partName, w.status, w.step,
      w.sign_status AS signStatus, v.vehicle_no AS vehicleNo, d.driver_name AS driverName, cr.carrier_name AS carrierName, w.created_at AS createdAt
    FROM waybill_orders wo JOIN waybills w ON w.id = wo.waybill_id LEFT JOIN vehicles v ON v.id = w.vehicle_id
    LEFT JOIN drivers d ON d.id = w.driver_id LEFT JOIN carriers cr ON cr.id = w.carrier_id
    WHERE wo.order_id = ? AND w.is_deleted = 0 ORDER BY w.id`, orderId);
  return rows.map((r) => ({
    ...r,
    statusStr: labelOf(reg, 'waybillStatus', r.status),
    stepStr: labelOf(reg, 'carriageContractOrderStatus', r.step),
    signStatusStr: labelOf(reg, 'signStatus', r.signStatus),
    createdAtStr: formatTime(r.createdAt as number),
  }));
}

/** The department and dispatcher the order was last distributed to (orderInfo/distribution). */
export async function distributionOf(conn: Conn, corpId: number, orderId: number) {
  const row = await one<{ changes: string; userName: string; changedAt: number }>(conn, `SELECT changes, user_name AS userName, changed_at AS changedAt FROM record_history
    WHERE corp_id = ? AND resource = 'order' AND record_id = ? AND action = 'distribution' ORDER BY id DESC LIMIT 1`, corpId, orderId);
  if (!row) return null;
  const after = Object.fromEntries((JSON.parse(row.changes) as { field: string; after: unknown; afterText?: string }[]).flatMap((c) => [[c.field, c.after], [`${c.field}Name`, c.afterText ?? null]]));
  return { ...after, operatorName: row.userName, distributedAt: row.changedAt, distributedAtStr: formatTime(row.changedAt) };
}

export function totalsOf(goods: readonly GoodsRow[]) {
  return {
    totalQuantity: round3(goods.reduce((s, g) => s + g.quantity, 0)),
    totalWeight: round3(goods.reduce((s, g) => s + (g.weight ?? 0), 0)),
    totalVolume: round3(goods.reduce((s, g) => s + (g.volume ?? 0), 0)),
  };
}

/** The whole order as the snapshot of a saved version keeps it (orderInfoHistory/*). */
export async function snapshotOf(conn: Conn, order: OrderRow) {
  const goods = await goodsOf(conn, order.id);
  return { ...order, ...totalsOf(goods), goods };
}

export async function orderDetails(conn: Conn, reg: Registry, user: SessionUser, id: number) {
  const order = await findOrder(conn, user, id);
  if (!order) throw failure(NOT_FOUND);
  const [shown] = await withProgress(conn, [order]);
  const state = await splitState(conn, id);
  const left = remainingOf(state.goods, state.parts);
  const whole = await carriedWhole(conn, id);
  const goods = (await goodsOf(conn, id)).map((g) => ({ ...g, unsplitQuantity: whole ? 0 : (left.get(g.id) ?? 0) }));
  return {
    ...decorateOrder(reg, shown),
    ...totalsOf(goods),
    goods,
    parts: await partsOf(conn, id),
    waybills: await waybillsOf(conn, reg, id),
    distribution: user.userType === 0 ? await distributionOf(conn, user.corpId, id) : null,
  };
}
