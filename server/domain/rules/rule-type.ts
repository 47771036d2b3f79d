// What a rule type declares (one file per type under ./types): the fields its conditions may test,
// where the event's values for them come from, and what a chosen rule does. The engine
// (conditions.ts, choose.ts, versions.ts) is the same for every type: adding a type adds a file.
import type { Fact, ValueKind } from './operators.ts';

export interface ConditionField {
  key: string;
  /** The Chinese the condition editor and the error messages use. */
  title: string;
  kind: ValueKind;
  /** Values are codes of this dictionary (shown by their labels). */
  dictionary?: string;
  /** Values are ids of this resource's records (picked by their names). */
  reference?: string;
  /** The referenced records' field the editor shows (modelName). */
  referenceLabel?: string;
  unit?: string;
}

/** The scope of an event: who and what it concerns, matched against a rule's scope fields. */
export interface ScopeFacts {
  customerIds: readonly number[];
  carrierId: number | null;
  businessType: number | null;
  origin: { province: string | null; city: string | null };
  destination: { province: string | null; city: string | null };
}

/** A rule as stored (one version of it): the columns every rule resource has, and its own. */
export interface RuleRecord {
  id: number;
  ruleName: string;
  /** 0 启用, 1 停用 (dictionary enableStatus). */
  status: number;
  priority: number;
  /** Shanghai day starts; null is open. */
  validFrom: number | null;
  validTo: number | null;
  customerId: number | null;
  carrierId: number | null;
  businessType: number | null;
  originProvince: string | null;
  originCity: string | null;
  destProvince: string | null;
  destCity: string | null;
  conditions: Condition[] | null;
  [field: string]: unknown;
}

export interface Condition {
  field: string;
  operator: string;
  value?: number | string | (number | string)[] | null;
}

export interface RuleType<Effect> {
  /** The key stored with each version ('temperature'). */
  key: string;
  title: string;
  /** The resource file holding the rules (schemas/resources/<resource>.json). */
  resource: string;
  fields: readonly ConditionField[];
  /** The effect a rule has when chosen, from its record. */
  effectOf(rule: RuleRecord): Effect;
}

/** The values of a type's condition fields for one event. */
export type FactValues = Record<string, Fact>;
