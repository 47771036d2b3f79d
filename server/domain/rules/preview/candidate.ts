// The rule a preview judges: the form as it stands, which may leave out any optional field, read as a
// stored rule would be (absent scope fields open, no dates), under the id of the rule it edits or one
// newer than any, so it ranks as the newest among equals. Always as enabled: a rule marked 停用 is
// previewed for what it would do once switched on, the question asked before switching it on.
import type { RuleRecord } from '../rule-type.ts';

const OPEN_SCOPE = {
  customerId: null, carrierId: null, businessType: null, originProvince: null, originCity: null, destProvince: null, destCity: null,
  conditions: null, validFrom: null, validTo: null, priority: 0,
};

/** `defaults`: the type's own fields a form may leave out. */
export function candidateRule<R extends RuleRecord>(candidate: Record<string, unknown>, id: number | null, defaults: Partial<R> = {}): R {
  return { ...OPEN_SCOPE, ...defaults, ...candidate, status: 0, id: id ?? Number.MAX_SAFE_INTEGER } as R;
}
