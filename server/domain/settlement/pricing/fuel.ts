// The fuel surcharge (燃油附加费) of a fuel-linked rule:
//   base × coefficient × (oil price on the trip date in the region − base price) / base price,
// where base is the freight after the minimum charge (fee items are not fuel-linked). It is negative
// when oil got cheaper than the contract's base price: linkage works both ways, as the contracts that
// use it intend. The total cannot go below zero: the coefficient is at most 1 and an oil price is not
// negative, so the surcharge is never below −base.
import { samePlace } from './place-names.ts';
import { decimalText, frac, roundHalfAwayFromZero, toScaled } from './exact.ts';
import { NOTES } from './messages.ts';
import type { OilPrice, PricedLine, RateRule, WaybillFacts } from './types.ts';

/** The oil type of fuel linkage: the rule names none, and freight trucks run on diesel. */
/** The `oilType` dictionary's 0#柴油: the fuel a fuel-linked rule follows. */
export const FUEL_OIL_TYPE = 0;
/** The coefficient has at most four decimals: it is computed in ten-thousandths. */
const COEFFICIENT_SCALE = 10_000;

/** The region whose oil price a rule follows: its own, else the waybill's origin province. */
export const fuelRegionOf = (rule: RateRule, facts: WaybillFacts): string | null =>
  rule.fuelRegion?.trim() || facts.origin.province?.trim() || null;

/** The price in force on `date`: the latest of the region (and oil type) taking effect on or before it. */
export function oilPriceOn(prices: readonly OilPrice[], region: string, date: number, oilType = FUEL_OIL_TYPE): OilPrice | null {
  let found: OilPrice | null = null;
  for (const p of prices) {
    if (p.oilType !== oilType || p.effectiveDate > date || !samePlace(p.region, region)) continue;
    if (!found || p.effectiveDate > found.effectiveDate) found = p;
  }
  return found;
}

const yuan = (fen: number) => decimalText(fen, 2);

/** The fuel line, or the note saying why there is none. */
export function fuelLine(rule: RateRule, base: number, region: string | null, oil: OilPrice | null): { line: PricedLine } | { note: string } {
  if (!region) return { note: NOTES.noFuelRegion };
  const basePrice = rule.fuelBasePrice;
  const coefficient = rule.fuelCoefficient;
  if (basePrice === null || basePrice <= 0 || coefficient === null) return { note: NOTES.noFuelBase };
  // Above 1 a fall in the oil price could take the total below zero; the rule's form allows 0–1.
  if (!(coefficient >= 0 && coefficient <= 1)) return { note: NOTES.badCoefficient };
  if (!oil) return { note: NOTES.noOilPrice(region) };
  const c = toScaled(coefficient, COEFFICIENT_SCALE);
  const amount = roundHalfAwayFromZero(frac(BigInt(base) * c * BigInt(oil.price - basePrice), BigInt(basePrice) * BigInt(COEFFICIENT_SCALE)));
  const note = `${region}油价${yuan(oil.price)}元/升，基准油价${yuan(basePrice)}元/升，联动系数${decimalText(c, 4)}，计费基数${yuan(base)}元`;
  return { line: { kind: 'fuel', ruleId: rule.id, quantity: null, unit: null, unitPrice: null, amount, note } };
}
