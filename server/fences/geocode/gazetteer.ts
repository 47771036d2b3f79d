// The offline geocoder's coarse layer: city centres (WGS-84, approximate) of the cities the
// platform's customers operate in, from schemas/geo/cities.json (the demo fixtures read the same
// file; the server may not import fixtures/). Nearer detail comes from the corporation's fences
// (offline.ts), whose rows carry their district.
import CITY_ROWS from '../../../schemas/geo/cities.json';

export interface CityCentre {
  province: string;
  city: string;
  districts: readonly string[];
  lon: number;
  lat: number;
}

export const CITY_CENTRES: readonly CityCentre[] = CITY_ROWS.cities.map(({ province, city, districts, lon, lat }) => ({ province, city, districts, lon, lat }));
