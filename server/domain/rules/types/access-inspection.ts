// Access inspection (准入检查, accessInspection/*): the qualifications a vehicle and its driver must have before
// they may be put on a waybill the rule covers (its scope, and its conditions on the load). Not one chosen rule:
// every rule in force that covers the waybill must be met, so a customer's rule adds requirements to the
// corporation-wide one and never lifts them (access-check.ts; docs/rules.md "Access inspection").
import { invalid } from '../../../http/envelope.ts';
import type { RuleRecord, RuleType } from '../rule-type.ts';

export interface AccessRequirements {
  checkDrivingLicense: number;
  checkTransportLicense: number;
  checkInsurance: number;
  checkDriverLicense: number;
  checkQualification: number;
  requireTemperatureDevice: number;
  allowedCarModelIds: number[] | null;
  maxVehicleAgeYears: number | null;
}

export type AccessInspectionRecord = RuleRecord & AccessRequirements;

/** The yes/no requirements, each with what it says in the rule's description. */
export const FLAG_REQUIREMENTS: readonly { key: keyof AccessRequirements; text: string }[] = [
  { key: 'checkDrivingLicense', text: '行驶证有效' },
  { key: 'checkTransportLicense', text: '道路运输证有效' },
  { key: 'checkInsurance', text: '保险有效' },
  { key: 'checkDriverLicense', text: '驾驶证有效' },
  { key: 'checkQualification', text: '从业资格证有效' },
  { key: 'requireTemperatureDevice', text: '绑定温度设备' },
];

/** A rule asking nothing could never refuse: saving one is refused. */
export function checkAccessRequirements(record: Record<string, unknown>, existing?: Record<string, unknown>) {
  const r = { ...existing, ...record };
  const any = FLAG_REQUIREMENTS.some((f) => r[f.key] === 1)
    || (Array.isArray(r.allowedCarModelIds) && r.allowedCarModelIds.length > 0)
    || (typeof r.maxVehicleAgeYears === 'number');
  if (!any) throw invalid('准入要求：请至少设置一项证件、温度设备、准入车型或车龄要求', { field: 'checkDrivingLicense' });
}

export const accessInspectionRuleType: RuleType<AccessRequirements> = {
  key: 'access',
  title: '准入检查',
  resource: 'accessInspectionRule',
  // The waybill's load, as pricing reads it (waybill-rules.ts waybillFactValues): 温层 属于 冷藏、冷冻 makes a cold-chain rule.
  fields: [
    { key: 'goodsCategory', title: '货品类别', kind: 'code', dictionary: 'goodsCategory' },
    { key: 'temperatureClass', title: '温层', kind: 'code', dictionary: 'temperatureClass' },
    { key: 'weightT', title: '重量', kind: 'number', unit: '吨' },
    { key: 'distanceKm', title: '运输距离', kind: 'number', unit: '公里' },
  ],
  effectOf(rule) {
    const r = rule as AccessInspectionRecord;
    return {
      checkDrivingLicense: r.checkDrivingLicense, checkTransportLicense: r.checkTransportLicense, checkInsurance: r.checkInsurance,
      checkDriverLicense: r.checkDriverLicense, checkQualification: r.checkQualification, requireTemperatureDevice: r.requireTemperatureDevice,
      allowedCarModelIds: r.allowedCarModelIds, maxVehicleAgeYears: r.maxVehicleAgeYears,
    };
  },
};
