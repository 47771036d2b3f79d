// The rules in force at each moment of a preview's window, as rulesAt (versions.ts) answers, but the
// same list object for every moment between two changes: chooseRule ranks and compiles a list once per
// list object, so a month of events costs one ranking per change, not one per event.
import type { RuleRecord } from '../rule-type.ts';
import { rulesAt, type RuleVersion } from '../versions.ts';

/** `(at) => rulesAt(versions, at)`, then `extra` (the candidate standing for the whole window), each list kept per span between changes. */
export function rulesInForce<R extends RuleRecord>(versions: readonly RuleVersion<R>[], extra: readonly R[] = []): (at: number) => readonly R[] {
  // The moments a version starts or ends, ascending: between two of them the same versions hold.
  const changes = [...new Set(versions.flatMap((v) => (v.validUntil === null ? [v.validSince] : [v.validSince, v.validUntil])))].sort((a, b) => a - b);
  const lists = new Map<number, readonly R[]>();
  return (at) => {
    // The number of changes at or before `at` names the span.
    let low = 0;
    let high = changes.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (changes[mid] <= at) low = mid + 1;
      else high = mid;
    }
    let list = lists.get(low);
    if (!list) {
      list = [...rulesAt(versions, at), ...extra];
      lists.set(low, list);
    }
    return list;
  };
}
