// Straight-line (great-circle, haversine) distance between two places, in km. The spec's
// orderInfo/getChangeDistance gives no rule; a road distance would need a routing service, so the
// change-destination dialog shows the straight line between the areas' centres (docs/api.md).
const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

export function haversineKm(a: { lon: number; lat: number }, b: { lon: number; lat: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Kilometres to one decimal, as the platform shows distances (spec section 9). */
export const km1 = (km: number) => Math.round(km * 10) / 10;
