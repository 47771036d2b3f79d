/**
 * Rules between two fields of one record (`x-checks` on a resource's schema): an upper bound not
 * below its lower bound, an end date not before its start, a field a type makes required or empty.
 * One table per resource, read by the browser's form (the ajv keyword below, before sending) and by
 * the server on every save, update and imported row, over the whole record as it will be stored.
 */

export type CrossFieldRule =
  /** `field` ≥ `atLeast` when both hold a number (a blank side is for the required rules to judge). */
  | { field: string; atLeast: string; message: string }
  /** `field` must be filled when every field named in `requiredWhen` holds the given value. */
  | { field: string; requiredWhen: Record<string, unknown>; message: string }
  /** `field` must stay blank when every field named in `emptyWhen` holds the given value. */
  | { field: string; emptyWhen: Record<string, unknown>; message: string }
  /** `field`, when filled, must hold one of `values` when every field named in `allowedWhen` holds the given value. */
  | { field: string; allowedWhen: Record<string, unknown>; values: unknown[]; message: string };

export interface CrossFieldError {
  field: string;
  message: string;
}

const blank = (v: unknown) => v === undefined || v === null || v === '';
// A `null` in a condition means "left blank" (a rate rule that is not tiered).
const matches = (record: Record<string, unknown>, when: Record<string, unknown>) =>
  Object.entries(when).every(([f, v]) => (v === null ? blank(record[f]) : record[f] === v));

function broken(rule: CrossFieldRule, record: Record<string, unknown>): boolean {
  const value = record[rule.field];
  if ('atLeast' in rule) {
    const low = record[rule.atLeast];
    return typeof value === 'number' && typeof low === 'number' && value < low;
  }
  if ('requiredWhen' in rule) return matches(record, rule.requiredWhen) && blank(value);
  if ('allowedWhen' in rule) return matches(record, rule.allowedWhen) && !blank(value) && !rule.values.includes(value);
  return matches(record, rule.emptyWhen) && !blank(value);
}

/** The broken rules of a record, in declared order. */
export function crossFieldErrors(rules: readonly CrossFieldRule[] | undefined, record: Record<string, unknown>): CrossFieldError[] {
  return (rules ?? []).filter((r) => broken(r, record)).map((r) => ({ field: r.field, message: r.message }));
}

/** The fields a rule reads, so a table can be checked against the schema's properties. */
export function fieldsOfRule(rule: CrossFieldRule): string[] {
  if ('atLeast' in rule) return [rule.field, rule.atLeast];
  const when = 'requiredWhen' in rule ? rule.requiredWhen : 'allowedWhen' in rule ? rule.allowedWhen : rule.emptyWhen;
  return [rule.field, ...Object.keys(when)];
}
