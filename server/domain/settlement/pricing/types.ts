// The plain data the pricing engine works on (docs/settlement.md "Rate rules" and "Pricing"). Money is
// integer fen; quantities are integers of a small unit (grams, cm³, thousandths of a piece, metres) so
// that no float ever enters an amount. Pure types: the tables behind them belong to the contract work.

/** One row of the tiered range editor's shape with the tier's price (fen per unit of the pricing method). */
export interface RateTier {
  scopeType: 1 | 2 | 3;
  low?: number | null;
  high?: number | null;
  unitPrice: number;
}

export interface RateFeeItem {
  feeItemId: number;
  /** Fen per waybill. */
  amount: number;
}

/** A contract's rate rule (`contract_rate_rules`), field names as docs/settlement.md fixes them. Null: any / not set. */
export interface RateRule {
  id: number;
  contractId: number;
  ruleName: string;
  originProvince: string | null;
  originCity: string | null;
  originDistrict: string | null;
  destProvince: string | null;
  destCity: string | null;
  destDistrict: string | null;
  businessType: number | null;
  carModelId: number | null;
  goodsCategory: number | null;
  temperatureClass: number | null;
  /** 1 按吨, 2 按方, 3 按件, 4 按趟, 5 按公里. */
  pricingMethod: 1 | 2 | 3 | 4 | 5;
  /** Fen per ton, m³, piece, trip or km; not used when the rule is tiered. */
  unitPrice: number | null;
  /** Null: not tiered; 1 件数, 2 重量(吨), 3 距离(公里). */
  tierBasis: 1 | 2 | 3 | null;
  tiers: RateTier[] | null;
  minCharge: number | null;
  feeItems: RateFeeItem[] | null;
  fuelLinked: 0 | 1;
  /** Fen per litre. */
  fuelBasePrice: number | null;
  /** A decimal 0–1 with at most 4 places. */
  fuelCoefficient: number | null;
  /** A province; null: the waybill's origin province. */
  fuelRegion: string | null;
}

/** Which party a price is for: the carrier we pay (应付) or the customer we charge (应收). */
export type PricingSide = 'carrier' | 'customer';

/** The contract terms rule choice needs. contractType 1 customer, 2 carrier (dictionary contractType). */
export interface ContractTerms {
  id: number;
  contractType: number;
  customerId: number | null;
  carrierId: number | null;
  validFrom: number;
  validUntil: number;
  /** 1/2/3 follow the dates; 99 terminated. */
  status: number;
}

export interface ContractWithRules {
  contract: ContractTerms;
  rules: RateRule[];
}

/** An oil price (fen per litre) of a region from a date on. */
export interface OilPrice {
  region: string;
  /** The `oilType` dictionary's code (0 is 0#柴油). */
  oilType: number;
  price: number;
  effectiveDate: number;
}

export interface Place {
  province: string | null;
  city: string | null;
  district: string | null;
}

/** How the distance was found: the distances table, its reverse row, or the straight line between the areas. */
export type DistanceSource = 'table' | 'reverse' | 'straightLine';

/** What pricing needs to know of a waybill. Null: not known. */
export interface WaybillFacts {
  waybillId: number;
  corpId: number;
  origin: Place;
  destination: Place;
  businessType: number;
  carModelId: number | null;
  /** The catalogue categories of its goods lines; null when a line has none (typed by hand, not in the catalogue). */
  goodsCategories: (number | null)[];
  /** 1 常温, 2 恒温, 3 冷藏, 4 冷冻. */
  temperatureClass: number;
  /** Grams. */
  weightG: number | null;
  /** Cubic centimetres. */
  volumeCm3: number | null;
  /** Thousandths of a piece (goods quantities have three decimals). */
  piecesMilli: number | null;
  /** Metres. */
  distanceM: number | null;
  distanceSource: DistanceSource | null;
  /** The date contracts and oil prices are taken at (epoch ms). */
  tripDate: number;
  carrierId: number | null;
  /** The customers of the orders it carries (distinct). */
  customerIds: number[];
}

export type LineKind = 'freight' | 'tier' | 'minimum' | 'fee' | 'fuel';

export interface PricedLine {
  kind: LineKind;
  ruleId: number;
  /** Exact decimal text of the quantity in `unit` ('12.5'); null where a line has none (minimum, fuel). */
  quantity: string | null;
  unit: string | null;
  /** Fen per unit; null where a line has none. */
  unitPrice: number | null;
  /** Fen, rounded once (docs/settlement.md "Rounding"). */
  amount: number;
  /** The fee item of a fee line. */
  feeItemId?: number;
  /** What a reader needs to check the line: the tier's range, the oil prices used. */
  note?: string;
}

export interface ChosenRule {
  rule: RateRule;
  contract: ContractTerms;
  specificity: number;
  /** Why it won, in Chinese, for the bill's reader. */
  reason: string;
}

export interface PriceResult {
  ok: true;
  lines: PricedLine[];
  /** Fen: the sum of the lines. */
  total: number;
  ruleId: number;
  contractId: number;
  reason: string;
  /** Things the reader should know that did not stop pricing (no oil price found …). */
  notes: string[];
}

export type PricingErrorCode = 'noParty' | 'multipleCustomers' | 'noContract' | 'noRule' | 'missingQuantity' | 'badRule' | 'waybillNotFound';

export interface PricingError {
  ok: false;
  code: PricingErrorCode;
  /** Chinese, shown to the user as is. */
  message: string;
}

export type PricingOutcome = PriceResult | PricingError;
