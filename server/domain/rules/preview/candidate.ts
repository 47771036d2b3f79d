// The rule a preview judges: the form as it stands, which may leave out any optional field, read as a
// stored rule would be (absent scope fields open, enabled, no dates), under the id of the rule it edits
// or one newer than any, so it ranks as the newest among equals.
import type { RuleRecord } from '../rule-type.ts';

const OPEN_SCOPE = {
  customerId: null, carrierId: null, businessType: null, originProvince: null, originCity: null, destProvince: null, destCity: null,
  conditions: null, validFrom: null, validTo: null, status: 0, priority: 0,
};

/** `defaults`: the type's own fields a form may leave out. */
export function candidateRule<R extends RuleRecord>(candidate: Record<string, unknown>, id: number | null, defaults: Partial<R> = {}): R {
  return { ...OPEN_SCOPE, ...defaults, ...candidate, id: id ?? Number.MAX_SAFE_INTEGER } as R;
}
