// Plain rules, contracts and waybill facts for the pricing tests: each builder fills every field with
// "any" / nothing so that a test states only what it is about.
import type { ContractTerms, ContractWithRules, OilPrice, RateRule, WaybillFacts } from '../../server/domain/settlement/pricing/types.ts';

export const DAY = 86_400_000;
/** 2026-06-15 10:00 in Asia/Shanghai. */
export const TRIP = Date.UTC(2026, 5, 15, 2, 0, 0);

export function rateRule(over: Partial<RateRule> = {}): RateRule {
  return {
    id: 1, contractId: 1, ruleName: '规则',
    originProvince: null, originCity: null, originDistrict: null, destProvince: null, destCity: null, destDistrict: null,
    businessType: null, carModelId: null, goodsCategory: null, temperatureClass: null,
    pricingMethod: 1, unitPrice: 10_000, tierBasis: null, tiers: null, minCharge: null, feeItems: null,
    fuelLinked: 0, fuelBasePrice: null, fuelCoefficient: null, fuelRegion: null,
    ...over,
  };
}

export function waybillFacts(over: Partial<WaybillFacts> = {}): WaybillFacts {
  return {
    waybillId: 1, corpId: 1,
    origin: { province: '广东省', city: '广州市', district: '白云区' },
    destination: { province: '湖南省', city: '长沙市', district: '雨花区' },
    businessType: 1, carModelId: 7, goodsCategories: [1], temperatureClass: 1,
    weightG: 10_000_000, volumeCm3: 20_000_000, piecesMilli: 300_000, distanceM: 680_000, distanceSource: 'table',
    tripDate: TRIP, carrierId: 5, customerIds: [9],
    ...over,
  };
}

export function carrierContract(over: Partial<ContractTerms> = {}): ContractTerms {
  return { id: 1, contractType: 2, customerId: null, carrierId: 5, validFrom: TRIP - 30 * DAY, validUntil: TRIP + 30 * DAY, status: 1, ...over };
}

export const withRules = (contract: ContractTerms, ...rules: Partial<RateRule>[]): ContractWithRules =>
  ({ contract, rules: rules.map((r, i) => rateRule({ id: contract.id * 100 + i + 1, contractId: contract.id, ...r })) });

export const oil = (price: number, effectiveDate = TRIP - DAY, region = '广东省', oilType = 0): OilPrice => ({ region, oilType, price, effectiveDate });
