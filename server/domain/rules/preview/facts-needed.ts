// The facts a preview reads of a month of events: only the parts its rules in play can test (the
// scope fields they fill, the fields their conditions name), so a preview whose rules test no goods
// does not read every goods line of the month. A condition field not listed here (a field a type adds
// later) reads everything: never a condition judged on facts left unread.
import type { RuleRecord } from '../rule-type.ts';
import { ALL_FACT_PARTS, type FactParts } from '../../settlement/pricing/facts-loader.ts';
import type { OrderFactParts } from '../order-rules.ts';

const filled = (v: unknown) => v !== null && v !== undefined && v !== '';
const namesPlace = (r: RuleRecord) => [r.originProvince, r.originCity, r.destProvince, r.destCity].some(filled);

/** The part of the waybill facts each condition field of waybillFactValues (waybill-rules.ts) comes from. */
const WAYBILL_FIELD_PARTS: Record<string, readonly (keyof FactParts)[]> = {
  goodsCategory: ['goods'], weightT: ['goods'], temperatureClass: ['temperature'], carModelId: ['carModel'], distanceKm: ['nodes', 'distance'],
};

/** A stopped rule (停用) is never chosen (choose.ts), so it tests nothing; a candidate is previewed as switched on. */
const live = (rules: readonly RuleRecord[]) => rules.filter((r) => r.status === 0);

/** The waybill facts the rules can test (carrier and business type are the waybill's own row), plus `also`. */
export function waybillPartsFor(rules: readonly RuleRecord[], also: Partial<FactParts> = {}): FactParts {
  const parts: FactParts = { nodes: false, distance: false, goods: false, temperature: false, carModel: false, customers: false, ...also };
  for (const rule of live(rules)) {
    if (namesPlace(rule)) parts.nodes = true;
    if (filled(rule.customerId)) parts.customers = true;
    for (const c of rule.conditions ?? []) {
      const from = WAYBILL_FIELD_PARTS[c.field];
      if (!from) return { ...ALL_FACT_PARTS };
      for (const part of from) parts[part] = true;
    }
  }
  return parts;
}

/** The condition fields of orderFactValues (order-rules.ts) read from the order's own row and its areas. */
const ORDER_ROW_FIELDS = new Set(['customerId', 'businessType', 'shipperProvince', 'shipperCity', 'receiverProvince', 'receiverCity', 'loadHour']);

/**
 * The order facts the rules can test: the goods lines only when a condition names another field, and
 * only of the customers those rules name when each of them names one (an order of another customer is
 * outside their scope, so no goods condition ever judges it).
 */
export function orderPartsFor(rules: readonly RuleRecord[]): OrderFactParts {
  const testingGoods = live(rules).filter((r) => (r.conditions ?? []).some((c) => !ORDER_ROW_FIELDS.has(c.field)));
  if (!testingGoods.length) return { goods: false };
  if (testingGoods.some((r) => !filled(r.customerId))) return { goods: true };
  return { goods: true, goodsOfCustomers: new Set(testingGoods.map((r) => r.customerId as number)) };
}

/**
 * Whether the candidate tests nothing of an order but (at most) its customer: then it judges every order
 * of its scope that no other rule covers, whatever the order's facts (see customersNeedingFacts).
 */
export function testsOnlyCustomer(candidate: RuleRecord): boolean {
  return ![candidate.carrierId, candidate.businessType, candidate.validFrom, candidate.validTo].some(filled) && !namesPlace(candidate)
    && !candidate.conditions?.length && (!filled(candidate.customerId) || typeof candidate.customerId === 'number');
}

/**
 * Beside such a candidate, the customers whose orders need their facts read to tell whether `others` (the
 * other rules in force at once) judge them: each live one names a customer, so an order of a customer none
 * names is the candidate's whatever its facts. null: every order's (a live rule may judge any customer's).
 */
export function customersNeedingFacts(others: readonly RuleRecord[]): ReadonlySet<number> | null {
  const rivals = live(others);
  return rivals.some((r) => !filled(r.customerId)) ? null : new Set(rivals.map((r) => r.customerId as number));
}
