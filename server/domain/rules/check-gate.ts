// Where the check rules act (docs/rules.md "Check rules"): a waybill standing at a check point (arrived at
// the loading place, at the unloading place, about to leave it) for which a check rule is in force is held
// there until the check is answered and passed: the step's next action is refused. The pending check is
// derived, never stored in waybills.status (which stays 400 运输中 for every filter, count and report):
// lists and details show it as checkStatus 2/3/4 with the spec's status text (check-status.ts).
import { failure } from '../../http/envelope.ts';
import { all, one, type Conn } from '../../resources/statements.ts';
import { Step, WaybillStatus, type WaybillAction, type WaybillState } from '../workflow/waybill-machine.ts';
import { loadFactsOf } from '../settlement/pricing/facts-loader.ts';
import { versionsDuring, type RuleVersion } from './versions.ts';
import { ruleForWaybill } from './waybill-rules.ts';
import { waybillPartsFor } from './preview/facts-needed.ts';
import { CHECK_TYPE_NAMES, CheckType, checkRuleType, type CheckRuleRecord } from './types/check.ts';

interface CheckPoint {
  checkType: number;
  /** The spec's waybill status shown while the check waits: 2 待入厂检查, 3 待卸货检查, 4 待出厂检查. */
  checkStatus: number;
  /** The machine's step at which the vehicle stands at that point… */
  step: number;
  /** …and the action the check must come before. */
  action: WaybillAction;
  actionName: string;
}

export const CHECK_POINTS: readonly CheckPoint[] = [
  { checkType: CheckType.ENTRY, checkStatus: 2, step: Step.AWAITING_LOADING_START, action: 'startLoad', actionName: '开始装货' },
  { checkType: CheckType.UNLOADING, checkStatus: 3, step: Step.AWAITING_DELIVERY, action: 'confirmDelivery', actionName: '确认交货' },
  { checkType: CheckType.EXIT, checkStatus: 4, step: Step.AWAITING_LEAVING_UNLOADING, action: 'leaveWaybillNode', actionName: '离开卸货地' },
];

/** The check point a waybill in `state` stands at, or undefined. */
export const checkPointOf = (state: Pick<WaybillState, 'status' | 'step'>) =>
  state.status === WaybillStatus.IN_TRANSIT ? CHECK_POINTS.find((p) => p.step === state.step) : undefined;

export const checkPointOfType = (checkType: number) => CHECK_POINTS.find((p) => p.checkType === checkType);

/** The check rule versions of the corporation in force at `at`. */
export const checkVersionsAt = (conn: Conn, corpId: number, at: number) => versionsDuring<CheckRuleRecord>(conn, corpId, checkRuleType.key, at, at);

/** Of versions, the most specific rule of that check in force for a waybill at `at` (choose.ts). */
export function checkRuleFor(versions: readonly RuleVersion<CheckRuleRecord>[], checkType: number, facts: Parameters<typeof ruleForWaybill>[1], at: number) {
  return ruleForWaybill(versions.filter((v) => v.rule.checkType === checkType), facts, at);
}

/** The rule in force now (`at`) for one waybill's check, or null. */
export async function checkRuleAt(conn: Conn, corpId: number, waybillId: number, checkType: number, at: number): Promise<CheckRuleRecord | null> {
  const versions = (await checkVersionsAt(conn, corpId, at)).filter((v) => v.rule.checkType === checkType);
  if (versions.length === 0) return null;
  const facts = (await loadFactsOf(conn, corpId, [waybillId])).get(waybillId);
  return facts ? checkRuleFor(versions, checkType, facts, at) : null;
}

/** Whether the waybill's check of that type was answered and passed. */
export const checkPassed = async (conn: Conn, waybillId: number, checkType: number) =>
  Boolean(await one(conn, 'SELECT 1 AS x FROM waybill_checks WHERE waybill_id = ? AND check_type = ? AND passed = 1', waybillId, checkType));

/**
 * Refuses the action that a pending check must come before (run by transition.ts once the machine accepted
 * it, before anything is written). Any other action (异常结束) is never held.
 */
export async function holdForCheck(conn: Conn, corpId: number, waybillId: number, from: WaybillState, action: WaybillAction, at: number) {
  const point = checkPointOf(from);
  if (!point || point.action !== action) return;
  const rule = await checkRuleAt(conn, corpId, waybillId, point.checkType, at);
  if (!rule || (await checkPassed(conn, waybillId, point.checkType))) return;
  const name = CHECK_TYPE_NAMES[point.checkType];
  throw failure(`运单待${name}，请先完成${name}（检查规则「${rule.ruleName}」）再${point.actionName}`,
    { checkType: point.checkType, checkStatus: point.checkStatus, ruleId: rule.id, ruleName: rule.ruleName });
}

export interface PendingCheck {
  checkType: number;
  checkStatus: number;
  rule: CheckRuleRecord;
}

/**
 * For many waybills at once (a list's page): those held now at a check point, with the rule holding each.
 * Facts are read only for the rows standing at a point some rule in force checks, and passed checks only
 * for the rows a rule holds: a page whose rows stand at no such point costs the one read of the versions.
 */
export async function pendingChecks(conn: Conn, corpId: number, rows: readonly { id: number; status: number; step: number }[], at: number): Promise<Map<number, PendingCheck>> {
  const out = new Map<number, PendingCheck>();
  if (!rows.some((r) => checkPointOf(r))) return out;
  const versions = await checkVersionsAt(conn, corpId, at);
  const checked = new Set(versions.map((v) => v.rule.checkType));
  const atPoint = rows.filter((r) => checked.has(checkPointOf(r)?.checkType ?? -1));
  if (atPoint.length === 0) return out;
  // Only the facts the rules in force can test: a list page asks this of every row at a check point.
  const facts = await loadFactsOf(conn, corpId, atPoint.map((r) => r.id), waybillPartsFor(versions.map((v) => v.rule)));
  const held: { id: number; point: CheckPoint; rule: CheckRuleRecord }[] = [];
  for (const r of atPoint) {
    const point = checkPointOf(r)!;
    const f = facts.get(r.id);
    const rule = f && checkRuleFor(versions, point.checkType, f, at);
    if (rule) held.push({ id: r.id, point, rule });
  }
  if (held.length === 0) return out;
  const ids = held.map((h) => h.id);
  const passed = new Set((await all<{ waybillId: number; checkType: number }>(conn,
    `SELECT waybill_id AS "waybillId", check_type AS "checkType" FROM waybill_checks WHERE passed = 1 AND waybill_id IN (${ids.map(() => '?').join(', ')})`, ...ids))
    .map((r) => `${r.waybillId}:${r.checkType}`));
  for (const { id, point, rule } of held) {
    if (!passed.has(`${id}:${point.checkType}`)) out.set(id, { checkType: point.checkType, checkStatus: point.checkStatus, rule });
  }
  return out;
}
