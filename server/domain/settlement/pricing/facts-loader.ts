// What pricing needs of a waybill, read from the transport tables (docs/settlement.md "Quantities"):
// the start and end nodes' areas give the line, the vehicle its car model, the goods lines (of its
// orders or split parts, or typed on the waybill) the catalogue categories and the quantities, the
// required temperature range the 温层, the distances table the kilometres. Quantities leave here as
// integers of grams, cm³, thousandths of a piece and metres; nothing after this point is a float.
//
// Waybills are read in batches (one statement per table for up to BATCH waybills): a dispatcher's one
// waybill is a batch of one, and pricing a month (fees/price-period.ts) reads a thousand at a time
// through the very same code.
import { haversineKm } from '../../orders/distance.ts';
import { corporationSettings } from '../../auth/user-info.ts';
import { all, type Conn } from '../../../resources/statements.ts';
import { milli } from '../../workflow/splits.ts';
import { frac, roundHalfAwayFromZero } from './exact.ts';
import { temperatureClassOf } from './temperature-class.ts';
import type { DistanceSource, Place, WaybillFacts } from './types.ts';

/** Grams in one of the corporation's weightUnit, cm³ in one of its volumeUnit (as goods-amounts.ts names them). */
export const GRAMS_PER: Record<string, bigint> = { 吨: 1_000_000n, 千克: 1000n, 公斤: 1000n, 克: 1n };
export const CM3_PER: Record<string, bigint> = { 立方米: 1_000_000n, 方: 1_000_000n, 升: 1000n };

/**
 * The parts of a waybill's facts read beyond its own row, each by its own statements: all of them by
 * default (pricing uses every part). A reader that tests only some facts (a rule preview over a month of
 * waybills, whose rules in play test few fields) asks for those; a part left out is left empty (no
 * nodes: no places, no distance, tripDate the creation; no goods: no categories and no totals; no
 * temperature: class 1; no car model: null; no customers: none).
 */
export interface FactParts { nodes: boolean; distance: boolean; goods: boolean; temperature: boolean; carModel: boolean; customers: boolean }
export const ALL_FACT_PARTS: Readonly<FactParts> = { nodes: true, distance: true, goods: true, temperature: true, carModel: true, customers: true };

/** Waybills per statement: well below either engine's parameter limit. */
const BATCH = 1000;

interface WaybillRow { id: number; businessType: number; carrierId: number | null; vehicleId: number | null; createdAt: number }
export interface NodeRow { waybillId: number; nodeType: string; areaId: number; province: string | null; city: string | null; district: string | null; lon: number; lat: number;
  requiredArriveTime: number | null; requiredLeaveTime: number | null; actualLeaveTime: number | null }
export interface GoodsRow { waybillId: number; lineQuantity: number; quantity: number; weight: number | null; volume: number | null; goodsCategory: number | null }

const marks = (n: number) => Array(n).fill('?').join(', ');

const WAYBILLS_SQL = (n: number) => `SELECT id, business_type AS businessType, carrier_id AS carrierId, vehicle_id AS vehicleId, created_at AS createdAt
  FROM waybills WHERE corp_id = ? AND is_deleted = 0 AND id IN (${marks(n)})`;

// The nodes and their areas in two statements: a thousand waybills' nodes name a few hundred areas, which
// are read once each rather than joined onto every node (a month's pricing reads two million nodes).
const NODES_SQL = (n: number) => `SELECT n.waybill_id AS waybillId, n.node_type AS nodeType, n.area_id AS areaId,
    n.required_arrive_time AS requiredArriveTime, n.required_leave_time AS requiredLeaveTime, n.actual_leave_time AS actualLeaveTime
  FROM waybill_nodes n WHERE n.waybill_id IN (${marks(n)}) ORDER BY n.waybill_id, n.seq`;

const AREAS_SQL = (n: number) => `SELECT id, province, city, district, lon, lat FROM areas WHERE id IN (${marks(n)})`;

/** The goods of its orders (a split part carries its part's quantity), as waybills/goods.ts reads them. */
const ORDER_GOODS_SQL = (n: number) => `SELECT wo.waybill_id AS waybillId, g.quantity AS lineQuantity,
    CASE WHEN wo.part_id IS NULL THEN g.quantity ELSE pg.quantity END AS quantity, g.weight, g.volume, c.goods_category AS goodsCategory
  FROM waybill_orders wo JOIN order_goods g ON g.order_id = wo.order_id
  LEFT JOIN order_part_goods pg ON pg.part_id = wo.part_id AND pg.order_goods_id = g.id
  LEFT JOIN goods c ON c.id = g.goods_info_id
  WHERE wo.waybill_id IN (${marks(n)}) AND (wo.part_id IS NULL OR pg.quantity IS NOT NULL) ORDER BY wo.waybill_id, wo.order_id, g.id`;

/** Goods typed on a waybill name the catalogue only by code. */
const HAND_GOODS_SQL = (n: number) => `SELECT g.waybill_id AS waybillId, g.quantity AS lineQuantity, g.quantity, g.weight, g.volume, c.goods_category AS goodsCategory
  FROM waybill_goods g LEFT JOIN goods c ON c.corp_id = g.corp_id AND c.goods_code = g.goods_code AND c.is_deleted = 0
  WHERE g.waybill_id IN (${marks(n)}) ORDER BY g.waybill_id, g.seq, g.id`;

const CUSTOMERS_SQL = (n: number) => `SELECT DISTINCT wo.waybill_id AS waybillId, o.customer_id AS customerId
  FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id WHERE wo.waybill_id IN (${marks(n)}) ORDER BY wo.waybill_id, o.customer_id`;

const RANGES_SQL = (n: number) => `SELECT waybill_id AS waybillId, temp_min AS tempMin, temp_max AS tempMax
  FROM waybill_temperature_ranges WHERE waybill_id IN (${marks(n)})`;

const DISTANCES_SQL = (n: number) => `SELECT from_area_id AS fromId, to_area_id AS toId, distance_km AS km FROM area_distances
  WHERE corp_id = ? AND is_deleted = 0 AND from_area_id IN (${marks(n)}) AND to_area_id IN (${marks(n)})`;

const place = (n: NodeRow): Place => ({ province: n.province, city: n.city, district: n.district });

/**
 * A line's weight or volume in the small unit, for the quantity this waybill carries of it: the line's
 * figure (thousandths of the corporation's unit) × the unit's size × carried / line quantity, rounded
 * once to the small unit. Null when the line has no figure or the unit is not one we convert.
 */
export function share(figure: number | null, unitSize: bigint | undefined, g: GoodsRow): bigint | null {
  if (figure === null || unitSize === undefined) return null;
  const line = BigInt(milli(g.lineQuantity));
  if (line === 0n) return 0n;
  return BigInt(roundHalfAwayFromZero(frac(BigInt(milli(figure)) * unitSize * BigInt(milli(g.quantity)), 1000n * line)));
}

/** A total over lines; unknown when any line's figure is unknown (a partial sum would under-price). */
export function total(values: (bigint | null)[]): number | null {
  if (values.length === 0 || values.some((v) => v === null)) return null;
  return Number(values.reduce<bigint>((s, v) => s + v!, 0n));
}

function groupBy<T extends { waybillId: number }>(rows: T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const list = out.get(r.waybillId);
    if (list) list.push(r);
    else out.set(r.waybillId, [r]);
  }
  return out;
}

/** The km between two areas: the distances row, its reverse, or the straight line. */
export function distanceOf(km: Map<string, number>, from: NodeRow, to: NodeRow): { distanceM: number; distanceSource: DistanceSource } {
  const direct = km.get(`${from.areaId}>${to.areaId}`);
  if (direct !== undefined) return { distanceM: milli(direct), distanceSource: 'table' };
  const reverse = km.get(`${to.areaId}>${from.areaId}`);
  if (reverse !== undefined) return { distanceM: milli(reverse), distanceSource: 'reverse' };
  return { distanceM: milli(haversineKm(from, to)), distanceSource: 'straightLine' };
}

/** The facts of the corporation's live waybills among `waybillIds` (absent: no such waybill). */
export async function loadFactsOf(conn: Conn, corpId: number, waybillIds: readonly number[], parts: Readonly<FactParts> = ALL_FACT_PARTS): Promise<Map<number, WaybillFacts>> {
  const out = new Map<number, WaybillFacts>();
  if (!waybillIds.length) return out;
  // The weight and volume units only convert goods; without goods (a list's pending checks) no settings read.
  const settings = parts.goods ? await corporationSettings(conn, corpId) : null;
  const units = settings ? { grams: GRAMS_PER[String(settings.weightUnit)], cm3: CM3_PER[String(settings.volumeUnit)] } : {};
  for (let i = 0; i < waybillIds.length; i += BATCH) {
    for (const facts of await loadBatch(conn, corpId, waybillIds.slice(i, i + BATCH), units, parts)) out.set(facts.waybillId, facts);
  }
  return out;
}

/** The facts of one live waybill of the corporation, or null when there is none. */
export async function loadWaybillFacts(conn: Conn, corpId: number, waybillId: number): Promise<WaybillFacts | null> {
  return (await loadFactsOf(conn, corpId, [waybillId])).get(waybillId) ?? null;
}

/** The waybills' nodes in route order, each with its area's names and position (a node whose area is gone is left out, as a join would). */
async function nodesOf(conn: Conn, waybillIds: readonly number[]): Promise<NodeRow[]> {
  const rows = await all<Omit<NodeRow, 'province' | 'city' | 'district' | 'lon' | 'lat'>>(conn, NODES_SQL(waybillIds.length), ...waybillIds);
  const areaIds = [...new Set(rows.map((r) => r.areaId))];
  const areas = new Map((areaIds.length
    ? await all<{ id: number; province: string | null; city: string | null; district: string | null; lon: number; lat: number }>(conn, AREAS_SQL(areaIds.length), ...areaIds)
    : []).map((a) => [a.id, a]));
  // A plain loop writing every field by name: spreading the driver's row objects cost more than the
  // statement itself on a month of two million nodes.
  const out: NodeRow[] = [];
  for (const r of rows) {
    const a = areas.get(r.areaId);
    if (!a) continue;
    out.push({ waybillId: r.waybillId, nodeType: r.nodeType, areaId: r.areaId, province: a.province, city: a.city, district: a.district, lon: a.lon, lat: a.lat,
      requiredArriveTime: r.requiredArriveTime, requiredLeaveTime: r.requiredLeaveTime, actualLeaveTime: r.actualLeaveTime });
  }
  return out;
}

async function loadBatch(conn: Conn, corpId: number, ids: readonly number[], units: { grams?: bigint; cm3?: bigint }, parts: Readonly<FactParts>): Promise<WaybillFacts[]> {
  const waybills = await all<WaybillRow>(conn, WAYBILLS_SQL(ids.length), corpId, ...ids);
  if (!waybills.length) return [];
  const live = waybills.map((w) => w.id);
  const n = live.length;
  const nodes = groupBy(parts.nodes ? await nodesOf(conn, live) : []);
  const vehicleIds = parts.carModel ? [...new Set(waybills.map((w) => w.vehicleId).filter((v): v is number => v !== null))] : [];
  const carModels = new Map((vehicleIds.length
    ? await all<{ id: number; carModelId: number | null }>(conn, `SELECT id, car_model_id AS carModelId FROM vehicles WHERE id IN (${marks(vehicleIds.length)})`, ...vehicleIds)
    : []).map((v) => [v.id, v.carModelId]));
  const orderGoods = groupBy(parts.goods ? await all<GoodsRow>(conn, ORDER_GOODS_SQL(n), ...live) : []);
  const handGoods = groupBy(parts.goods ? await all<GoodsRow>(conn, HAND_GOODS_SQL(n), ...live) : []);
  const customers = groupBy(parts.customers ? await all<{ waybillId: number; customerId: number }>(conn, CUSTOMERS_SQL(n), ...live) : []);
  const ranges = new Map((parts.temperature ? await all<{ waybillId: number; tempMin: number; tempMax: number }>(conn, RANGES_SQL(n), ...live) : []).map((r) => [r.waybillId, r]));
  const endsOf = new Map(waybills.map((w) => {
    const list = nodes.get(w.id) ?? [];
    return [w.id, { start: list.find((x) => x.nodeType === 'start') ?? list[0], end: list.find((x) => x.nodeType === 'end') ?? list.at(-1) }];
  }));
  const areaIds = parts.distance ? [...new Set([...endsOf.values()].flatMap((e) => (e.start && e.end ? [e.start.areaId, e.end.areaId] : [])))] : [];
  const km = new Map((areaIds.length
    ? await all<{ fromId: number; toId: number; km: number }>(conn, DISTANCES_SQL(areaIds.length), corpId, ...areaIds, ...areaIds)
    : []).map((d) => [`${d.fromId}>${d.toId}`, d.km]));
  const none: Place = { province: null, city: null, district: null };
  return waybills.map((w) => {
    const { start, end } = endsOf.get(w.id)!;
    const goods = [...orderGoods.get(w.id) ?? [], ...handGoods.get(w.id) ?? []];
    const vehicleModel = w.vehicleId === null ? undefined : carModels.get(w.vehicleId);
    return {
      waybillId: w.id,
      corpId,
      origin: start ? place(start) : none,
      destination: end ? place(end) : none,
      businessType: w.businessType,
      carModelId: vehicleModel ?? null,
      goodsCategories: goods.map((g) => g.goodsCategory),
      temperatureClass: temperatureClassOf(ranges.get(w.id)),
      weightG: total(goods.map((g) => share(g.weight, units.grams, g))),
      volumeCm3: total(goods.map((g) => share(g.volume, units.cm3, g))),
      piecesMilli: goods.length === 0 ? null : goods.reduce((s, g) => s + milli(g.quantity), 0),
      ...(start && end && parts.distance ? distanceOf(km, start, end) : { distanceM: null, distanceSource: null }),
      // The departure the contracts and oil prices are taken at: actual, else planned, else the waybill's creation.
      tripDate: start?.actualLeaveTime ?? start?.requiredLeaveTime ?? start?.requiredArriveTime ?? w.createdAt,
      carrierId: w.carrierId,
      customerIds: (customers.get(w.id) ?? []).map((c) => c.customerId),
    };
  });
}
