// Where the estimate reads rules and oil prices from: two narrow interfaces, so pricing does not
// depend on the tables the contract work is adding. The in-memory sources serve tests and any caller
// that already holds the rows; the lead wires the table-backed ones.
import { oilPriceOn } from './fuel.ts';
import { belongsTo, inForce } from './match.ts';
import type { ContractWithRules, OilPrice, PricingSide } from './types.ts';

export interface RuleSource {
  /** The party's contracts of this side in force on `date`, each with its rate rules. */
  contractsInForce(corpId: number, side: PricingSide, partyId: number, date: number): Promise<ContractWithRules[]>;
}

export interface OilPriceSource {
  /** The oil price of the region in force on `date`, or null when none is recorded. */
  priceOn(corpId: number, region: string, date: number): Promise<OilPrice | null>;
}

export function memoryRuleSource(byCorp: Record<number, readonly ContractWithRules[]>): RuleSource {
  return {
    async contractsInForce(corpId, side, partyId, date) {
      return (byCorp[corpId] ?? []).filter((c) => belongsTo(c.contract, side, partyId) && inForce(c.contract, date));
    },
  };
}

export function memoryOilPriceSource(byCorp: Record<number, readonly OilPrice[]>): OilPriceSource {
  return { async priceOn(corpId, region, date) { return oilPriceOn(byCorp[corpId] ?? [], region, date); } };
}
