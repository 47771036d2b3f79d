// A type's rule for a waybill at a moment: the versions in force then, the waybill's facts as pricing
// reads them (one reading of a waybill for every consumer), and the pure choice. Nothing is read
// beyond one indexed query when the corporation has no rule of the type.
import type { Conn } from '../../resources/statements.ts';
import { loadFactsOf } from '../settlement/pricing/facts-loader.ts';
import type { WaybillFacts } from '../settlement/pricing/types.ts';
import { chooseRule } from './choose.ts';
import type { FactValues, RuleRecord, ScopeFacts } from './rule-type.ts';
import { rulesAt, versionsDuring, type RuleVersion } from './versions.ts';

/** Who and what a waybill concerns, from the facts pricing reads of it (one reading of a waybill). */
export function waybillScope(f: WaybillFacts): ScopeFacts {
  return {
    customerIds: f.customerIds, carrierId: f.carrierId, businessType: f.businessType,
    origin: { province: f.origin.province, city: f.origin.city },
    destination: { province: f.destination.province, city: f.destination.city },
  };
}

/** A waybill's values of the condition fields the waybill rule types declare (a superset of each type's). */
export function waybillFactValues(f: WaybillFacts): FactValues {
  return {
    goodsCategory: f.goodsCategories, temperatureClass: f.temperatureClass, carModelId: f.carModelId,
    weightT: f.weightG === null ? null : f.weightG / 1_000_000, distanceKm: f.distanceM === null ? null : f.distanceM / 1000,
  };
}

/** The rule chosen for a waybill of known facts among versions, at `at`. */
export function ruleForWaybill<R extends RuleRecord>(versions: readonly RuleVersion<R>[], facts: WaybillFacts, at: number): R | null {
  return chooseRule(rulesAt(versions, at), at, waybillScope(facts), waybillFactValues(facts));
}

/** The type's rule for one waybill at `at`, or null. */
export async function waybillRuleAt<R extends RuleRecord>(conn: Conn, corpId: number, type: string, waybillId: number, at: number): Promise<R | null> {
  const versions = await versionsDuring<R>(conn, corpId, type, at, at);
  if (versions.length === 0) return null;
  const facts = (await loadFactsOf(conn, corpId, [waybillId])).get(waybillId);
  return facts ? ruleForWaybill(versions, facts, at) : null;
}
