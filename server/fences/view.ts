// A stored fence as the console reads it (spec section 3 "Fences (areas)"): WGS-84 points and
// their GCJ-02 twins, the centre in both, the area in km² and the address fields.
import { latLngListGcj02, llObjArr, toGcj02 } from './coords.ts';
import { circleAreaKm2, FENCE_TYPE, formatLatLngList, parseLatLngList, rectangleCorners, ringAreaKm2, RADIUS_DEFAULT_M, type LonLat } from './geometry.ts';

export interface AreaRow {
  areaId: number;
  corpId: number;
  customerId: number | null;
  customerName: string | null;
  areaName: string;
  areaCode: string;
  typeId: number;
  lon: number;
  lat: number;
  radius: number | null;
  areaLonLat: string | null;
  province: string | null;
  city: string | null;
  district: string | null;
  address: string | null;
  areaLabel: string | null;
  isDeleted: number;
  version: number;
}

export const AREA_COLUMNS = `a.id AS areaId, a.corp_id AS corpId, a.customer_id AS customerId, c.customer_name AS customerName,
  a.area_name AS areaName, a.area_code AS areaCode, a.type_id AS typeId, a.lon, a.lat, a.radius, a.area_lon_lat AS areaLonLat,
  a.province, a.city, a.district, a.address, a.area_label AS areaLabel, a.is_deleted AS isDeleted, a.version`;
export const AREA_FROM = 'areas a LEFT JOIN customers c ON c.id = a.customer_id';

/** The points that draw the fence: a ring's vertices, or a circle's centre. */
export function pointsOf(row: Pick<AreaRow, 'typeId' | 'lon' | 'lat' | 'areaLonLat'>): LonLat[] {
  if (row.typeId === FENCE_TYPE.CIRCLE) return [{ lon: row.lon, lat: row.lat }];
  const ring = parseLatLngList(row.areaLonLat) ?? [];
  return row.typeId === FENCE_TYPE.RECTANGLE && ring.length === 2 ? rectangleCorners(ring[0], ring[1]) : ring;
}

export function areaOf(row: Pick<AreaRow, 'typeId' | 'radius'>, points: readonly LonLat[]): number {
  return row.typeId === FENCE_TYPE.CIRCLE ? circleAreaKm2(row.radius ?? RADIUS_DEFAULT_M) : ringAreaKm2(points);
}

export function fenceView(row: AreaRow) {
  const points = pointsOf(row);
  const centre02 = toGcj02({ lon: row.lon, lat: row.lat });
  return {
    // `id` too, so a reference picker (server/registry/ref-targets.ts) reads fences like any list.
    id: row.areaId,
    areaId: row.areaId,
    areaName: row.areaName,
    areaCode: row.areaCode,
    customerId: row.customerId,
    customerName: row.customerName,
    typeId: row.typeId,
    radius: row.typeId === FENCE_TYPE.CIRCLE ? row.radius ?? RADIUS_DEFAULT_M : null,
    areaLonLat: formatLatLngList(points),
    areaLonLatGoogle: latLngListGcj02(points),
    llObjArr: llObjArr(points),
    lonCenter: row.lon,
    latCenter: row.lat,
    lon02: centre02.lon,
    lat02: centre02.lat,
    areaAcreage: areaOf(row, points),
    province: row.province,
    city: row.city,
    district: row.district,
    position: row.address,
    areaLabel: row.areaLabel,
    isDelete: row.isDeleted,
    version: row.version,
  };
}

export type FenceView = ReturnType<typeof fenceView>;
