// Saving a drawn or calibrated fence (POST electronic/updateAreaByOrderOrWaybill). The WGS-84
// points (areaLonLat, or the centre for a circle) are the truth; the area, the centre of a ring
// and every GCJ-02 value are derived here, never taken from the request. One transaction: the
// fence at the version read, the row, and a record_history row (resource 'area').
import type { SessionUser } from '../http/context.ts';
import { failure, invalid } from '../http/envelope.ts';
import { NOT_FOUND } from '../resources/engine.ts';
import { one, run, tx, type Conn } from '../resources/statements.ts';
import { waybillScope } from '../domain/waybills/scope.ts';
import { orderScope } from '../domain/orders/access.ts';
import { FENCE_TYPE, parseLatLngList, rectangleCorners, round6, selfIntersects, formatLatLngList, ringCentre, planarArea, type LonLat } from './geometry.ts';
import { latitudeError, longitudeError, radiusError, type Typed } from './rules.ts';
import { fenceWriteScope } from './scope.ts';
import { findFence } from './read.ts';
import { fenceView, type AreaRow } from './view.ts';
import { GeocodeError, type Place, type ReverseGeocoder } from './geocode/geocoder.ts';

/** Spec section 8 ('electronic fence has been deleted, cannot be modified'). */
export const FENCE_DELETED = '电子围栏已被删除，不能修改';
export const STALE = '数据已被他人修改，请刷新后重试';
export const MAX_FENCE_POINTS = 500;

export interface FenceEdit {
  areaId: number;
  version?: number;
  orderId?: number;
  waybillId?: number;
  areaName?: string;
  areaCode?: string;
  typeId: number;
  areaLonLat?: string | null;
  lonCenter?: Typed;
  latCenter?: Typed;
  radius?: Typed;
  position?: string | null;
  province?: string | null;
  city?: string | null;
  district?: string | null;
  /** 围栏标签; left out: kept as it is. */
  areaLabel?: string | null;
  /** 所属客户 (电子围栏管理 only); left out: kept as it is; null: none (a depot, a hub). */
  customerId?: number | null;
  /** Sent by the console beside the points; derived values, recomputed here. */
  areaAcreage?: number;
  lon02?: number;
  lat02?: number;
  llObjArr?: unknown[];
}

const refuse = (field: string, message: string) => invalid(message, { field, errors: [{ field, message }] });

interface Geometry {
  typeId: number;
  centre: LonLat;
  radius: number | null;
  /** Stored 'lat,lng;...' of a ring; null for a circle (its centre and radius say it all). */
  areaLonLat: string | null;
}

function ringOf(edit: FenceEdit): LonLat[] {
  const points = parseLatLngList(edit.areaLonLat);
  if (!points) throw refuse('areaLonLat', "围栏坐标不能为空，格式为'纬度,经度'并以';'分隔");
  if (points.length > MAX_FENCE_POINTS) throw refuse('areaLonLat', `围栏坐标最多${MAX_FENCE_POINTS}个点`);
  for (const p of points) {
    const bad = longitudeError(round6(p.lon)) ?? latitudeError(round6(p.lat));
    if (bad) throw refuse('areaLonLat', `围栏坐标：${bad}`);
  }
  return points.map((p) => ({ lon: round6(p.lon), lat: round6(p.lat) }));
}

/** The checked geometry of the edit, or code 100 with the spec's message for the first bad field. */
export function geometryOf(edit: FenceEdit): Geometry {
  if (edit.typeId === FENCE_TYPE.CIRCLE) {
    // A circle is its centre and radius; points sent along must still be points.
    if (edit.areaLonLat?.trim() && !parseLatLngList(edit.areaLonLat)) throw refuse('areaLonLat', "围栏坐标格式不正确，应为'纬度,经度'并以';'分隔");
    for (const [field, message] of [['lonCenter', longitudeError(edit.lonCenter)], ['latCenter', latitudeError(edit.latCenter)], ['radius', radiusError(edit.radius)]] as const) {
      if (message) throw refuse(field, message);
    }
    return { typeId: edit.typeId, centre: { lon: Number(edit.lonCenter), lat: Number(edit.latCenter) }, radius: Number(edit.radius), areaLonLat: null };
  }
  let ring = ringOf(edit);
  if (edit.typeId === FENCE_TYPE.RECTANGLE) {
    if (ring.length === 2) ring = rectangleCorners(ring[0], ring[1]);
    if (ring.length !== 4) throw refuse('areaLonLat', '矩形围栏需要两个对角点或四个顶点');
  } else if (ring.length < 3) {
    throw refuse('areaLonLat', '多边形围栏至少需要三个顶点');
  }
  if (selfIntersects(ring)) throw refuse('areaLonLat', '围栏的边不能相交');
  if (Math.abs(planarArea(ring)) < 1e-12) throw refuse('areaLonLat', '围栏的顶点不能在一条直线上');
  return { typeId: edit.typeId, centre: ringCentre(ring), radius: null, areaLonLat: formatLatLngList(ring) };
}

/** The order or waybill the edit comes from must be the user's and pass through this fence. */
async function checkContext(conn: Conn, user: SessionUser, edit: FenceEdit) {
  if (edit.waybillId !== undefined) {
    const w = waybillScope(user);
    const hit = await one(conn, `SELECT 1 FROM waybills w JOIN waybill_nodes n ON n.waybill_id = w.id WHERE ${w.sql.join(' AND ')} AND w.id = ? AND n.area_id = ?`,
      ...w.params, edit.waybillId, edit.areaId);
    if (!hit) throw failure('该运单的路线不经过此电子围栏');
  }
  if (edit.orderId !== undefined) {
    const o = orderScope(user);
    const hit = await one(conn, `SELECT 1 FROM orders o WHERE ${o.sql.join(' AND ')} AND o.id = ? AND (o.shipper_area_id = ? OR o.receiver_area_id = ?)`,
      ...o.params, edit.orderId, edit.areaId, edit.areaId);
    if (!hit) throw failure('该订单的收发货地不是此电子围栏');
  }
}

export const given = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

/** The address fields: as the user typed them, else looked up at the centre (blank when the lookup fails). */
export async function addressOf(edit: FenceEdit, centre: LonLat, geocoder: ReverseGeocoder): Promise<Record<'province' | 'city' | 'district' | 'address', string | null>> {
  const typed = { province: given(edit.province), city: given(edit.city), district: given(edit.district), address: given(edit.position) };
  if (Object.values(typed).some((v) => v !== null)) return typed;
  try {
    const place: Place = await geocoder.locate(centre.lon, centre.lat);
    return { province: place.province || null, city: place.city || null, district: place.district || null, address: place.position || null };
  } catch (e) {
    if (e instanceof GeocodeError) return typed;
    throw e;
  }
}

/**
 * The customer a fence is saved with. A customer user's fences are always its own customer's, whatever
 * it sends; staff may name a live customer of the corporation, or none (a depot, a hub).
 */
export async function fenceCustomer(conn: Conn, user: SessionUser, given: number | null | undefined): Promise<number | null> {
  if (user.userType === 1) return user.partnerId ?? null;
  if (given === null || given === undefined) return null;
  if (!(await one(conn, 'SELECT 1 FROM customers WHERE id = ? AND corp_id = ? AND is_deleted = 0', given, user.corpId))) throw refuse('customerId', '所属客户：所选客户不存在');
  return given;
}

const FIELD_TITLES: Record<string, string> = {
  areaName: '围栏名称', typeId: '围栏类型', lon: '中心经度', lat: '中心纬度', radius: '半径', areaLonLat: '围栏坐标',
  province: '省', city: '市', district: '区县', address: '详细地址', areaLabel: '围栏标签', customerId: '所属客户',
};

export async function saveFence(conn: Conn, user: SessionUser, edit: FenceEdit, geocoder: ReverseGeocoder, now = Date.now()) {
  const before = await findFence(conn, user, edit.areaId);
  if (!before) throw failure(NOT_FOUND);
  if (before.isDeleted) throw failure(FENCE_DELETED);
  const writable = fenceWriteScope(user);
  if (!(await one(conn, `SELECT 1 FROM areas a WHERE ${writable.sql} AND a.id = ?`, ...writable.params, edit.areaId))) throw failure(NOT_FOUND);
  if (edit.version !== undefined && edit.version !== before.version) throw failure(STALE);
  if (edit.areaCode !== undefined && edit.areaCode !== before.areaCode) throw refuse('areaCode', '围栏编码不能修改');
  const name = edit.areaName === undefined ? before.areaName : edit.areaName.trim();
  if (!name) throw refuse('areaName', '围栏名称不能为空');
  await checkContext(conn, user, edit);
  const geometry = geometryOf(edit);
  const address = await addressOf(edit, geometry.centre, geocoder);

  const areaLabel = edit.areaLabel === undefined ? before.areaLabel : given(edit.areaLabel);
  const customerId = edit.customerId === undefined ? before.customerId : await fenceCustomer(conn, user, edit.customerId);
  const after = { areaName: name, typeId: geometry.typeId, lon: geometry.centre.lon, lat: geometry.centre.lat, radius: geometry.radius, areaLonLat: geometry.areaLonLat, ...address, areaLabel, customerId };
  const old = before as unknown as Record<string, unknown>;
  const changes = Object.entries(after)
    .filter(([field, value]) => old[field] !== value)
    .map(([field, value]) => ({ field, title: FIELD_TITLES[field], before: old[field], after: value }));

  await tx(conn, async () => {
    const res = await run(conn,
      `UPDATE areas SET area_name = ?, type_id = ?, lon = ?, lat = ?, radius = ?, area_lon_lat = ?, province = ?, city = ?, district = ?, address = ?, area_label = ?, customer_id = ?,
         version = version + 1, updated_by = ?, updated_at = ? WHERE id = ? AND version = ? AND is_deleted = 0`,
      after.areaName, after.typeId, after.lon, after.lat, after.radius, after.areaLonLat, after.province, after.city, after.district, after.address, after.areaLabel, after.customerId,
      user.userId, now, edit.areaId, before.version);
    // Deleted or changed between the read and the write: same answers as before the read.
    if (res.changes !== 1) throw failure(STALE);
    await run(conn,
      `INSERT INTO record_history (corp_id, resource, record_id, action, user_id, user_name, changed_at, changes, record_version)
       VALUES (?, 'area', ?, 'update', ?, ?, ?, ?, ?)`,
      user.corpId, edit.areaId, user.userId, user.realName, now, JSON.stringify(changes), before.version + 1);
  });
  const saved = (await findFence(conn, user, edit.areaId)) as AreaRow;
  return fenceView(saved);
}
