// Departure rules (发车规则, departureRule/*): conditions that MUST hold before a waybill may 开始运输 or
// 离开装货地. Unlike the temperature rules, no single rule is chosen: every rule in force whose scope
// covers the waybill (its scope, and its conditions on the load: LOAD_FIELDS) and which guards the
// action is checked, and the first (most specific) one with a condition on the moment that fails
// refuses the action with its own 提示信息 (docs/rules.md "Departure rules").
// The facts the conditions test are read at the moment of the action (departure-check.ts).
import { invalid } from '../../../http/envelope.ts';
import type { Condition, RuleRecord, RuleType } from '../rule-type.ts';
import type { WaybillAction } from '../../workflow/waybill-machine.ts';

/** The actions a rule may guard (dictionary departureAction). */
export const DepartureAction = { START_TRANSPORT: 1, LEAVE_LOADING: 2 } as const;
export type DepartureActionCode = (typeof DepartureAction)[keyof typeof DepartureAction];
/** A rule's 适用动作 may also be 3: both. */
export const BOTH_ACTIONS = 3;

/**
 * The machine's action each code stands for, at the route's start node: 开始运输 is the transition into
 * 运输中 (400), which is 确认到达 at the loading place; 离开装货地 is 确认离开 there.
 */
export const DEPARTURE_ACTIONS: Record<DepartureActionCode, { action: WaybillAction; nodeType: 'start' }> = {
  [DepartureAction.START_TRANSPORT]: { action: 'arriveWaybillNode', nodeType: 'start' },
  [DepartureAction.LEAVE_LOADING]: { action: 'leaveWaybillNode', nodeType: 'start' },
};

/** Whether the rule guards the action. */
export const guards = (rule: { action: number | null }, action: DepartureActionCode) => rule.action === action || rule.action === BOTH_ACTIONS;

export interface DepartureRuleRecord extends RuleRecord {
  /** 1 开始运输, 2 离开装货地, 3 both (dictionary departureAction). */
  action: number;
  message: string;
}

export interface DepartureEffect {
  action: number;
  /** The refusal shown when a condition of the rule fails. */
  message: string;
}

/**
 * Conditions on these fields describe the load, not the moment: they narrow which waybills the rule
 * covers (as its scope does: 温层 属于 冷冻 → the rule is for frozen loads). Conditions on every other
 * field are what must hold at the moment of the action.
 */
export const LOAD_FIELDS: ReadonlySet<string> = new Set(['goodsCategory', 'temperatureClass', 'weightT']);

/** The rule's conditions that select the waybills it covers, and those that must hold. */
export const splitConditions = (conditions: readonly Condition[] | null) => ({
  covers: (conditions ?? []).filter((c) => LOAD_FIELDS.has(c.field)),
  requires: (conditions ?? []).filter((c) => !LOAD_FIELDS.has(c.field)),
});

/** A rule must ask for something of the moment, or it could never refuse. */
export function checkRequirements(conditions: readonly Condition[] | null | undefined) {
  if (conditions && splitConditions(conditions).requires.length === 0) {
    throw invalid('发车条件：请至少设置一条车辆温度、车门、预冷或装货的条件', { field: 'conditions' });
  }
}

/** The temperature channels that have a field of their own (most reefers have one to four probes). */
export const CHANNEL_FIELDS = 4;

export const departureRuleType: RuleType<DepartureEffect> = {
  key: 'departure',
  title: '发车规则',
  resource: 'departureRule',
  fields: [
    // The vehicle's latest reading at the moment (at most FRESH_MINUTES old; older counts as none).
    { key: 'temperature', title: '车厢温度（所有通道）', kind: 'number', unit: '℃' },
    ...Array.from({ length: CHANNEL_FIELDS }, (_, c) => ({ key: `temperature${c + 1}`, title: `通道${c + 1}温度`, kind: 'number' as const, unit: '℃' })),
    { key: 'doorOpen', title: '车门打开', kind: 'code', dictionary: 'yesNo' },
    { key: 'precooledMinutes', title: '预冷时长', kind: 'number', unit: '分钟' },
    { key: 'loadConfirmed', title: '已确认装货', kind: 'code', dictionary: 'yesNo' },
    { key: 'goodsCategory', title: '货品类别', kind: 'code', dictionary: 'goodsCategory' },
    { key: 'temperatureClass', title: '温层', kind: 'code', dictionary: 'temperatureClass' },
    { key: 'weightT', title: '重量', kind: 'number', unit: '吨' },
  ],
  effectOf(rule) {
    const r = rule as DepartureRuleRecord;
    return { action: r.action, message: r.message };
  },
};
