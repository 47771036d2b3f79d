// Reverse geocoding (a point to province, city, district and a readable position) behind one
// interface, so an online provider can replace the offline one without touching its callers.
import { failure, type ApiError } from '../../http/envelope.ts';

export interface Place {
  province: string;
  city: string;
  district: string;
  /** A readable description: an address, or "near <known place>". */
  position: string;
}

export interface ReverseGeocoder {
  /** The place at a WGS-84 point; rejects with a GeocodeError the console shows as it is. */
  locate(lon: number, lat: number): Promise<Place>;
}

/** Spec section 8: address lookup failure. */
export const GEOCODE_FAILED = '解析失败';
/** Spec section 8 ('failed to get detailed location, foreign nodes not supported yet'); the console clears the address fields. */
export const GEOCODE_FOREIGN = '获取详细位置失败，暂不支持国外节点';

export class GeocodeError extends Error {
  constructor(readonly reason: typeof GEOCODE_FAILED | typeof GEOCODE_FOREIGN) {
    super(reason);
  }
  toApiError(): ApiError {
    return failure(this.message);
  }
}

/** A generous box around China's territory: outside it no provider of ours knows addresses. */
export function insideChina(lon: number, lat: number): boolean {
  return lon >= 73.4 && lon <= 135.1 && lat >= 3.8 && lat <= 53.6;
}
