// Properties of pricing over generated rules and waybills (issue 16's property tests): the same facts
// price the same twice; the total is the sum of the lines; every amount is a whole fen; each line is
// within half a fen of the exact rational amount (so no float ever touched money); progressive tiers
// are continuous at their edges and band tiers give an edge value the lower band's price.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceWaybill } from '../server/domain/settlement/pricing/price.ts';
import type { PriceResult, PricedLine, RateRule, RateTier, WaybillFacts } from '../server/domain/settlement/pricing/types.ts';
import { carrierContract, oil, waybillFacts, withRules } from './support/pricing-fixtures.ts';

const RUNS = { numRuns: 300, seed: 16 };

/** A valid tiered range: 2–5 rows, edges strictly rising with up to three decimals. */
const tiersArb = fc.tuple(fc.uniqueArray(fc.integer({ min: 1, max: 2_000_000 }), { minLength: 1, maxLength: 4 }), fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 5, maxLength: 5 }))
  .map(([edges, prices]): RateTier[] => {
    const h = [...edges].sort((a, b) => a - b).map((e) => e / 1000);
    return [
      { scopeType: 1, high: h[0], unitPrice: prices[0] },
      ...h.slice(1).map((high, i) => ({ scopeType: 2 as const, low: h[i], high, unitPrice: prices[i + 1] })),
      { scopeType: 3, low: h.at(-1)!, unitPrice: prices[4] },
    ];
  });

const ruleArb = fc.record({
  pricingMethod: fc.constantFrom(1, 2, 3, 4, 5) as fc.Arbitrary<RateRule['pricingMethod']>,
  unitPrice: fc.integer({ min: 0, max: 10_000_000 }),
  tierBasis: fc.constantFrom(null, 1, 2, 3) as fc.Arbitrary<RateRule['tierBasis']>,
  tiers: tiersArb,
  minCharge: fc.option(fc.integer({ min: 0, max: 10_000_000 })),
  feeItems: fc.array(fc.record({ feeItemId: fc.integer({ min: 1, max: 9 }), amount: fc.integer({ min: 0, max: 1_000_000 }) }), { maxLength: 3 }),
  fuelLinked: fc.constantFrom(0, 1) as fc.Arbitrary<0 | 1>,
  fuelBasePrice: fc.integer({ min: 100, max: 2000 }),
  fuelCoefficient: fc.integer({ min: 0, max: 10_000 }).map((c) => c / 10_000),
});

const factsArb = fc.record({
  weightG: fc.integer({ min: 0, max: 100_000_000 }),
  volumeCm3: fc.integer({ min: 0, max: 100_000_000 }),
  piecesMilli: fc.integer({ min: 0, max: 10_000_000 }),
  distanceM: fc.integer({ min: 0, max: 5_000_000 }),
});

const oilArb = fc.option(fc.integer({ min: 0, max: 3000 }));

function priced(rule: Partial<RateRule>, facts: Partial<WaybillFacts>, oilPrice: number | null): PriceResult {
  const outcome = priceWaybill([withRules(carrierContract(), rule)], waybillFacts(facts), 'carrier', () => (oilPrice === null ? null : oil(oilPrice)));
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome;
}

/** The exact decimal text of a quantity as value × 10^-places. */
function scaledOf(text: string): { value: bigint; scale: bigint } {
  const [whole, part = ''] = text.split('.');
  return { value: BigInt(whole + part), scale: 10n ** BigInt(part.length) };
}

const abs = (v: bigint) => (v < 0n ? -v : v);
const freightOf = (r: PriceResult) => r.lines.filter((l) => l.kind === 'freight' || l.kind === 'tier').reduce((s, l) => s + l.amount, 0);

describe('pricing properties', () => {
  it('the same facts price the same twice', () => {
    fc.assert(fc.property(ruleArb, factsArb, oilArb, (rule, facts, p) => {
      expect(priced(rule, facts, p)).toEqual(priced(rule, facts, p));
    }), RUNS);
  });

  it('the total is the sum of the lines, and every amount is a whole fen', () => {
    fc.assert(fc.property(ruleArb, factsArb, oilArb, (rule, facts, p) => {
      const r = priced(rule, facts, p);
      for (const l of r.lines) expect(Number.isSafeInteger(l.amount)).toBe(true);
      expect(r.total).toBe(r.lines.reduce((s, l) => s + l.amount, 0));
    }), RUNS);
  });

  it('each priced line is within half a fen of its exact rational amount', () => {
    fc.assert(fc.property(ruleArb, factsArb, oilArb, (rule, facts, p) => {
      const r = priced(rule, facts, p);
      const quantityLines = r.lines.filter((l): l is PricedLine & { quantity: string; unitPrice: number } => l.kind === 'freight' || l.kind === 'tier');
      for (const l of quantityLines) {
        const { value, scale } = scaledOf(l.quantity);
        expect(2n * abs(BigInt(l.amount) * scale - BigInt(l.unitPrice) * value) <= scale).toBe(true);
      }
      const fuel = r.lines.find((l) => l.kind === 'fuel');
      if (fuel && p !== null) {
        const base = BigInt(r.lines.filter((l) => l.kind !== 'fee' && l.kind !== 'fuel').reduce((s, l) => s + l.amount, 0));
        const c = BigInt(Math.round(rule.fuelCoefficient * 10_000));
        const den = BigInt(rule.fuelBasePrice) * 10_000n;
        expect(2n * abs(BigInt(fuel.amount) * den - base * c * BigInt(p - rule.fuelBasePrice)) <= den).toBe(true);
      }
    }), RUNS);
  });

  it('progressive tiers: one small unit either side of an edge moves the freight by at most that unit’s price and a fen', () => {
    // The method and its own basis: 按件/件数, 按吨/重量, 按公里/距离; quantities in thousandths, grams, metres.
    const kinds = [
      { method: 3, basis: 1, field: 'piecesMilli', perUnit: 1000 },
      { method: 1, basis: 2, field: 'weightG', perUnit: 1_000_000 },
      { method: 5, basis: 3, field: 'distanceM', perUnit: 1000 },
    ] as const;
    fc.assert(fc.property(fc.constantFrom(...kinds), tiersArb, (k, tiers) => {
      const rule = { pricingMethod: k.method, tierBasis: k.basis, tiers } as Partial<RateRule>;
      const at = (v: number) => freightOf(priced(rule, { [k.field]: v }, null));
      const step = Math.max(...tiers.map((t) => t.unitPrice)) / k.perUnit + 1;
      for (const t of tiers.slice(0, -1)) {
        const edge = Math.round(t.high! * k.perUnit);
        expect(Math.abs(at(edge + 1) - at(edge))).toBeLessThanOrEqual(step);
        expect(Math.abs(at(edge) - at(edge - 1))).toBeLessThanOrEqual(step);
      }
    }), RUNS);
  });

  it('band tiers: an edge value is priced as the band below it', () => {
    fc.assert(fc.property(tiersArb, fc.integer({ min: 0, max: 100_000_000 }), (tiers, weightG) => {
      const rule = { pricingMethod: 1, tierBasis: 3, tiers } as Partial<RateRule>; // 按吨, banded by distance
      for (const t of tiers.slice(0, -1)) {
        const edge = Math.round(t.high! * 1000);
        const at = (m: number) => priced(rule, { weightG, distanceM: m }, null).lines[0].unitPrice;
        expect(at(edge)).toBe(at(edge - 1));
        expect(at(edge)).toBe(t.unitPrice);
      }
    }), RUNS);
  });
});
