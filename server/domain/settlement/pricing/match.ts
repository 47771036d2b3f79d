// Which rate rule prices a waybill: among the rules of the party's contracts in force on the trip date,
// those whose every filled field equals the waybill's (an empty field matches anything), and of those the
// most specific. Specificity is one number that orders the dimensions strictly:
//   16 × (origin level + destination level)  — level 3 district, 2 city, 1 province, 0 none (deepest filled)
//  + 8 business type + 4 car model + 2 goods category + 1 temperature class (each when filled).
// The four single fields sum to at most 15 < 16, so a more precise line always wins, and among equal
// lines business type outweighs the three after it together, and so on. Ties go to the newer contract
// (later validFrom, then higher id), then to the lower rule id: the choice never depends on row order.
import { samePlace } from './place-names.ts';
import { ERRORS, noContractMessage } from './messages.ts';
import type { ChosenRule, ContractTerms, ContractWithRules, Place, PricingError, PricingSide, RateRule, WaybillFacts } from './types.ts';
import { DAY_MS, shanghaiDayStart } from '../../../resources/time.ts';
import { BUSINESS_GROUPS } from '../../orders/business-types.ts';

/** The end of validUntil's day in Asia/Shanghai: a contract 到期 on a date covers that whole day. */
const endOfShanghaiDay = (ms: number) => shanghaiDayStart(ms) + DAY_MS;

/** In force on `date`: not terminated (99), and the date between validFrom and the end of validUntil's day. */
export function inForce(c: ContractTerms, date: number): boolean {
  return c.status !== 99 && c.validFrom <= date && date < endOfShanghaiDay(c.validUntil);
}

/** The party a side prices for, or why there is none. */
export function partyOf(facts: WaybillFacts, side: PricingSide): { partyId: number } | PricingError {
  if (side === 'carrier') return facts.carrierId === null ? ERRORS.noCarrier : { partyId: facts.carrierId };
  if (facts.customerIds.length === 0) return ERRORS.noCustomer;
  if (facts.customerIds.length > 1) return ERRORS.multipleCustomers;
  return { partyId: facts.customerIds[0] };
}

/** Raw material hauled to the feed mills: the business line rawMaterial (spec section 3). */
export const isMaterial = (businessType: number) => BUSINESS_GROUPS.rawMaterial.includes(businessType);

/**
 * The contract type that prices a side of a waybill (dictionary contractType): 1 客户合同 the receivable;
 * 2 承运商合同 the payable, or 3 材料合同 in its place when the waybill hauls raw material.
 */
export const contractTypeFor = (side: PricingSide, businessType: number) => (side === 'customer' ? 1 : isMaterial(businessType) ? 3 : 2);

/**
 * The party's contract of this side: of the type that prices the waybill's business type, or, without
 * one (a source reading candidates), of any type of the side.
 */
export function belongsTo(c: ContractTerms, side: PricingSide, partyId: number, businessType?: number) {
  const types = businessType === undefined ? (side === 'customer' ? [1] : [2, 3]) : [contractTypeFor(side, businessType)];
  return types.includes(c.contractType) && (side === 'carrier' ? c.carrierId === partyId : c.customerId === partyId);
}

const filled = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined && v !== '';
/** A rule's place left blank matches anywhere; a filled one matches the waybill's place however its suffix is written. */
const same = (ruleValue: string | null, waybillValue: string | null) => !filled(ruleValue) || samePlace(ruleValue, waybillValue ?? '');

function placeMatches(province: string | null, city: string | null, district: string | null, at: Place): boolean {
  return same(province, at.province) && same(city, at.city) && same(district, at.district);
}

const level = (province: string | null, city: string | null, district: string | null) =>
  filled(district) ? 3 : filled(city) ? 2 : filled(province) ? 1 : 0;

/** A rule with a goods category prices only a load whose every line is of that category. */
const goodsMatch = (category: number | null, categories: (number | null)[]) =>
  !filled(category) || (categories.length > 0 && categories.every((c) => c === category));

export function ruleMatches(r: RateRule, f: WaybillFacts): boolean {
  return placeMatches(r.originProvince, r.originCity, r.originDistrict, f.origin)
    && placeMatches(r.destProvince, r.destCity, r.destDistrict, f.destination)
    && (!filled(r.businessType) || r.businessType === f.businessType)
    && (!filled(r.carModelId) || r.carModelId === f.carModelId)
    && goodsMatch(r.goodsCategory, f.goodsCategories)
    && (!filled(r.temperatureClass) || r.temperatureClass === f.temperatureClass);
}

export function specificity(r: RateRule): number {
  const line = level(r.originProvince, r.originCity, r.originDistrict) + level(r.destProvince, r.destCity, r.destDistrict);
  return 16 * line + (filled(r.businessType) ? 8 : 0) + (filled(r.carModelId) ? 4 : 0) + (filled(r.goodsCategory) ? 2 : 0) + (filled(r.temperatureClass) ? 1 : 0);
}

interface Candidate { rule: RateRule; contract: ContractTerms; score: number }

/** Negative when a should win over b. */
function compare(a: Candidate, b: Candidate): number {
  return b.score - a.score
    || b.contract.validFrom - a.contract.validFrom
    || b.contract.id - a.contract.id
    || a.rule.id - b.rule.id;
}

function reasonOf(winner: Candidate, runnerUp: Candidate | null, count: number): string {
  const base = `匹配规则${count}条，选用最具体的规则（具体度${winner.score}）`;
  if (!runnerUp || runnerUp.score !== winner.score) return base;
  // The first criterion of compare() that separated the winner from the best of the rest.
  const why = runnerUp.contract.validFrom !== winner.contract.validFrom ? '取生效日期较晚的合同'
    : runnerUp.contract.id !== winner.contract.id ? '取较新录入的合同' : '取规则编号较小者';
  return `${base}；与其他规则具体度相同，${why}`;
}

/**
 * The winning rule of the party's contracts in force on the trip date, or a typed error. One pass
 * keeping the best and the runner-up (for the reason): it runs once per waybill of a month's bills.
 */
export function chooseRule(contracts: readonly ContractWithRules[], facts: WaybillFacts, side: PricingSide): ChosenRule | PricingError {
  const party = partyOf(facts, side);
  if ('ok' in party) return party;
  let anyInForce = false;
  let count = 0;
  let best: Candidate | null = null;
  let runnerUp: Candidate | null = null;
  for (const { contract, rules } of contracts) {
    if (!belongsTo(contract, side, party.partyId, facts.businessType) || !inForce(contract, facts.tripDate)) continue;
    anyInForce = true;
    for (const rule of rules) {
      if (rule.contractId !== contract.id || !ruleMatches(rule, facts)) continue;
      count += 1;
      const candidate = { rule, contract, score: specificity(rule) };
      if (!best || compare(candidate, best) < 0) [runnerUp, best] = [best, candidate];
      else if (!runnerUp || compare(candidate, runnerUp) < 0) runnerUp = candidate;
    }
  }
  if (!anyInForce) return { ok: false, code: 'noContract', message: noContractMessage(side, isMaterial(facts.businessType)) };
  if (!best) return ERRORS.noRule;
  return { rule: best.rule, contract: best.contract, specificity: best.score, reason: reasonOf(best, runnerUp, count) };
}
