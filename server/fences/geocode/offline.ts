// The offline reverse geocoder: no network, so the address fields of a fence work anywhere.
// 1. the nearest live fence of the corporation within NEAR_FENCE_M (its district and address are
//    what people of that corporation call the place); 2. else the nearest city centre within
//    NEAR_CITY_M; 3. else '解析失败'. Outside China: the spec's "foreign nodes" failure.
import { all, type Conn } from '../../resources/statements.ts';
import { distanceM } from '../geometry.ts';
import { CITY_CENTRES, type CityCentre } from './gazetteer.ts';
import { GEOCODE_FAILED, GEOCODE_FOREIGN, GeocodeError, insideChina, type Place, type ReverseGeocoder } from './geocoder.ts';

export const NEAR_FENCE_M = 5_000;
export const NEAR_CITY_M = 150_000;
/** Degrees of latitude that surely cover NEAR_FENCE_M (a cheap box before the exact distance). */
const BOX_DEG = NEAR_FENCE_M / 100_000;

interface KnownFence {
  areaName: string;
  lon: number;
  lat: number;
  province: string;
  city: string;
  district: string | null;
  address: string | null;
}

const km = (m: number) => (m / 1000).toFixed(1);

export function nearestCity(lon: number, lat: number, cities: readonly CityCentre[] = CITY_CENTRES): { city: CityCentre; distance: number } | null {
  let best: { city: CityCentre; distance: number } | null = null;
  for (const city of cities) {
    const distance = distanceM(lon, lat, city.lon, city.lat);
    if (!best || distance < best.distance) best = { city, distance };
  }
  return best;
}

/** Degrees of longitude that surely cover NEAR_FENCE_M at a latitude. */
const lonBoxAt = (lat: number) => BOX_DEG / Math.max(0.2, Math.cos((lat * Math.PI) / 180));

function nearestOf(fences: readonly KnownFence[], lon: number, lat: number): { fence: KnownFence; distance: number } | null {
  let best: { fence: KnownFence; distance: number } | null = null;
  for (const fence of fences) {
    const distance = distanceM(lon, lat, fence.lon, fence.lat);
    if (distance <= NEAR_FENCE_M && (!best || distance < best.distance)) best = { fence, distance };
  }
  return best;
}

/** The place of a point inside China: the nearest fence found, else the nearest city, else 解析失败. */
function placeOf(lon: number, lat: number, near: { fence: KnownFence; distance: number } | null): Place {
  if (near) {
    const { fence, distance } = near;
    const where = distance < 50 ? fence.areaName : `${fence.areaName}附近${km(distance)}公里`;
    return { province: fence.province, city: fence.city, district: fence.district ?? '', position: fence.address ? `${fence.address}（${where}）` : where };
  }
  const city = nearestCity(lon, lat);
  if (city && city.distance <= NEAR_CITY_M) {
    const head = city.city.province === city.city.city ? city.city.city : city.city.province + city.city.city;
    return { province: city.city.province, city: city.city.city, district: '', position: `${head}（距市中心${km(city.distance)}公里）` };
  }
  throw new GeocodeError(GEOCODE_FAILED);
}

export class OfflineGeocoder implements ReverseGeocoder {
  /** `corpId` limits the fences consulted to one corporation's (null: none, cities only). */
  constructor(private readonly conn: Conn, private readonly corpId: number | null) {}

  /** The corporation's fences with an address inside a box (degrees), in one query. */
  private fencesIn(west: number, east: number, south: number, north: number): Promise<KnownFence[]> {
    if (this.corpId === null) return Promise.resolve([]);
    return all<KnownFence>(this.conn,
      `SELECT area_name AS areaName, lon, lat, province, city, district, address FROM areas
       WHERE corp_id = ? AND is_deleted = 0 AND province IS NOT NULL AND city IS NOT NULL
         AND lon BETWEEN ? AND ? AND lat BETWEEN ? AND ?`,
      this.corpId, west, east, south, north);
  }

  private async nearestFence(lon: number, lat: number): Promise<{ fence: KnownFence; distance: number } | null> {
    const lonBox = lonBoxAt(lat);
    return nearestOf(await this.fencesIn(lon - lonBox, lon + lonBox, lat - BOX_DEG, lat + BOX_DEG), lon, lat);
  }

  async locate(lon: number, lat: number): Promise<Place> {
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) throw new GeocodeError(GEOCODE_FAILED);
    if (!insideChina(lon, lat)) throw new GeocodeError(GEOCODE_FOREIGN);
    return placeOf(lon, lat, await this.nearestFence(lon, lat));
  }

  /**
   * The position texts of many points ('' where nothing is known), with one fence query for all of
   * them (a list page of vehicles names each row's place without a query per row).
   */
  async placeNames(points: readonly (readonly [number, number])[]): Promise<string[]> {
    const known = points.filter(([lon, lat]) => Number.isFinite(lon) && Number.isFinite(lat) && insideChina(lon, lat));
    if (known.length === 0) return points.map(() => '');
    const lats = known.map((p) => p[1]);
    const lons = known.map((p) => p[0]);
    const lonBox = Math.max(...lats.map((lat) => lonBoxAt(lat)));
    const fences = await this.fencesIn(Math.min(...lons) - lonBox, Math.max(...lons) + lonBox, Math.min(...lats) - BOX_DEG, Math.max(...lats) + BOX_DEG);
    return points.map(([lon, lat]) => {
      if (!Number.isFinite(lon) || !Number.isFinite(lat) || !insideChina(lon, lat)) return '';
      try {
        return placeOf(lon, lat, nearestOf(fences, lon, lat)).position;
      } catch (e) {
        if (e instanceof GeocodeError) return '';
        throw e;
      }
    });
  }

  /** The position text of a point, or '' where nothing is known. */
  async placeName(lon: number, lat: number): Promise<string> {
    try {
      return (await this.locate(lon, lat)).position;
    } catch (e) {
      if (e instanceof GeocodeError) return '';
      throw e;
    }
  }
}
