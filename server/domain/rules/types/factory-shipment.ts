// Factory shipment setting (出厂发运设置, factoryShipmentSetting/*): per loading factory (an electronic fence), the
// hours in which vehicles may leave it and how many vehicles may be dispatched to load there in one day. One
// setting per factory, versioned as the rules are (rule_versions, type 'factoryShipment'): a departure or a
// dispatch is judged by the version in force at its moment (factory-check.ts; docs/rules.md "Factory shipment").
import { invalid } from '../../../http/envelope.ts';
import type { RuleRecord, RuleType } from '../rule-type.ts';

export interface FactoryShipmentRecord extends RuleRecord {
  areaId: number;
  /** 'HH:mm', Shanghai clock; either may be blank (a start alone: from then until midnight; an end alone: from midnight). */
  shipStart: string | null;
  shipEnd: string | null;
  /** Vehicles per planned load day; null: no limit. */
  dailyLimit: number | null;
}

const filled = (v: unknown) => v !== null && v !== undefined && v !== '';

/** Hours are not an empty span; a setting that neither limits hours nor vehicles does nothing. */
export function checkFactorySetting(record: Record<string, unknown>, existing: Record<string, unknown> = {}) {
  const r = { ...existing, ...record };
  if (filled(r.shipStart) && r.shipStart === r.shipEnd) throw invalid('发运结束时刻：不能与发运开始时刻相同', { field: 'shipEnd' });
  if (!filled(r.shipStart) && !filled(r.shipEnd) && !filled(r.dailyLimit)) throw invalid('发运开始时刻：请至少设置发运时段或每日发运上限', { field: 'shipStart' });
}

export const factoryShipmentType: RuleType<Pick<FactoryShipmentRecord, 'shipStart' | 'shipEnd' | 'dailyLimit'>> = {
  key: 'factoryShipment',
  title: '出厂发运设置',
  resource: 'factoryShipmentSetting',
  // A setting belongs to its factory; there is nothing further to narrow by.
  fields: [],
  effectOf(rule) {
    const r = rule as FactoryShipmentRecord;
    return { shipStart: r.shipStart, shipEnd: r.shipEnd, dailyLimit: r.dailyLimit };
  },
};
