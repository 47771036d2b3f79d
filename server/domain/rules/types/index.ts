// Every rule type, by key: the condition editor's definitions and the preview routes read them here.
import type { RuleType } from '../rule-type.ts';
import { delegateRuleType } from './delegate.ts';
import { temperatureRuleType } from './temperature.ts';
import { departureRuleType } from './departure.ts';
import { lossPlanRuleType } from './loss-plan.ts';

import { progressRemindRuleType } from './progress-remind.ts';

import { checkRuleType } from './check.ts';

import { prescriptionRuleType } from './prescription.ts';
import { stowageRuleType } from './stowage.ts';

import { waybillRuleType } from './waybill-rule.ts';
import { accessInspectionRuleType } from './access-inspection.ts';

export const RULE_TYPES: ReadonlyMap<string, RuleType<unknown>> = new Map([
  [temperatureRuleType.key, temperatureRuleType as RuleType<unknown>],
  [departureRuleType.key, departureRuleType as RuleType<unknown>],
  [delegateRuleType.key, delegateRuleType as RuleType<unknown>],
  [lossPlanRuleType.key, lossPlanRuleType as RuleType<unknown>],

  [progressRemindRuleType.key, progressRemindRuleType as RuleType<unknown>],

  [checkRuleType.key, checkRuleType as RuleType<unknown>],

  [prescriptionRuleType.key, prescriptionRuleType as RuleType<unknown>],

  [waybillRuleType.key, waybillRuleType as RuleType<unknown>],
  [accessInspectionRuleType.key, accessInspectionRuleType as RuleType<unknown>],
  [stowageRuleType.key, stowageRuleType as RuleType<unknown>],
]);
