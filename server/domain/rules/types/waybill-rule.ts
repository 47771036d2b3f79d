// Waybill rules (运单规则, waybillRule/*): how a waybill advances by itself from its vehicle's positions.
// The one rule chosen for a waybill (the most specific in force: chooseRule) says which of the route's
// fence entries and exits count as 确认到达 / 确认离开, how long the vehicle must stay inside before an
// entry counts (GPS drift at a fence edge is no arrival), and whether a signed waybill is closed
// (手动结束) by itself N hours after 签收. Without a rule nothing moves by itself (today's behaviour).
// The steps are planned in waybill-rule-steps.ts and applied in waybill-rule-apply.ts.
import type { RuleRecord, RuleType } from '../rule-type.ts';

export const WAYBILL_RULE_TYPE = 'waybillRule';

export interface WaybillRuleRecord extends RuleRecord {
  /** 1: entering the loading place's fence is 确认到达 there (开始运输). */
  arriveStart: number;
  /** 1: leaving the loading place's fence is 确认离开 there. */
  leaveStart: number;
  /** 1: entering / leaving a via point's fence is 途经点到达 / 离开. */
  viaAuto: number;
  /** 1: entering the unloading place's fence is 确认到达 there. */
  arriveEnd: number;
  /** 1: leaving the (last) unloading place's fence is 确认离开 there (→ 待签收). */
  leaveEnd: number;
  /** An entry counts once the vehicle has stayed this long inside. */
  minStayMinutes: number;
  /** A signed waybill is closed (手动结束 → 已完成) this many hours after 签收; null: never. */
  endAfterSignHours: number | null;
}

export interface WaybillRuleEffect {
  arrive: { start: boolean; via: boolean; end: boolean };
  leave: { start: boolean; via: boolean; end: boolean };
  minStayMs: number;
  endAfterSignMs: number | null;
}

const MIN = 60_000;

export const waybillRuleType: RuleType<WaybillRuleEffect> = {
  key: WAYBILL_RULE_TYPE,
  title: '运单规则',
  resource: 'waybillRule',
  // What the waybill carries narrows which waybills a rule covers (as its scope does).
  fields: [
    { key: 'goodsCategory', title: '货品类别', kind: 'code', dictionary: 'goodsCategory' },
    { key: 'temperatureClass', title: '温层', kind: 'code', dictionary: 'temperatureClass' },
    { key: 'carModelId', title: '车型', kind: 'code', reference: 'carModel', referenceLabel: 'modelName' },
    { key: 'weightT', title: '重量', kind: 'number', unit: '吨' },
    { key: 'distanceKm', title: '运输距离', kind: 'number', unit: '公里' },
  ],
  effectOf(rule) {
    const r = rule as WaybillRuleRecord;
    return {
      arrive: { start: r.arriveStart === 1, via: r.viaAuto === 1, end: r.arriveEnd === 1 },
      leave: { start: r.leaveStart === 1, via: r.viaAuto === 1, end: r.leaveEnd === 1 },
      minStayMs: (r.minStayMinutes ?? 0) * MIN,
      endAfterSignMs: r.endAfterSignHours ? r.endAfterSignHours * 3_600_000 : null,
    };
  },
};
