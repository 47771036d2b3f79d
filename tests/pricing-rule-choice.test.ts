// Which rule prices a waybill (docs/settlement.md "Rule choice"): the party's contracts in force on the
// trip date, the rules matching the waybill (empty = any), the most specific, and the tie-break.
import { describe, expect, it } from 'vitest';
import { chooseRule, inForce } from '../server/domain/settlement/pricing/match.ts';
import type { ChosenRule, ContractWithRules, PricingError, PricingSide, RateRule, WaybillFacts } from '../server/domain/settlement/pricing/types.ts';
import { carrierContract, DAY, TRIP, waybillFacts, withRules } from './support/pricing-fixtures.ts';

function winner(contracts: ContractWithRules[], facts: Partial<WaybillFacts> = {}, side: PricingSide = 'carrier'): ChosenRule {
  const chosen = chooseRule(contracts, waybillFacts(facts), side);
  if ('ok' in chosen) throw new Error(chosen.message);
  return chosen;
}
const failure = (contracts: ContractWithRules[], facts: Partial<WaybillFacts> = {}, side: PricingSide = 'carrier') =>
  chooseRule(contracts, waybillFacts(facts), side) as PricingError;
const names = (rules: Partial<RateRule>[]) => rules.map((r, i) => ({ ruleName: `R${i + 1}`, ...r }));
const pick = (...rules: Partial<RateRule>[]) => winner([withRules(carrierContract(), ...names(rules))]).rule.ruleName;

describe('the most specific matching rule wins', () => {
  it('district over city over province over no line', () => {
    expect(pick({}, { originProvince: '广东省' }, { originProvince: '广东省', originCity: '广州市' }, { originCity: '广州市', originDistrict: '白云区' })).toBe('R4');
    expect(pick({}, { originProvince: '广东省' }, { destCity: '长沙市' })).toBe('R3');
  });

  it('both ends count: origin city + destination city over origin district alone', () => {
    expect(pick({ originDistrict: '白云区' }, { originCity: '广州市', destCity: '长沙市' })).toBe('R2');
  });

  it('a line level outweighs business type, car model, goods category and temperature class together', () => {
    expect(pick({ businessType: 1, carModelId: 7, goodsCategory: 1, temperatureClass: 1 }, { destProvince: '湖南省' })).toBe('R2');
  });

  it('business type outweighs the three after it together; car model the two after it; goods category the last', () => {
    expect(pick({ carModelId: 7, goodsCategory: 1, temperatureClass: 1 }, { businessType: 1 })).toBe('R2');
    expect(pick({ goodsCategory: 1, temperatureClass: 1 }, { carModelId: 7 })).toBe('R2');
    expect(pick({ temperatureClass: 1 }, { goodsCategory: 1 })).toBe('R2');
  });

  it('a place typed without its suffix (广东, 广州, 白云) is the waybill\'s 广东省 / 广州市 / 白云区, and keeps its specificity', () => {
    expect(pick({}, { originProvince: '广东' })).toBe('R2');
    expect(pick({ originProvince: '广东省' }, { originProvince: '广东', originCity: '广州', originDistrict: '白云' })).toBe('R2');
    expect(pick({}, { originProvince: '广西' })).toBe('R1');
  });

  it('a filled field that differs from the waybill rules the rule out, however specific', () => {
    expect(pick({}, { originCity: '深圳市', originDistrict: '白云区', businessType: 1 })).toBe('R1');
    expect(pick({}, { temperatureClass: 4 })).toBe('R1');
    expect(pick({}, { carModelId: 8 })).toBe('R1');
  });

  it('a goods category rule prices only a load all of that category; a line without a category matches only "any"', () => {
    expect(winner([withRules(carrierContract(), { ruleName: 'any' }, { ruleName: 'feed', goodsCategory: 1 })], { goodsCategories: [1, 1] }).rule.ruleName).toBe('feed');
    expect(winner([withRules(carrierContract(), { ruleName: 'any' }, { ruleName: 'feed', goodsCategory: 1 })], { goodsCategories: [1, 2] }).rule.ruleName).toBe('any');
    expect(winner([withRules(carrierContract(), { ruleName: 'any' }, { ruleName: 'feed', goodsCategory: 1 })], { goodsCategories: [1, null] }).rule.ruleName).toBe('any');
  });

  it('says why it won', () => {
    expect(winner([withRules(carrierContract(), {}, { originProvince: '广东省' })]).reason).toBe('匹配规则2条，选用最具体的规则（具体度16）');
  });
});

describe('ties are broken the same way whatever the order of the rows', () => {
  const older = withRules(carrierContract({ id: 1, validFrom: TRIP - 60 * DAY }), { ruleName: 'old', originProvince: '广东省' });
  const newer = withRules(carrierContract({ id: 2, validFrom: TRIP - 10 * DAY }), { ruleName: 'new', destProvince: '湖南省' });

  it('the contract taking effect later wins', () => {
    expect(winner([older, newer]).rule.ruleName).toBe('new');
    expect(winner([newer, older]).rule.ruleName).toBe('new');
    expect(winner([older, newer]).reason).toContain('取生效日期较晚的合同');
  });

  it('same dates: the higher contract id; same contract: the lower rule id', () => {
    const a = withRules(carrierContract({ id: 3 }), { ruleName: 'c3' });
    const b = withRules(carrierContract({ id: 4 }), { ruleName: 'c4' });
    expect(winner([b, a]).rule.ruleName).toBe('c4');
    expect(winner([b, a]).reason).toBe('匹配规则2条，选用最具体的规则（具体度0）；与其他规则具体度相同，取较新录入的合同');
    const one = withRules(carrierContract(), { ruleName: 'first' }, { ruleName: 'second' });
    expect(winner([{ ...one, rules: [...one.rules].reverse() }]).rule.ruleName).toBe('first');
    expect(winner([one]).reason).toContain('取规则编号较小者');
  });

  it('a more specific rule of an older contract still beats a vaguer rule of a newer one', () => {
    const specific = withRules(carrierContract({ id: 1, validFrom: TRIP - 60 * DAY }), { ruleName: 'specific', originCity: '广州市' });
    expect(winner([specific, newer]).rule.ruleName).toBe('specific');
  });
});

describe('only the party’s contracts in force on the trip date', () => {
  const rule = { ruleName: 'r' };

  it('a contract ending on the trip day covers the whole day (Asia/Shanghai)', () => {
    const dayStart = Date.UTC(2026, 5, 14, 16, 0, 0); // 2026-06-15 00:00 in Shanghai; the trip is at 10:00
    expect(inForce(carrierContract({ validUntil: dayStart }), TRIP)).toBe(true);
    expect(inForce(carrierContract({ validUntil: dayStart - 1 }), TRIP)).toBe(false);
    expect(inForce(carrierContract({ validFrom: TRIP + 1 }), TRIP)).toBe(false);
  });

  it('expired, not yet in force or terminated contracts price nothing', () => {
    const message = '承运商在运单日期没有生效的合同';
    expect(failure([withRules(carrierContract({ validUntil: TRIP - 2 * DAY }), rule)])).toEqual({ ok: false, code: 'noContract', message });
    expect(failure([withRules(carrierContract({ status: 99 }), rule)]).message).toBe(message);
  });

  it("another carrier's contract, or a customer contract, is not the carrier's", () => {
    expect(failure([withRules(carrierContract({ carrierId: 6 }), rule)]).code).toBe('noContract');
    expect(failure([withRules(carrierContract({ contractType: 1, carrierId: null, customerId: 5 }), rule)]).code).toBe('noContract');
  });

  it('the customer side prices by the customer of the orders', () => {
    const customer = withRules(carrierContract({ id: 8, contractType: 1, carrierId: null, customerId: 9 }), { ruleName: 'customer' });
    expect(winner([customer], {}, 'customer').rule.ruleName).toBe('customer');
    expect(failure([customer], { customerIds: [9, 10] }, 'customer').message).toBe('运单包含多个客户的订单，无法按一个客户合同计价');
    expect(failure([customer], { customerIds: [] }, 'customer').message).toBe('运单未关联客户订单，无法计算应收运费');
    expect(failure([customer], { customerIds: [10] }, 'customer').message).toBe('客户在运单日期没有生效的合同');
  });

  it('no carrier on the waybill, or no rule matching', () => {
    expect(failure([withRules(carrierContract(), rule)], { carrierId: null }).message).toBe('运单未指定承运商，无法计算应付运费');
    expect(failure([withRules(carrierContract(), { originProvince: '浙江省' })])).toEqual({ ok: false, code: 'noRule', message: '未找到适用的计价规则' });
  });
});
