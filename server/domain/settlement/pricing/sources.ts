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
  // Indexed by corporation, side and party once: a month's pricing asks a million times.
  const index = new Map<string, ContractWithRules[]>();
  for (const [corpId, contracts] of Object.entries(byCorp)) {
    for (const c of contracts) {
      for (const side of ['carrier', 'customer'] as const) {
        const partyId = side === 'carrier' ? c.contract.carrierId : c.contract.customerId;
        if (partyId === null || !belongsTo(c.contract, side, partyId)) continue;
        const key = `${corpId}:${side}:${partyId}`;
        index.set(key, [...index.get(key) ?? [], c]);
      }
    }
  }
  return {
    async contractsInForce(corpId, side, partyId, date) {
      return (index.get(`${corpId}:${side}:${partyId}`) ?? []).filter((c) => inForce(c.contract, date));
    },
  };
}

export function memoryOilPriceSource(byCorp: Record<number, readonly OilPrice[]>): OilPriceSource {
  return { async priceOn(corpId, region, date) { return oilPriceOn(byCorp[corpId] ?? [], region, date); } };
}
