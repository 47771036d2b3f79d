// What pricing needs of a waybill that is not (or not yet so): the facts of a form (the freight
// estimation dialog's 起点/终点, goods, car model, business type, carrier, customer) and the facts of a
// saved waybill with a proposed change laid over them. The same conversions as facts-loader.ts (its
// share, total and distanceOf): quantities leave as integers of small units, never floats.
import { invalid } from '../../../http/envelope.ts';
import { corporationSettings } from '../../auth/user-info.ts';
import { all, one, type Conn } from '../../../resources/statements.ts';
import { milli } from '../../workflow/splits.ts';
import { CM3_PER, distanceOf, GRAMS_PER, share, total, type GoodsRow, type NodeRow } from './facts-loader.ts';
import { temperatureClassOf } from './temperature-class.ts';
import type { WaybillFacts } from './types.ts';

export interface FormGoods {
  /** The catalogue's 货品 (gives the goods category); absent for goods typed by hand. */
  goodsInfoId?: number;
  quantity: number;
  /** The line's weight and volume in the corporation's units (as the order form takes them). */
  weight?: number | null;
  volume?: number | null;
}

/** The facts a form gives; on a saved waybill (changeFee), each one given replaces the saved one. */
export interface FormFacts {
  originAreaId?: number;
  destAreaId?: number;
  businessType?: number;
  carModelId?: number;
  vehicleId?: number;
  carrierId?: number;
  customerId?: number;
  goods?: FormGoods[];
  tempMin?: number;
  tempMax?: number;
  /** Planned departure (epoch ms): the date contracts and oil prices are taken at; absent: now. */
  departureTime?: number;
}

type AreaRow = NodeRow;

async function areaOf(conn: Conn, corpId: number, id: number, field: string, title: string): Promise<AreaRow> {
  const a = await one<AreaRow>(conn,
    `SELECT 0 AS "waybillId", 'node' AS "nodeType", id AS "areaId", province, city, district, lon, lat FROM areas WHERE id = ? AND corp_id = ? AND is_deleted = 0`, id, corpId);
  if (!a) throw invalid(`${title}：地点不存在或无权访问`, { field });
  return a;
}

/** The distances rows between two areas, either way, keyed as facts-loader.ts distanceOf reads them. */
async function kmBetween(conn: Conn, corpId: number, a: AreaRow, b: AreaRow): Promise<Map<string, number>> {
  const rows = await all<{ fromId: number; toId: number; km: number }>(conn,
    `SELECT from_area_id AS "fromId", to_area_id AS "toId", distance_km AS km FROM area_distances
      WHERE corp_id = ? AND is_deleted = 0 AND from_area_id IN (?, ?) AND to_area_id IN (?, ?)`, corpId, a.areaId, b.areaId, a.areaId, b.areaId);
  return new Map(rows.map((r) => [`${r.fromId}>${r.toId}`, Number(r.km)]));
}

const place = (a: AreaRow) => ({ province: a.province, city: a.city, district: a.district });

/** A vehicle of the corporation (a carrier user: of its own carrier) with its car model and carrier. */
export async function vehicleFacts(conn: Conn, corpId: number, vehicleId: number, ownCarrier: number | null) {
  const v = await one<{ carModelId: number | null; carrierId: number | null }>(conn,
    `SELECT car_model_id AS "carModelId", carrier_id AS "carrierId" FROM vehicles WHERE id = ? AND corp_id = ? AND is_deleted = 0${ownCarrier === null ? '' : ' AND carrier_id = ?'}`,
    vehicleId, corpId, ...(ownCarrier === null ? [] : [ownCarrier]));
  if (!v) throw invalid('车辆：车辆不存在或无权访问', { field: 'vehicleId' });
  return v;
}

/** A party of the corporation, or invalid input naming the field. */
export async function checkParty(conn: Conn, corpId: number, table: 'carriers' | 'customers', id: number) {
  const field = table === 'carriers' ? 'carrierId' : 'customerId';
  const title = table === 'carriers' ? '承运商' : '客户';
  if (!(await one(conn, `SELECT 1 FROM ${table} WHERE id = ? AND corp_id = ? AND is_deleted = 0`, id, corpId))) throw invalid(`${title}：${title}不存在或无权访问`, { field });
}

async function goodsRows(conn: Conn, corpId: number, goods: FormGoods[]): Promise<GoodsRow[]> {
  const ids = [...new Set(goods.flatMap((g) => (g.goodsInfoId === undefined ? [] : [g.goodsInfoId])))];
  const known = ids.length ? await all<{ id: number; goodsCategory: number | null }>(conn,
    `SELECT id, goods_category AS "goodsCategory" FROM goods WHERE corp_id = ? AND is_deleted = 0 AND id IN (${ids.map(() => '?').join(', ')})`, corpId, ...ids) : [];
  const category = new Map(known.map((g) => [g.id, g.goodsCategory]));
  return goods.map((g) => {
    if (g.goodsInfoId !== undefined && !category.has(g.goodsInfoId)) throw invalid('货品：货品不存在或无权访问', { field: 'goods' });
    return { waybillId: 0, lineQuantity: g.quantity, quantity: g.quantity, weight: g.weight ?? null, volume: g.volume ?? null,
      goodsCategory: g.goodsInfoId === undefined ? null : category.get(g.goodsInfoId) ?? null };
  });
}

/**
 * The facts of `base` (a saved waybill's, or null for a new one) with the form's facts laid over them.
 * A new waybill needs its two places and business type (the input schema requires them).
 */
export async function factsOfForm(conn: Conn, corpId: number, form: FormFacts, base: WaybillFacts | null, ownCarrier: number | null = null): Promise<WaybillFacts> {
  const origin = form.originAreaId === undefined ? null : await areaOf(conn, corpId, form.originAreaId, 'originAreaId', '起点');
  const dest = form.destAreaId === undefined ? null : await areaOf(conn, corpId, form.destAreaId, 'destAreaId', '终点');
  const vehicle = form.vehicleId === undefined ? null : await vehicleFacts(conn, corpId, form.vehicleId, ownCarrier);
  if (form.carrierId !== undefined) await checkParty(conn, corpId, 'carriers', form.carrierId);
  if (form.customerId !== undefined) await checkParty(conn, corpId, 'customers', form.customerId);
  const settings = await corporationSettings(conn, corpId);
  const goods = form.goods === undefined ? null : await goodsRows(conn, corpId, form.goods);
  // A changed place moves the distance; unchanged places keep the saved one.
  let distance = base ? { distanceM: base.distanceM, distanceSource: base.distanceSource } : { distanceM: null, distanceSource: null };
  if (origin || dest) {
    if (!origin || !dest) throw invalid(origin ? '终点：请同时选择起点和终点' : '起点：请同时选择起点和终点', { field: origin ? 'destAreaId' : 'originAreaId' });
    distance = distanceOf(await kmBetween(conn, corpId, origin, dest), origin, dest);
  }
  const none = { province: null, city: null, district: null };
  const range = form.tempMin !== undefined && form.tempMax !== undefined ? { tempMin: form.tempMin, tempMax: form.tempMax } : null;
  return {
    waybillId: base?.waybillId ?? 0,
    corpId,
    origin: origin ? place(origin) : base?.origin ?? none,
    destination: dest ? place(dest) : base?.destination ?? none,
    businessType: form.businessType ?? base?.businessType ?? 1,
    // A vehicle brings its car model and, as a dispatch does (waybills/dispatch.ts), its carrier.
    carModelId: form.carModelId ?? vehicle?.carModelId ?? (vehicle ? null : base?.carModelId ?? null),
    goodsCategories: goods ? goods.map((g) => g.goodsCategory) : base?.goodsCategories ?? [],
    temperatureClass: range ? temperatureClassOf(range) : base?.temperatureClass ?? temperatureClassOf(null),
    weightG: goods ? total(goods.map((g) => share(g.weight, GRAMS_PER[String(settings.weightUnit)], g))) : base?.weightG ?? null,
    volumeCm3: goods ? total(goods.map((g) => share(g.volume, CM3_PER[String(settings.volumeUnit)], g))) : base?.volumeCm3 ?? null,
    piecesMilli: goods ? (goods.length === 0 ? null : goods.reduce((s, g) => s + milli(g.quantity), 0)) : base?.piecesMilli ?? null,
    ...distance,
    tripDate: form.departureTime ?? base?.tripDate ?? Date.now(),
    carrierId: form.carrierId ?? vehicle?.carrierId ?? base?.carrierId ?? null,
    customerIds: form.customerId !== undefined ? [form.customerId] : base?.customerIds ?? [],
  };
}
