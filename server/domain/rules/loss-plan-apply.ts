// Where the loss plans act (docs/rules.md "Loss plans"): at sign-off with goods short, the plan in force
// at the sign-off's moment (its version then) decides the carrier's part. An automatic plan makes the
// share and its deduction through finance's own loss-share code (saveLossShare), in the sign-off's
// transaction; any plan proposes its figures to finance's dialog (carrierLossShare/detail).
import type { SessionUser } from '../../http/context.ts';
import { one, type Conn } from '../../resources/statements.ts';
import { loadFactsOf } from '../settlement/pricing/facts-loader.ts';
import { saveLossShare } from '../settlement/deductions/loss-share.ts';
import { milli } from '../workflow/splits.ts';
import { formatYuan } from '../../../schemas/keywords/money.ts';
import { choosePlan, planShareOf, type PlanShare, type SignOffLoss } from './loss-plan-amounts.ts';
import { waybillFactValues, waybillScope } from './waybill-rules.ts';
import { rulesAt, versionsDuring } from './versions.ts';
import { lossPlanRuleType, type LossPlanRuleRecord } from './types/loss-plan.ts';

const SIGN_ABNORMAL = 1212;
const SIGN_PARTIAL = 1213;

/** The loss a sign-off dialog recorded; null when nothing is short (a 1212 with all goods signed has nothing to value). */
export function lossOf(payload: { signedQuantity?: unknown; deliveredQuantity?: unknown }, signStatus: number): SignOffLoss | null {
  if (signStatus !== SIGN_PARTIAL && signStatus !== SIGN_ABNORMAL) return null;
  if (typeof payload.deliveredQuantity !== 'number' || typeof payload.signedQuantity !== 'number') return null;
  const lostMilli = milli(payload.deliveredQuantity) - milli(payload.signedQuantity);
  return lostMilli > 0 ? { deliveredMilli: milli(payload.deliveredQuantity), lostMilli, signStatus } : null;
}

export interface PlanDecision {
  plan: LossPlanRuleRecord;
  share: PlanShare;
}

/** The plan judging a waybill's loss at `at` (the sign-off's moment) and its figures; null without one or without a carrier. */
export async function lossPlanAt(conn: Conn, corpId: number, waybillId: number, loss: SignOffLoss, at: number): Promise<PlanDecision | null> {
  const versions = await versionsDuring<LossPlanRuleRecord>(conn, corpId, lossPlanRuleType.key, at, at);
  if (versions.length === 0) return null;
  const facts = (await loadFactsOf(conn, corpId, [waybillId])).get(waybillId);
  if (!facts?.carrierId) return null;
  const plan = choosePlan(rulesAt(versions, at), at, waybillScope(facts), waybillFactValues(facts), loss);
  return plan && { plan, share: planShareOf(lossPlanRuleType.effectOf(plan), loss) };
}

export const planReason = (plan: LossPlanRuleRecord) => `按货损分摊方案「${plan.ruleName}」分摊`;

/** The sign-off's hook (waybills/actions.ts signOrder), after the waybill moved to 500: an automatic plan shares the loss. */
export async function applyLossPlan(conn: Conn, user: SessionUser, waybillId: number, dialog: { signedQuantity: number; deliveredQuantity: number }, now: number) {
  const w = await one<{ signStatus: number }>(conn, 'SELECT sign_status AS "signStatus" FROM waybills WHERE id = ?', waybillId);
  const loss = w && lossOf(dialog, w.signStatus);
  if (!loss) return;
  const decided = await lossPlanAt(conn, user.corpId, waybillId, loss, now);
  if (!decided || !lossPlanRuleType.effectOf(decided.plan).automatic || decided.share.lossAmount <= 0) return;
  await saveLossShare(conn, user, {
    waybillId, lostQuantity: decided.share.lostQuantity, unitValue: decided.share.unitValue, carrierAmount: decided.share.carrierAmount, reason: planReason(decided.plan),
  }, decided.plan.ruleName);
}

/** The last sign-off of a waybill: when, and what it lost. */
export async function lastSignOff(conn: Conn, waybillId: number) {
  const e = await one<{ at: number; payload: string | null; signStatus: number }>(conn,
    `SELECT e.at, e.payload, w.sign_status AS "signStatus" FROM waybill_events e JOIN waybills w ON w.id = e.waybill_id
      WHERE e.waybill_id = ? AND e.action = 'signOrder' ORDER BY e.at DESC, e.id DESC LIMIT 1`, waybillId);
  if (!e) return null;
  const loss = lossOf(e.payload ? JSON.parse(e.payload) : {}, e.signStatus);
  return loss && { at: Number(e.at), loss };
}

/**
 * What the plan in force at the waybill's sign-off proposes, for finance's dialog (staff only; null without
 * a plan): the figures the dialog is filled with, and the plan that gives them.
 */
export async function lossPlanProposal(conn: Conn, user: SessionUser, waybillId: number) {
  if (user.userType !== 0) return null;
  const sign = await lastSignOff(conn, waybillId);
  const decided = sign && await lossPlanAt(conn, user.corpId, waybillId, sign.loss, sign.at);
  if (!decided) return null;
  const { share, plan } = decided;
  return {
    planId: plan.id, planName: plan.ruleName, automatic: lossPlanRuleType.effectOf(plan).automatic,
    ...share, reason: planReason(plan),
    // One line for the dialog's summary: what the plan proposes, in the user's words.
    summary: `「${plan.ruleName}」：货损${share.lostQuantity}（合理损耗${share.allowedQuantity}），货损金额${formatYuan(share.lossAmount)}，`
      + `承运商承担${formatYuan(share.carrierAmount)}，公司承担${formatYuan(share.companyAmount)}`,
  };
}
