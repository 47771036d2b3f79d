// Coordinates are stored in WGS-84; AMap and Tencent draw in GCJ-02. The conversion is derived on
// the way out (never stored), with gcoord, rounded to the 6 decimals of every coordinate we send.
import gcoord from 'gcoord';
import { formatLatLngList, round6, type LonLat } from './geometry.ts';

export function toGcj02(p: LonLat): LonLat {
  const [lon, lat] = gcoord.transform([p.lon, p.lat], gcoord.WGS84, gcoord.GCJ02) as [number, number];
  return { lon: round6(lon), lat: round6(lat) };
}

/** The fence's points as the map dialog's llObjArr: each point in both systems. */
export function llObjArr(points: readonly LonLat[]) {
  return points.map((p) => {
    const g = toGcj02(p);
    return { lng84: round6(p.lon), lat84: round6(p.lat), lng02: g.lon, lat02: g.lat };
  });
}

/** 'lat,lng;...' in GCJ-02 (the spec's areaLonLatGoogle). */
export const latLngListGcj02 = (points: readonly LonLat[]) => formatLatLngList(points.map(toGcj02));
