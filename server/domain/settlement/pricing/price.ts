// Prices a waybill by one chosen rule: freight (or its tiers), the minimum charge's top-up, the fee
// items and the fuel surcharge, one line each. Each line is computed exactly and rounded to fen once
// (exact.ts); the total is the sum of the rounded lines, so a bill adds up to the fen.
import { decimalText, frac, roundHalfAwayFromZero } from './exact.ts';
import { fuelLine, fuelRegionOf } from './fuel.ts';
import { chooseRule } from './match.ts';
import { ERRORS, missingQuantity } from './messages.ts';
import { METHOD_LABELS, METHOD_QUANTITY, quantityOf, TIER_BASIS_QUANTITY, type Quantity } from './quantities.ts';
import { bandOf, partText, progressiveParts, scaleTiers } from './tiers.ts';
import type { ChosenRule, OilPrice, PricedLine, PricingError, PricingOutcome, PricingSide, ContractWithRules, RateRule, WaybillFacts } from './types.ts';

/** fen per unit × quantity, rounded once. */
const amountOf = (unitPrice: number, value: bigint, perUnit: bigint) => roundHalfAwayFromZero(frac(BigInt(unitPrice) * value, perUnit));

const qtyText = (q: Quantity) => decimalText(q.value, q.places);

function freightLines(rule: RateRule, facts: WaybillFacts): PricedLine[] | PricingError {
  const methodKind = METHOD_QUANTITY[rule.pricingMethod];
  const method = METHOD_LABELS[rule.pricingMethod];
  if (!methodKind || (rule.tierBasis != null && !TIER_BASIS_QUANTITY[rule.tierBasis])) return ERRORS.badMethod;
  const q = quantityOf(methodKind, facts);
  if (!q) return missingQuantity(methodKind.label, method);
  const line = (kind: PricedLine['kind'], quantity: string, unitPrice: number, amount: number, note?: string): PricedLine =>
    ({ kind, ruleId: rule.id, quantity, unit: q.unit, unitPrice, amount, ...(note ? { note } : {}) });

  if (rule.tierBasis === null || rule.tierBasis === undefined) {
    if (rule.unitPrice === null || !Number.isSafeInteger(rule.unitPrice) || rule.unitPrice < 0) return ERRORS.noUnitPrice;
    return [line('freight', qtyText(q), rule.unitPrice, amountOf(rule.unitPrice, q.value, q.perUnit))];
  }
  const basisKind = TIER_BASIS_QUANTITY[rule.tierBasis];
  const rows = scaleTiers(rule.tiers, basisKind);
  if (!rows) return ERRORS.badTiers;
  if (basisKind === methodKind) {
    return progressiveParts(q.value, rows).map(({ tier, part }) =>
      line('tier', partText(part, methodKind), tier.unitPrice, amountOf(tier.unitPrice, part, q.perUnit), `第${tier.index + 1}阶梯（${tier.label}）`));
  }
  const basis = quantityOf(basisKind, facts);
  if (!basis) return missingQuantity(basisKind.label, method);
  const tier = bandOf(basis.value, rows);
  const note = `${basisKind.label}${qtyText(basis)}${basis.unit}，适用第${tier.index + 1}阶梯（${tier.label}）`;
  return [line('tier', qtyText(q), tier.unitPrice, amountOf(tier.unitPrice, q.value, q.perUnit), note)];
}

const whole = (v: number | null) => v === null || (Number.isSafeInteger(v) && v >= 0);
/** Money of a rule is whole fen: a stray fraction would make the total a non-integer. */
const moneyFieldsWhole = (r: RateRule) => whole(r.minCharge) && whole(r.fuelBasePrice) && (r.feeItems ?? []).every((f) => whole(f.amount));

const sum = (lines: readonly PricedLine[]) => lines.reduce((s, l) => s + l.amount, 0);

/** The lines of one rule for one waybill; `oil` is the price on the trip date in the rule's fuel region. */
export function priceByRule(chosen: ChosenRule, facts: WaybillFacts, oil: OilPrice | null): PricingOutcome {
  const { rule } = chosen;
  if (!moneyFieldsWhole(rule)) return ERRORS.badMoney;
  const freight = freightLines(rule, facts);
  if ('ok' in freight) return freight;
  const lines = [...freight];
  const freightTotal = sum(freight);
  if (rule.minCharge !== null && freightTotal < rule.minCharge) {
    lines.push({ kind: 'minimum', ruleId: rule.id, quantity: null, unit: null, unitPrice: null, amount: rule.minCharge - freightTotal, note: '运费低于最低收费，补足差额' });
  }
  const fuelBase = sum(lines);
  for (const fee of rule.feeItems ?? []) {
    lines.push({ kind: 'fee', ruleId: rule.id, quantity: '1', unit: '票', unitPrice: fee.amount, amount: fee.amount, feeItemId: fee.feeItemId });
  }
  const notes: string[] = [];
  if (rule.fuelLinked === 1) {
    const fuel = fuelLine(rule, fuelBase, fuelRegionOf(rule, facts), oil);
    if ('line' in fuel) lines.push(fuel.line);
    else notes.push(fuel.note);
  }
  return { ok: true, lines, total: sum(lines), ruleId: rule.id, contractId: chosen.contract.id, reason: chosen.reason, notes };
}

/** Chooses the rule and prices by it; `oilPriceIn(region)` answers the oil price on the trip date. */
export function priceWaybill(
  contracts: readonly ContractWithRules[], facts: WaybillFacts, side: PricingSide, oilPriceIn: (region: string) => OilPrice | null,
): PricingOutcome {
  const chosen = chooseRule(contracts, facts, side);
  if ('ok' in chosen) return chosen;
  const region = chosen.rule.fuelLinked === 1 ? fuelRegionOf(chosen.rule, facts) : null;
  return priceByRule(chosen, facts, region ? oilPriceIn(region) : null);
}
