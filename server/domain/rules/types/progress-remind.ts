// Progress reminders (进度提醒, configProcessRemindSet/*): a message in the message centre when a waybill
// has not reached a step a number of hours after its anchor (docs/rules.md "Progress reminders"). Not one
// chosen rule: every reminder in force whose scope and conditions cover the waybill sends its own.
import type { RuleRecord, RuleType } from '../rule-type.ts';

/** The classify ids (dictionary progressRemindClassify), all under the one first class 1 运输进度. */
export const FIRST_CLASSIFY_ID = 1;
export const RemindClassify = { LEAVE_LOADING: 11, ARRIVE_UNLOADING: 12, SIGN_OFF: 13 } as const;

export interface ProgressRemindRecord extends RuleRecord {
  classifyId: number;
  hours: number;
  notifyCreator: number | null;
  notifyCarrier: number | null;
  userIds: number[] | null;
}

export interface RemindEffect {
  classifyId: number;
  hours: number;
}

export const progressRemindRuleType: RuleType<RemindEffect> = {
  key: 'progressRemind',
  title: '进度提醒',
  resource: 'progressRemindRule',
  // What the load is: narrows the waybills a reminder is for, as its scope does.
  fields: [
    { key: 'goodsCategory', title: '货品类别', kind: 'code', dictionary: 'goodsCategory' },
    { key: 'temperatureClass', title: '温层', kind: 'code', dictionary: 'temperatureClass' },
    { key: 'weightT', title: '重量', kind: 'number', unit: '吨' },
  ],
  effectOf(rule) {
    const r = rule as ProgressRemindRecord;
    return { classifyId: r.classifyId, hours: r.hours };
  },
};
