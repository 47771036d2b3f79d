// Departure rules (发车规则, departureRule/*): conditions that MUST hold before a waybill may 开始运输 or
// 离开装货地. Unlike the temperature rules, no single rule is chosen: every rule in force whose scope
// covers the waybill and which guards the action is checked, and the first (most specific) one with a
// condition that fails refuses the action with its own 提示信息 (docs/rules.md "Departure rules").
// The facts the conditions test are read at the moment of the action (departure-check.ts).
import type { RuleRecord, RuleType } from '../rule-type.ts';
import type { WaybillAction } from '../../workflow/waybill-machine.ts';

/** The actions a rule may guard (dictionary departureAction). */
export const DepartureAction = { START_TRANSPORT: 1, LEAVE_LOADING: 2 } as const;
export type DepartureActionCode = (typeof DepartureAction)[keyof typeof DepartureAction];

/**
 * The machine's action each code stands for, at the route's start node: 开始运输 is the transition into
 * 运输中 (400), which is 确认到达 at the loading place; 离开装货地 is 确认离开 there.
 */
export const DEPARTURE_ACTIONS: Record<DepartureActionCode, { action: WaybillAction; nodeType: 'start' }> = {
  [DepartureAction.START_TRANSPORT]: { action: 'arriveWaybillNode', nodeType: 'start' },
  [DepartureAction.LEAVE_LOADING]: { action: 'leaveWaybillNode', nodeType: 'start' },
};

export interface DepartureRuleRecord extends RuleRecord {
  actions: number[];
  message: string;
}

export interface DepartureEffect {
  actions: readonly number[];
  /** The refusal shown when a condition of the rule fails. */
  message: string;
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
    return { actions: r.actions ?? [], message: r.message };
  },
};
