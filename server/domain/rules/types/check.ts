// Check rules (检查规则, check/rule/*): the questions a waybill's entry, unloading or exit check asks, for
// the waybills a rule covers. The most specific rule in force for the waybill and the check (choose.ts over
// the rules of that check type) holds the waybill at that point until its questions are answered and pass
// (check-gate.ts). Its conditions narrow the waybills by their load, as the temperature rules' do.
import type { RuleRecord, RuleType } from '../rule-type.ts';

/** Dictionary checkType. */
export const CheckType = { ENTRY: 1, UNLOADING: 2, EXIT: 3 } as const;
export type CheckTypeCode = (typeof CheckType)[keyof typeof CheckType];
export const CHECK_TYPE_NAMES: Record<number, string> = { 1: '入厂检查', 2: '卸货检查', 3: '出厂检查' };

/** Dictionary checkAnswerKind: 1 是/否, 2 a number (with its unit), 3 text. */
export const AnswerKind = { YES_NO: 1, NUMBER: 2, TEXT: 3 } as const;

export interface CheckQuestion {
  question: string;
  answerKind: number;
  unit?: string | null;
  required?: boolean | null;
  /** 是/否: the answer that passes (1 是, 0 否); absent: any answer passes. */
  passAnswer?: number | null;
  /** Number: the bounds that pass (both included); absent: open. */
  min?: number | null;
  max?: number | null;
}

export interface CheckRuleRecord extends RuleRecord {
  checkType: number;
  questions: CheckQuestion[];
}

export const checkRuleType: RuleType<{ checkType: number; questions: CheckQuestion[] }> = {
  key: 'check',
  title: '检查规则',
  resource: 'checkRule',
  // The waybill's load, as pricing reads it (waybill-rules.ts waybillFactValues).
  fields: [
    { key: 'goodsCategory', title: '货品类别', kind: 'code', dictionary: 'goodsCategory' },
    { key: 'temperatureClass', title: '温层', kind: 'code', dictionary: 'temperatureClass' },
    { key: 'carModelId', title: '车型', kind: 'code', reference: 'carModel', referenceLabel: 'modelName' },
    { key: 'weightT', title: '重量', kind: 'number', unit: '吨' },
    { key: 'distanceKm', title: '运输距离', kind: 'number', unit: '公里' },
  ],
  effectOf(rule) {
    const r = rule as CheckRuleRecord;
    return { checkType: r.checkType, questions: r.questions };
  },
};
