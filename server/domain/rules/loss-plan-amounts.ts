// The loss plan's arithmetic and choice, pure (docs/rules.md "Loss plans"): which plan judges a sign-off
// with a loss, and what it charges the carrier. Used alike by the sign-off (loss-plan-apply.ts), the
// dialog's proposal and the preview, so the three always agree.
import { lossAmountOf } from '../settlement/deductions/loss-share.ts';
import { compareRules, ruleApplies } from './choose.ts';
import type { FactValues, ScopeFacts } from './rule-type.ts';
import type { LossPlanEffect, LossPlanRuleRecord } from './types/loss-plan.ts';

/** What a sign-off lost: quantities in thousandths of a goods unit. */
export interface SignOffLoss {
  /** Null when the sign-off recorded no delivered quantity. */
  deliveredMilli: number | null;
  lostMilli: number;
  signStatus: number;
}

export interface PlanShare {
  lostQuantity: number;
  unitValue: number;
  /** Fen: lost × unit value. */
  lossAmount: number;
  /** Goods units within the reasonable loss, borne by the company. */
  allowedQuantity: number;
  /** Fen the carrier bears, and the rest. */
  carrierAmount: number;
  companyAmount: number;
}

/** a ÷ b rounded half up, for non-negative integers. */
const halfUp = (a: bigint, b: bigint) => Number((a * 2n + b) / (2n * b));

/**
 * allowed = delivered × ‰ ÷ 1000 (to the thousandth of a unit, half up); the carrier bears
 * (lost − allowed, not below 0) × unit value (to the fen, half up, as the loss itself) × % ÷ 100 (to the
 * fen, half up), at most the cap; the company the rest of the loss.
 */
export function planShareOf(effect: LossPlanEffect, loss: SignOffLoss): PlanShare {
  const lossAmount = lossAmountOf(loss.lostMilli, effect.unitValue);
  const allowedMilli = loss.deliveredMilli === null ? 0 : halfUp(BigInt(loss.deliveredMilli) * BigInt(effect.allowancePermille), 1000n);
  const beyond = lossAmountOf(Math.max(0, loss.lostMilli - allowedMilli), effect.unitValue);
  const charged = halfUp(BigInt(beyond) * BigInt(effect.carrierPercent), 100n);
  const carrierAmount = effect.capAmount === null ? charged : Math.min(charged, effect.capAmount);
  return {
    lostQuantity: loss.lostMilli / 1000, unitValue: effect.unitValue, lossAmount,
    allowedQuantity: Math.min(allowedMilli, loss.lostMilli) / 1000, carrierAmount, companyAmount: lossAmount - carrierAmount,
  };
}

/** The sign-off's values of the plan's condition fields; the loss amount at this plan's own unit price. */
export function lossFactValues(plan: LossPlanRuleRecord, waybill: FactValues, loss: SignOffLoss): FactValues {
  return {
    goodsCategory: waybill.goodsCategory ?? null,
    signStatus: loss.signStatus,
    lostQuantity: loss.lostMilli / 1000,
    lossRate: loss.deliveredMilli ? (loss.lostMilli / loss.deliveredMilli) * 100 : null,
    lossAmount: lossAmountOf(loss.lostMilli, plan.unitValue) / 100,
  };
}

/**
 * The plan for a sign-off among the rules in force at its moment: as `chooseRule` (the most specific
 * that applies, then priority, validFrom, id), except that each plan is judged on facts of its own
 * (its loss amount), so it uses the engine's `ruleApplies` and `compareRules` directly.
 */
export function choosePlan(rules: readonly LossPlanRuleRecord[], at: number, scope: ScopeFacts, waybill: FactValues, loss: SignOffLoss): LossPlanRuleRecord | null {
  const applying = rules.filter((r) => ruleApplies(r, at, scope, lossFactValues(r, waybill, loss)));
  return applying.sort(compareRules)[0] ?? null;
}
