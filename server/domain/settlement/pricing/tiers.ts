// Tiers of a rate rule (the tiered range editor's rows: first "up to and including high", middle
// "between low and high", last "low and above"; the editor makes each row start where the previous
// ends). An edge value belongs to the lower row, as the first row's "including high" says, so the rows
// split the quantities as (−∞, h₁], (h₁, h₂], …, (hₙ₋₁, ∞): every quantity lies in exactly one row.
//
// Two ways to use them (docs/settlement.md "Tiers"):
// - progressive (累进), when the tier basis is the method's own quantity (按件 by 件数, 按吨 by 重量,
//   按公里 by 距离): each row prices the part of the quantity inside it, so the amount is continuous —
//   at an edge the next row holds nothing yet;
// - band (区间), when the basis is another quantity (按趟 by 距离, 按吨 by 距离 …): the row holding the
//   basis value gives the unit price of the whole quantity; the edge value takes the lower row's price.
import { validateTiers } from '../../../../schemas/keywords/tiered.ts';
import { decimalText, toScaled } from './exact.ts';
import type { QuantityKind } from './quantities.ts';
import type { RateTier } from './types.ts';

export interface ScaledTier {
  index: number;
  /** In the kind's small unit; null: unbounded. */
  low: bigint | null;
  high: bigint | null;
  unitPrice: number;
  /** The row's range in the rule's own words ('10~20吨'). */
  label: string;
}

// A rule's tiers scaled once per quantity kind: a month's pricing meets the same few thousand rules a
// million times, and checking and scaling them is most of a tiered rule's work. Keyed by the tiers array
// itself (rules are read, never edited in place), so a rule read again is scaled again.
const scaled = new WeakMap<readonly RateTier[], Map<QuantityKind, ScaledTier[] | null>>();

/** The rows in the quantity's small unit, or null when they are not a valid tiered range with prices. */
export function scaleTiers(tiers: readonly RateTier[] | null, kind: QuantityKind): ScaledTier[] | null {
  if (!tiers) return null;
  let byKind = scaled.get(tiers);
  if (!byKind) scaled.set(tiers, (byKind = new Map()));
  if (!byKind.has(kind)) byKind.set(kind, scaleTiersOnce(tiers, kind));
  return byKind.get(kind)!;
}

function scaleTiersOnce(tiers: readonly RateTier[], kind: QuantityKind): ScaledTier[] | null {
  const entries = tiers.map((t) => ({ scopeType: t.scopeType, low: t.low ?? undefined, high: t.high ?? undefined }));
  if (validateTiers(entries).length > 0) return null;
  if (tiers.some((t) => !Number.isSafeInteger(t.unitPrice) || t.unitPrice < 0)) return null;
  const last = tiers.length - 1;
  return tiers.map((t, index) => {
    const low = index === 0 ? null : toScaled(t.low!, kind.perUnit);
    const high = index === last ? null : toScaled(t.high!, kind.perUnit);
    const label = index === 0 ? `${t.high}${kind.unit}及以下` : index === last ? `${t.low}${kind.unit}以上` : `${t.low}~${t.high}${kind.unit}`;
    return { index, low, high, unitPrice: t.unitPrice, label };
  });
}

/** Progressive: the part of `value` inside each row (rows holding nothing left out). */
export function progressiveParts(value: bigint, rows: readonly ScaledTier[]): { tier: ScaledTier; part: bigint }[] {
  const out: { tier: ScaledTier; part: bigint }[] = [];
  for (const tier of rows) {
    const from = tier.low ?? 0n;
    const to = tier.high === null || value < tier.high ? value : tier.high;
    if (to > from) out.push({ tier, part: to - from });
  }
  return out;
}

/** Band: the row holding `value` (an edge value in the lower row). */
export function bandOf(value: bigint, rows: readonly ScaledTier[]): ScaledTier {
  return rows.find((t) => t.high === null || value <= t.high)!;
}

export const partText = (part: bigint, kind: QuantityKind) => decimalText(part, kind.places);
