// Temperature rules (温度规则, temperatureRule/*): the range a waybill's load must keep, on which
// channels, and how long a reading may stay outside before it is an alarm. The alarm engine takes the
// most specific rule in force for the waybill (server/alarms/settings.ts); a range set on the waybill
// itself still wins over any rule, and with no rule the corporation's thresholds apply.
import type { RuleRecord, RuleType } from '../rule-type.ts';

export interface TemperatureEffect {
  tempMin: number;
  tempMax: number;
  toleranceMs: number;
  /** Channels the rule watches (bit c = channel c + 1); null: every channel the vehicle collects. */
  channelMask: number | null;
}

export interface TemperatureRuleRecord extends RuleRecord {
  tempMin: number;
  tempMax: number;
  toleranceMinutes: number;
  channels: number[] | null;
  /** The alarm contacts its alarms notify (server/notify); none: the customer's or the corporation's. */
  contactIds?: number[] | null;
}

export const temperatureRuleType: RuleType<TemperatureEffect> = {
  key: 'temperature',
  title: '温度规则',
  resource: 'temperatureRule',
  fields: [
    { key: 'goodsCategory', title: '货品类别', kind: 'code', dictionary: 'goodsCategory' },
    { key: 'temperatureClass', title: '温层', kind: 'code', dictionary: 'temperatureClass' },
    { key: 'carModelId', title: '车型', kind: 'code', reference: 'carModel', referenceLabel: 'modelName' },
    { key: 'weightT', title: '重量', kind: 'number', unit: '吨' },
    { key: 'distanceKm', title: '运输距离', kind: 'number', unit: '公里' },
  ],
  effectOf(rule) {
    const r = rule as TemperatureRuleRecord;
    const channels = r.channels?.length ? r.channels.reduce((mask, c) => mask | (1 << (c - 1)), 0) : null;
    return { tempMin: r.tempMin, tempMax: r.tempMax, toleranceMs: r.toleranceMinutes * 60_000, channelMask: channels };
  },
};
