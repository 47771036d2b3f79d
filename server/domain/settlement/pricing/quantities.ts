// The quantity each pricing method and tier basis prices, as an integer of a small unit with the
// number of those units in one pricing unit: grams per ton, cm³ per m³, thousandths per piece,
// metres per km. Amount = fen per unit × value / perUnit, exact.
import type { RateRule, WaybillFacts } from './types.ts';

export interface Quantity {
  value: bigint;
  perUnit: bigint;
  /** Decimal places of perUnit (a power of ten), for the line's quantity text. */
  places: number;
  unit: string;
}

export interface QuantityKind {
  label: string;
  unit: string;
  perUnit: number;
  places: number;
  read(f: WaybillFacts): number | null;
}

const WEIGHT: QuantityKind = { label: '重量', unit: '吨', perUnit: 1_000_000, places: 6, read: (f) => f.weightG };
const VOLUME: QuantityKind = { label: '体积', unit: '方', perUnit: 1_000_000, places: 6, read: (f) => f.volumeCm3 };
const PIECES: QuantityKind = { label: '件数', unit: '件', perUnit: 1000, places: 3, read: (f) => f.piecesMilli };
const TRIP: QuantityKind = { label: '趟数', unit: '趟', perUnit: 1, places: 0, read: () => 1 };
const DISTANCE: QuantityKind = { label: '距离', unit: '公里', perUnit: 1000, places: 3, read: (f) => f.distanceM };

export const METHOD_LABELS: Record<RateRule['pricingMethod'], string> = { 1: '按吨', 2: '按方', 3: '按件', 4: '按趟', 5: '按公里' };

/** The quantity of each pricing method (dictionary pricingMethod). */
export const METHOD_QUANTITY: Record<RateRule['pricingMethod'], QuantityKind> = { 1: WEIGHT, 2: VOLUME, 3: PIECES, 4: TRIP, 5: DISTANCE };

/** The quantity of each tier basis: 1 件数, 2 重量(吨), 3 距离(公里). */
export const TIER_BASIS_QUANTITY: Record<NonNullable<RateRule['tierBasis']>, QuantityKind> = { 1: PIECES, 2: WEIGHT, 3: DISTANCE };

/** The waybill's quantity of a kind, or null when the waybill does not say it. */
export function quantityOf(kind: QuantityKind, facts: WaybillFacts): Quantity | null {
  const v = kind.read(facts);
  if (v === null || !Number.isSafeInteger(v) || v < 0) return null;
  return { value: BigInt(v), perUnit: BigInt(kind.perUnit), places: kind.places, unit: kind.unit };
}
