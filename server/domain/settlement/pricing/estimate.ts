// The estimated freight (预估) of a waybill for one side: its facts, the party's contracts in force on
// the trip date, the winning rule, the oil price where the rule is fuel-linked, and the priced lines.
// Every failure is a result with a Chinese message; nothing here throws at the user.
import type { Conn } from '../../../resources/statements.ts';
import { loadWaybillFacts } from './facts-loader.ts';
import { fuelRegionOf } from './fuel.ts';
import { chooseRule, partyOf } from './match.ts';
import { ERRORS } from './messages.ts';
import { priceByRule } from './price.ts';
import type { OilPriceSource, RuleSource } from './sources.ts';
import type { PricingOutcome, PricingSide, WaybillFacts } from './types.ts';

export type Estimate = PricingOutcome & { facts: WaybillFacts | null };

export async function estimateWaybill(
  conn: Conn, corpId: number, waybillId: number, side: PricingSide, sources: { rules: RuleSource; oilPrices: OilPriceSource },
): Promise<Estimate> {
  const facts = await loadWaybillFacts(conn, corpId, waybillId);
  if (!facts) return { ...ERRORS.waybillNotFound, facts: null };
  return estimateFromFacts(facts, side, sources);
}

/**
 * The same for facts already read: a batch of waybills priced at once (fees/price-period.ts), a saved
 * waybill's facts with a prospective vehicle, carrier or change in them, or a waybill not saved yet
 * (form-facts.ts). One engine prices what is and what might be.
 */
export async function estimateFromFacts(
  facts: WaybillFacts, side: PricingSide, sources: { rules: RuleSource; oilPrices: OilPriceSource },
): Promise<Estimate> {
  const corpId = facts.corpId;
  const party = partyOf(facts, side);
  if ('ok' in party) return { ...party, facts };
  const contracts = await sources.rules.contractsInForce(corpId, side, party.partyId, facts.tripDate);
  const chosen = chooseRule(contracts, facts, side);
  if ('ok' in chosen) return { ...chosen, facts };
  const region = chosen.rule.fuelLinked === 1 ? fuelRegionOf(chosen.rule, facts) : null;
  const oil = region ? await sources.oilPrices.priceOn(corpId, region, facts.tripDate) : null;
  return { ...priceByRule(chosen, facts, oil), facts };
}
