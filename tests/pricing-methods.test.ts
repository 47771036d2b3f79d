// Pricing by one rule (docs/settlement.md "Pricing"): each method, tiers at and around their edges,
// the minimum charge, fee items, the fuel surcharge up, down and without an oil price, and the
// messages when a waybill lacks what its rule prices by. Pure: no database.
import { describe, expect, it } from 'vitest';
import { priceWaybill } from '../server/domain/settlement/pricing/price.ts';
import { oilPriceOn } from '../server/domain/settlement/pricing/fuel.ts';
import type { OilPrice, PriceResult, PricingOutcome, RateRule, WaybillFacts } from '../server/domain/settlement/pricing/types.ts';
import { carrierContract, DAY, oil, TRIP, waybillFacts, withRules } from './support/pricing-fixtures.ts';

function price(rule: Partial<RateRule>, facts: Partial<WaybillFacts> = {}, prices: OilPrice[] = []): PricingOutcome {
  const f = waybillFacts(facts);
  // The engine's own lookup of the price in force (fuel.ts), as the table and memory sources use it.
  return priceWaybill([withRules(carrierContract(), rule)], f, 'carrier', (region) => oilPriceOn(prices, region, f.tripDate));
}

function ok(outcome: PricingOutcome): PriceResult {
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome;
}

const amounts = (o: PricingOutcome) => ok(o).lines.map((l) => [l.kind, l.amount]);

describe('each pricing method prices its own quantity', () => {
  it('按吨: fen per ton × tons, rounded half up once (123.45元/吨 × 2.5005吨 = 308.686725元 → 308.69元)', () => {
    const r = ok(price({ pricingMethod: 1, unitPrice: 12_345 }, { weightG: 2_500_500 }));
    expect(r.lines).toEqual([{ kind: 'freight', ruleId: 101, quantity: '2.5005', unit: '吨', unitPrice: 12_345, amount: 30_869 }]);
    expect(r.total).toBe(30_869);
  });

  it('按方: fen per m³ × m³ (80.01元 × 1.2345方 = 98.772345元 → 98.77元)', () => {
    expect(amounts(price({ pricingMethod: 2, unitPrice: 8001 }, { volumeCm3: 1_234_500 }))).toEqual([['freight', 9877]]);
  });

  it('按件: an exact half fen rounds up (3.33元 × 2.5件 = 8.325元 → 8.33元)', () => {
    expect(amounts(price({ pricingMethod: 3, unitPrice: 333 }, { piecesMilli: 2500 }))).toEqual([['freight', 833]]);
  });

  it('按趟: one trip at the unit price, whatever the load', () => {
    const r = ok(price({ pricingMethod: 4, unitPrice: 250_000 }, { weightG: null, volumeCm3: null }));
    expect(r.lines[0]).toMatchObject({ quantity: '1', unit: '趟', amount: 250_000 });
  });

  it('按公里: fen per km × the waybill distance', () => {
    expect(ok(price({ pricingMethod: 5, unitPrice: 550 }, { distanceM: 680_400 })).lines[0]).toMatchObject({ quantity: '680.4', unit: '公里', amount: 374_220 });
  });

  it('a waybill without the quantity its method needs gets a message, not an amount', () => {
    expect(price({ pricingMethod: 1 }, { weightG: null })).toEqual({ ok: false, code: 'missingQuantity', message: '缺少重量，无法按吨计价' });
    expect(price({ pricingMethod: 2 }, { volumeCm3: null })).toMatchObject({ ok: false, message: '缺少体积，无法按方计价' });
    expect(price({ pricingMethod: 5 }, { distanceM: null })).toMatchObject({ ok: false, message: '缺少距离，无法按公里计价' });
  });

  it('a rule with a method or tier basis outside the dictionaries cannot price', () => {
    expect(price({ pricingMethod: 6 as never })).toMatchObject({ ok: false, code: 'badRule', message: '计价规则的计价方式或阶梯依据有误，无法计价' });
    expect(price({ tierBasis: 4 as never })).toMatchObject({ ok: false, code: 'badRule' });
  });

  it('a rule without a unit price cannot price', () => {
    expect(price({ unitPrice: null })).toMatchObject({ ok: false, code: 'badRule', message: '计价规则未设置单价，无法计价' });
  });
});

describe('progressive tiers (basis = the method quantity): each tier prices the part inside it', () => {
  // ≤10吨 100元/吨, 10~20吨 90元/吨, 20吨以上 80元/吨.
  const byWeight = { pricingMethod: 1, tierBasis: 2, tiers: [
    { scopeType: 1, high: 10, unitPrice: 10_000 }, { scopeType: 2, low: 10, high: 20, unitPrice: 9000 }, { scopeType: 3, low: 20, unitPrice: 8000 },
  ] } as const satisfies Partial<RateRule>;
  const tons = (t: number, g = 0) => ({ weightG: t * 1_000_000 + g });

  it('inside the first tier: one line', () => {
    expect(ok(price(byWeight, tons(5))).lines).toEqual([
      { kind: 'tier', ruleId: 101, quantity: '5', unit: '吨', unitPrice: 10_000, amount: 50_000, note: '第1阶梯（10吨及以下）' },
    ]);
  });

  it('at an edge the upper tier holds nothing, so the amount is the same from either side', () => {
    expect(amounts(price(byWeight, tons(10)))).toEqual([['tier', 100_000]]);
    expect(ok(price(byWeight, tons(10, -1))).total).toBe(100_000); // 9.999999吨 × 100元 = 999.9999元 → 1000.00元
    expect(ok(price(byWeight, tons(10, 1))).total).toBe(100_000);
    expect(ok(price(byWeight, tons(20))).total).toBe(190_000);
    expect(ok(price(byWeight, tons(20, 1))).total).toBe(190_000);
  });

  it('over several tiers: a line per tier with its part and price', () => {
    const r = ok(price(byWeight, tons(25)));
    expect(r.lines.map((l) => [l.quantity, l.unitPrice, l.amount])).toEqual([['10', 10_000, 100_000], ['10', 9000, 90_000], ['5', 8000, 40_000]]);
    expect(r.total).toBe(230_000);
  });

  it('by pieces (按件 with 件数 tiers)', () => {
    const r = price({ pricingMethod: 3, tierBasis: 1, tiers: [{ scopeType: 1, high: 100, unitPrice: 200 }, { scopeType: 3, low: 100, unitPrice: 150 }] }, { piecesMilli: 300_000 });
    expect(ok(r).total).toBe(20_000 + 30_000);
  });
});

describe('band tiers (basis ≠ the method quantity): the band holding the basis prices the whole quantity', () => {
  // 按趟 by distance: ≤100公里 800元/趟, 100~300公里 1500元/趟, 300公里以上 2000元/趟.
  const byDistance = { pricingMethod: 4, tierBasis: 3, tiers: [
    { scopeType: 1, high: 100, unitPrice: 80_000 }, { scopeType: 2, low: 100, high: 300, unitPrice: 150_000 }, { scopeType: 3, low: 300, unitPrice: 200_000 },
  ] } as const satisfies Partial<RateRule>;
  const total = (m: number) => ok(price(byDistance, { distanceM: m })).total;

  it('an edge value takes the lower band, as the first row "up to and including" says', () => {
    expect([total(99_999), total(100_000), total(100_001)]).toEqual([80_000, 80_000, 150_000]);
    expect([total(300_000), total(300_001), total(680_000)]).toEqual([150_000, 200_000, 200_000]);
  });

  it('the line names the basis and the band', () => {
    expect(ok(price(byDistance, { distanceM: 150_000 })).lines[0].note).toBe('距离150公里，适用第2阶梯（100~300公里）');
  });

  it('按吨 by distance band: the band price × the tons', () => {
    const r = price({ pricingMethod: 1, tierBasis: 3, tiers: [{ scopeType: 1, high: 500, unitPrice: 4000 }, { scopeType: 3, low: 500, unitPrice: 5000 }] }, { weightG: 10_000_000 });
    expect(ok(r).lines[0]).toMatchObject({ quantity: '10', unitPrice: 5000, amount: 50_000 });
  });

  it('without the basis quantity: a message naming it', () => {
    expect(price(byDistance, { distanceM: null })).toMatchObject({ ok: false, code: 'missingQuantity', message: '缺少距离，无法按趟计价' });
  });

  it('tiers that are not a continuous range cannot price', () => {
    const gap = { ...byDistance, tiers: [{ scopeType: 1, high: 100, unitPrice: 1 }, { scopeType: 3, low: 120, unitPrice: 2 }] } as Partial<RateRule>;
    expect(price(gap)).toMatchObject({ ok: false, code: 'badRule', message: '计价规则的阶梯设置有误，无法计价' });
  });
});

describe('minimum charge and fee items', () => {
  it('freight under the minimum is topped up by a line of the difference', () => {
    expect(amounts(price({ unitPrice: 10_000, minCharge: 50_000 }, { weightG: 1_000_000 }))).toEqual([['freight', 10_000], ['minimum', 40_000]]);
  });

  it('freight at or over the minimum has no minimum line', () => {
    expect(amounts(price({ unitPrice: 10_000, minCharge: 50_000 }, { weightG: 5_000_000 }))).toEqual([['freight', 50_000]]);
  });

  it('each fee item is a line of its fixed amount per waybill', () => {
    const r = ok(price({ unitPrice: 10_000, feeItems: [{ feeItemId: 3, amount: 20_000 }, { feeItemId: 4, amount: 5050 }] }));
    expect(r.lines.slice(1)).toEqual([
      { kind: 'fee', ruleId: 101, quantity: '1', unit: '票', unitPrice: 20_000, amount: 20_000, feeItemId: 3 },
      { kind: 'fee', ruleId: 101, quantity: '1', unit: '票', unitPrice: 5050, amount: 5050, feeItemId: 4 },
    ]);
    expect(r.total).toBe(100_000 + 25_050);
  });

  it('a rule with a fraction of a fen in its money cannot price', () => {
    expect(price({ minCharge: 10.5 })).toMatchObject({ ok: false, message: '计价规则的金额须为整数分，无法计价' });
  });
});

describe('fuel surcharge: base × coefficient × (oil price − base price) / base price', () => {
  // 100元/吨 × 10吨 = 1000元 freight; base price 7.00元/升, coefficient 0.3.
  const linked = { unitPrice: 10_000, fuelLinked: 1, fuelBasePrice: 700, fuelCoefficient: 0.3 } as const;

  it('up: oil at 7.70元 adds 1000 × 0.3 × 0.7/7 = 30元', () => {
    const r = ok(price(linked, {}, [oil(770)]));
    expect(r.lines[1]).toMatchObject({ kind: 'fuel', amount: 3000, note: '广东省油价7.7元/升，基准油价7元/升，联动系数0.3，计费基数1000元' });
    expect(r.total).toBe(103_000);
  });

  it('down: oil at 6.30元 takes 30元 off', () => {
    expect(amounts(price(linked, {}, [oil(630)]))).toEqual([['freight', 100_000], ['fuel', -3000]]);
  });

  it('the price in force on the trip date: the latest taking effect on or before it', () => {
    const prices = [oil(700, TRIP - 40 * DAY), oil(771, TRIP - 2 * DAY), oil(900, TRIP + DAY)];
    expect(amounts(price(linked, {}, prices))[1]).toEqual(['fuel', 3043]); // 1000 × 0.3 × 71/700 = 30.428…元
  });

  it('an oil price entered for 广东 is the price of a waybill leaving 广东省', () => {
    expect(amounts(price(linked, {}, [oil(770, TRIP - DAY, '广东')]))[1]).toEqual(['fuel', 3000]);
  });

  it('no oil price for the region on the date: no fuel line, and a note says so', () => {
    const r = ok(price(linked, {}, [oil(900, TRIP + DAY), oil(800, TRIP - DAY, '湖南省')]));
    expect(r.lines.map((l) => l.kind)).toEqual(['freight']);
    expect(r.notes).toEqual(['未找到广东省在运单日期的油价，未计燃油附加费']);
  });

  it("the rule's own region over the origin province", () => {
    expect(amounts(price({ ...linked, fuelRegion: '湖南省' }, {}, [oil(630), oil(840, TRIP - DAY, '湖南省')]))[1]).toEqual(['fuel', 6000]);
  });

  it('the base is the freight after the minimum charge; fee items are not fuel-linked', () => {
    const r = ok(price({ ...linked, minCharge: 200_000, feeItems: [{ feeItemId: 1, amount: 50_000 }] }, {}, [oil(770)]));
    expect(r.lines.map((l) => [l.kind, l.amount])).toEqual([['freight', 100_000], ['minimum', 100_000], ['fee', 50_000], ['fuel', 6000]]);
  });

  it('half a fen rounds away from zero, up and down alike', () => {
    // 10元 × 0.35 × (±0.01/7) = ±0.005元.
    const half = { unitPrice: 1000, fuelLinked: 1, fuelBasePrice: 700, fuelCoefficient: 0.35 } as const;
    expect(amounts(price(half, { weightG: 1_000_000 }, [oil(701)]))[1]).toEqual(['fuel', 1]);
    expect(amounts(price(half, { weightG: 1_000_000 }, [oil(699)]))[1]).toEqual(['fuel', -1]);
  });

  it('a fuel-linked rule without a base price prices without the surcharge and says why', () => {
    expect(ok(price({ ...linked, fuelBasePrice: null }, {}, [oil(770)])).notes).toEqual(['燃油联动未设置基准油价或联动系数，未计燃油附加费']);
    expect(ok(price({ ...linked, fuelCoefficient: 1.5 }, {}, [oil(770)])).notes).toEqual(['燃油联动系数须在0到1之间，未计燃油附加费']);
  });
});
