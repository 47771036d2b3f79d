// Loss plans (货损分摊方案, lossPlan/*): how a loss at sign-off (部分签收 1213, 异常签收 1212 with goods
// short) is shared between the carrier and the company. The plan in force at the sign-off's moment
// values the lost goods at its unit price, leaves a reasonable loss (‰ of the delivered quantity) to the
// company, charges the carrier its percentage of the rest, at most the cap per waybill; "automatic"
// plans make the share at sign-off, the others only propose it to finance's dialog
// (docs/rules.md "Loss plans"; the arithmetic in ../loss-plan-amounts.ts).
import type { RuleRecord, RuleType } from '../rule-type.ts';

/** Dictionary lossPlanMode. */
export const LossPlanMode = { AUTOMATIC: 1, PROPOSE: 2 } as const;

export interface LossPlanRuleRecord extends RuleRecord {
  /** Fen per goods unit (the goods carry no declared value). */
  unitValue: number;
  /** ‰ of the delivered quantity the company bears as reasonable loss. */
  allowancePermille: number | null;
  /** % of the loss beyond the allowance the carrier bears. */
  carrierPercent: number;
  /** Fen the carrier bears at most per waybill; null: no cap. */
  capAmount: number | null;
  shareMode: number;
}

export interface LossPlanEffect {
  unitValue: number;
  allowancePermille: number;
  carrierPercent: number;
  capAmount: number | null;
  automatic: boolean;
}

export const lossPlanRuleType: RuleType<LossPlanEffect> = {
  key: 'lossPlan',
  title: '货损分摊方案',
  resource: 'lossPlanRule',
  fields: [
    { key: 'goodsCategory', title: '货品类别', kind: 'code', dictionary: 'goodsCategory' },
    { key: 'signStatus', title: '签收状态', kind: 'code', dictionary: 'signStatus' },
    { key: 'lostQuantity', title: '货损数量', kind: 'number' },
    // Lost ÷ delivered, in % (absent when nothing was delivered).
    { key: 'lossRate', title: '货损率', kind: 'number', unit: '%' },
    // The lost quantity at the plan's own unit price, in yuan: each plan judges it at its price.
    { key: 'lossAmount', title: '货损金额', kind: 'number', unit: '元' },
  ],
  effectOf(rule) {
    const r = rule as LossPlanRuleRecord;
    return {
      unitValue: r.unitValue, allowancePermille: r.allowancePermille ?? 0, carrierPercent: r.carrierPercent,
      capAmount: r.capAmount ?? null, automatic: r.shareMode === LossPlanMode.AUTOMATIC,
    };
  },
};
