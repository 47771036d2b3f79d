// What pricing needs of a waybill, read from the transport tables (docs/settlement.md "Quantities"):
// the start and end nodes' areas give the line, the vehicle its car model, the goods lines (of its
// orders or split parts, or typed on the waybill) the catalogue categories and the quantities, the
// required temperature range the 温层, the distances table the kilometres. Quantities leave here as
// integers of grams, cm³, thousandths of a piece and metres; nothing after this point is a float.
import { haversineKm } from '../../orders/distance.ts';
import { corporationSettings } from '../../auth/user-info.ts';
import { all, one, type Conn } from '../../../resources/statements.ts';
import { milli } from '../../workflow/splits.ts';
import { frac, roundHalfAwayFromZero } from './exact.ts';
import { temperatureClassOf } from './temperature-class.ts';
import type { DistanceSource, Place, WaybillFacts } from './types.ts';

/** Grams in one of the corporation's weightUnit, cm³ in one of its volumeUnit (as goods-amounts.ts names them). */
const GRAMS_PER: Record<string, bigint> = { 吨: 1_000_000n, 千克: 1000n, 公斤: 1000n, 克: 1n };
const CM3_PER: Record<string, bigint> = { 立方米: 1_000_000n, 方: 1_000_000n, 升: 1000n };

interface NodeRow { nodeType: string; areaId: number; province: string | null; city: string | null; district: string | null; lon: number; lat: number;
  requiredArriveTime: number | null; requiredLeaveTime: number | null; actualLeaveTime: number | null }
interface GoodsRow { lineQuantity: number; quantity: number; weight: number | null; volume: number | null; goodsCategory: number | null }

const NODES_SQL = `SELECT n.node_type AS nodeType, n.area_id AS areaId, a.province, a.city, a.district, a.lon, a.lat,
    n.required_arrive_time AS requiredArriveTime, n.required_leave_time AS requiredLeaveTime, n.actual_leave_time AS actualLeaveTime
  FROM waybill_nodes n JOIN areas a ON a.id = n.area_id WHERE n.waybill_id = ? ORDER BY n.seq`;

/** The goods of its orders (a split part carries its part's quantity), as waybills/goods.ts reads them. */
const ORDER_GOODS_SQL = `SELECT g.quantity AS lineQuantity, CASE WHEN wo.part_id IS NULL THEN g.quantity ELSE pg.quantity END AS quantity,
    g.weight, g.volume, c.goods_category AS goodsCategory
  FROM waybill_orders wo JOIN order_goods g ON g.order_id = wo.order_id
  LEFT JOIN order_part_goods pg ON pg.part_id = wo.part_id AND pg.order_goods_id = g.id
  LEFT JOIN goods c ON c.id = g.goods_info_id
  WHERE wo.waybill_id = ? AND (wo.part_id IS NULL OR pg.quantity IS NOT NULL) ORDER BY wo.order_id, g.id`;

/** Goods typed on a waybill name the catalogue only by code. */
const HAND_GOODS_SQL = `SELECT g.quantity AS lineQuantity, g.quantity, g.weight, g.volume, c.goods_category AS goodsCategory
  FROM waybill_goods g LEFT JOIN goods c ON c.corp_id = g.corp_id AND c.goods_code = g.goods_code AND c.is_deleted = 0
  WHERE g.waybill_id = ? ORDER BY g.seq, g.id`;

const place = (n: NodeRow): Place => ({ province: n.province, city: n.city, district: n.district });

/**
 * A line's weight or volume in the small unit, for the quantity this waybill carries of it: the line's
 * figure (thousandths of the corporation's unit) × the unit's size × carried / line quantity, rounded
 * once to the small unit. Null when the line has no figure or the unit is not one we convert.
 */
function share(figure: number | null, unitSize: bigint | undefined, g: GoodsRow): bigint | null {
  if (figure === null || unitSize === undefined) return null;
  const line = BigInt(milli(g.lineQuantity));
  if (line === 0n) return 0n;
  return BigInt(roundHalfAwayFromZero(frac(BigInt(milli(figure)) * unitSize * BigInt(milli(g.quantity)), 1000n * line)));
}

/** A total over lines; unknown when any line's figure is unknown (a partial sum would under-price). */
function total(values: (bigint | null)[]): number | null {
  if (values.length === 0 || values.some((v) => v === null)) return null;
  return Number(values.reduce<bigint>((s, v) => s + v!, 0n));
}

/** The km between the start and end areas: the distances row, its reverse, or the straight line. */
async function distanceOf(conn: Conn, corpId: number, from: NodeRow, to: NodeRow): Promise<{ distanceM: number; distanceSource: DistanceSource }> {
  const sql = 'SELECT distance_km AS km FROM area_distances WHERE corp_id = ? AND from_area_id = ? AND to_area_id = ? AND is_deleted = 0';
  const direct = await one<{ km: number }>(conn, sql, corpId, from.areaId, to.areaId);
  if (direct) return { distanceM: milli(direct.km), distanceSource: 'table' };
  const reverse = await one<{ km: number }>(conn, sql, corpId, to.areaId, from.areaId);
  if (reverse) return { distanceM: milli(reverse.km), distanceSource: 'reverse' };
  return { distanceM: milli(haversineKm(from, to)), distanceSource: 'straightLine' };
}

/** The facts of a live waybill of the corporation, or null when there is none. */
export async function loadWaybillFacts(conn: Conn, corpId: number, waybillId: number): Promise<WaybillFacts | null> {
  const w = await one<{ businessType: number; carrierId: number | null; vehicleId: number | null; createdAt: number }>(conn,
    'SELECT business_type AS businessType, carrier_id AS carrierId, vehicle_id AS vehicleId, created_at AS createdAt FROM waybills WHERE id = ? AND corp_id = ? AND is_deleted = 0',
    waybillId, corpId);
  if (!w) return null;
  const nodes = await all<NodeRow>(conn, NODES_SQL, waybillId);
  const start = nodes.find((n) => n.nodeType === 'start') ?? nodes[0];
  const end = nodes.find((n) => n.nodeType === 'end') ?? nodes.at(-1);
  const vehicle = w.vehicleId === null ? undefined : await one<{ carModelId: number | null }>(conn, 'SELECT car_model_id AS carModelId FROM vehicles WHERE id = ?', w.vehicleId);
  const goods = [...await all<GoodsRow>(conn, ORDER_GOODS_SQL, waybillId), ...await all<GoodsRow>(conn, HAND_GOODS_SQL, waybillId)];
  const customers = await all<{ customerId: number }>(conn,
    'SELECT DISTINCT o.customer_id AS customerId FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id WHERE wo.waybill_id = ? ORDER BY o.customer_id', waybillId);
  const range = await one<{ tempMin: number; tempMax: number }>(conn,
    'SELECT temp_min AS tempMin, temp_max AS tempMax FROM waybill_temperature_ranges WHERE waybill_id = ?', waybillId);
  const settings = await corporationSettings(conn, corpId);
  const gramsPer = GRAMS_PER[String(settings.weightUnit)];
  const cm3Per = CM3_PER[String(settings.volumeUnit)];
  const distance = start && end ? await distanceOf(conn, corpId, start, end) : { distanceM: null, distanceSource: null };
  const none: Place = { province: null, city: null, district: null };
  return {
    waybillId,
    corpId,
    origin: start ? place(start) : none,
    destination: end ? place(end) : none,
    businessType: w.businessType,
    carModelId: vehicle?.carModelId ?? null,
    goodsCategories: goods.map((g) => g.goodsCategory),
    temperatureClass: temperatureClassOf(range),
    weightG: total(goods.map((g) => share(g.weight, gramsPer, g))),
    volumeCm3: total(goods.map((g) => share(g.volume, cm3Per, g))),
    piecesMilli: goods.length === 0 ? null : goods.reduce((s, g) => s + milli(g.quantity), 0),
    ...distance,
    // The departure the contracts and oil prices are taken at: actual, else planned, else the waybill's creation.
    tripDate: start?.actualLeaveTime ?? start?.requiredLeaveTime ?? start?.requiredArriveTime ?? w.createdAt,
    carrierId: w.carrierId,
    customerIds: customers.map((c) => c.customerId),
  };
}
