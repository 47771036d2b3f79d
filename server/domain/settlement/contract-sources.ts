// The pricing engine's sources read from the settlement tables: a party's contracts in force with their
// rate rules (contracts, contract_rate_rules) and the oil price of a region on a date (oil_prices).
// The engine decides what "in force" means to the day (pricing/match.ts inForce); this reads the
// candidates around the date and leaves that to it.
import { all, type Conn } from '../../resources/statements.ts';
import { FUEL_OIL_TYPE, oilPriceOn } from './pricing/fuel.ts';
import { memoryOilPriceSource, memoryRuleSource, type OilPriceSource, type RuleSource } from './pricing/sources.ts';
import type { ContractWithRules, OilPrice, RateRule } from './pricing/types.ts';
import { DAY_MS } from '../../resources/time.ts';

/**
 * Contract types by side (dictionary contractType): 客户合同 is charged; 承运商合同 and 材料合同 are paid,
 * the engine choosing between them by the waybill's business type (pricing/match.ts contractTypeFor).
 */
const TYPES = { customer: [1], carrier: [2, 3] } as const;

type RuleRow = Omit<RateRule, 'tiers' | 'feeItems'> & { tiers: string | null; feeItems: string | null };

const RULE_COLUMNS = `id, contract_id AS "contractId", rule_name AS "ruleName", origin_province AS "originProvince", origin_city AS "originCity",
  origin_district AS "originDistrict", dest_province AS "destProvince", dest_city AS "destCity", dest_district AS "destDistrict",
  business_type AS "businessType", car_model_id AS "carModelId", goods_category AS "goodsCategory", temperature_class AS "temperatureClass",
  pricing_method AS "pricingMethod", unit_price AS "unitPrice", tier_basis AS "tierBasis", tiers, min_charge AS "minCharge",
  fee_items AS "feeItems", fuel_linked AS "fuelLinked", fuel_base_price AS "fuelBasePrice", fuel_coefficient AS "fuelCoefficient",
  fuel_region AS "fuelRegion"`;

const CONTRACT_COLUMNS = `id, contract_type AS "contractType", customer_id AS "customerId", carrier_id AS "carrierId", valid_from AS "validFrom",
  valid_until AS "validUntil", terminated_at AS "terminatedAt"`;

/** The given contracts with their rate rules, as the engine takes them. */
async function withRules(conn: Conn, corpId: number, contracts: (ContractWithRules['contract'] & { terminatedAt: number | null })[]): Promise<ContractWithRules[]> {
  if (!contracts.length) return [];
  const rules = await all<RuleRow>(conn,
    `SELECT ${RULE_COLUMNS} FROM contract_rate_rules WHERE corp_id = ? AND is_deleted = 0 AND contract_id IN (${contracts.map(() => '?').join(', ')}) ORDER BY id`,
    corpId, ...contracts.map((c) => c.id));
  const byContract = new Map<number, RateRule[]>();
  for (const r of rules) {
    const rule = { ...r, tiers: r.tiers ? JSON.parse(r.tiers) : null, feeItems: r.feeItems ? JSON.parse(r.feeItems) : null };
    byContract.set(r.contractId, [...byContract.get(r.contractId) ?? [], rule]);
  }
  return contracts.map(({ terminatedAt, ...c }) => ({
    // Selected not terminated; 1 stands for "follow the dates", which the engine checks itself.
    contract: { ...c, status: terminatedAt === null ? 1 : 99 },
    rules: byContract.get(c.id) ?? [],
  }));
}

const SIDE_TYPES = [...TYPES.customer, ...TYPES.carrier];

export function contractRuleSource(conn: Conn): RuleSource {
  return {
    async contractsInForce(corpId, side, partyId, date) {
      const types = TYPES[side];
      const party = side === 'customer' ? 'customer_id' : 'carrier_id';
      // A day either side of the date: the engine's day bounds are Asia/Shanghai's.
      return withRules(conn, corpId, await all(conn,
        `SELECT ${CONTRACT_COLUMNS} FROM contracts WHERE corp_id = ? AND is_deleted = 0 AND ${party} = ? AND contract_type IN (${types.map(() => '?').join(', ')})
           AND terminated_at IS NULL AND valid_from <= ? AND valid_until >= ?`,
        corpId, partyId, ...types, date + DAY_MS, date - DAY_MS));
    },
  };
}

/**
 * Every contract of the corporation not terminated, with its rules, and the fuel prices, read once and
 * held in memory: pricing a month's waybills asks the same few hundred contracts a million times
 * (fees/price-period.ts). The engine picks those in force on each trip's date (a trip may have left
 * weeks before the period it completed in, so no date bound is guessed here).
 */
export async function preloadedSources(conn: Conn, corpId: number): Promise<{ rules: RuleSource; oilPrices: OilPriceSource }> {
  const contracts = await withRules(conn, corpId, await all(conn,
    `SELECT ${CONTRACT_COLUMNS} FROM contracts WHERE corp_id = ? AND is_deleted = 0 AND contract_type IN (${SIDE_TYPES.map(() => '?').join(', ')})
       AND terminated_at IS NULL ORDER BY id`,
    corpId, ...SIDE_TYPES));
  const prices = await all<OilPrice>(conn,
    `SELECT region, price, effective_date AS "effectiveDate", oil_type AS "oilType" FROM oil_prices WHERE corp_id = ? AND is_deleted = 0 AND oil_type = ?`,
    corpId, FUEL_OIL_TYPE);
  return { rules: memoryRuleSource({ [corpId]: contracts }), oilPrices: memoryOilPriceSource({ [corpId]: prices }) };
}

export function oilPriceTable(conn: Conn): OilPriceSource {
  return {
    async priceOn(corpId, region, date) {
      // A few rows per region and month: the region is matched in code, as 河南 and 河南省 are one region (samePlace).
      const rows = await all<OilPrice>(conn,
        `SELECT region, price, effective_date AS "effectiveDate", oil_type AS "oilType" FROM oil_prices
         WHERE corp_id = ? AND is_deleted = 0 AND oil_type = ? AND effective_date <= ?`,
        corpId, FUEL_OIL_TYPE, date);
      return oilPriceOn(rows, region, date);
    },
  };
}
