// Which rule of a type applies to an event: of the versions in force at the event's time (versions.ts),
// those enabled, valid on its Shanghai day, whose scope covers it and whose every condition holds; of
// those the most specific. Pure: the same rules and event give the same answer, for the live event and
// for the preview over past ones.
//
// Specificity orders the scope strictly, as the rate rules do (docs/rules.md):
//   16 × (origin level + destination level)   (2 city, 1 province, 0 none)
//  + 8 customer + 4 carrier + 2 business type + 1 for any condition.
// Then the higher priority, then the later validFrom, then the newer rule (higher id).
import { samePlace } from '../settlement/pricing/place-names.ts';
import { DAY_MS, shanghaiDayStart } from '../../resources/time.ts';
import { compileConditions, conditionsHold } from './conditions.ts';
import type { FactValues, RuleRecord, ScopeFacts } from './rule-type.ts';

const filled = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined && v !== '';

/** What a rule's choice needs worked out once per rule object, not per event. */
interface Prepared {
  specificity: number;
  /** The end of validTo's Shanghai day; Infinity when open. */
  until: number;
}
const preparedOf = new WeakMap<RuleRecord, Prepared>();

function prepared(rule: RuleRecord): Prepared {
  let p = preparedOf.get(rule);
  if (!p) {
    p = { specificity: specificityOf(rule), until: filled(rule.validTo) ? shanghaiDayStart(rule.validTo) + DAY_MS : Infinity };
    preparedOf.set(rule, p);
  }
  return p;
}

/** Enabled, and `at` on or after validFrom's day and before the end of validTo's day. */
export function validAt(rule: RuleRecord, at: number): boolean {
  return rule.status === 0 && (!filled(rule.validFrom) || rule.validFrom <= at) && at < prepared(rule).until;
}

const placeCovers = (province: string | null, city: string | null, at: ScopeFacts['origin']) =>
  (!filled(province) || samePlace(province, at.province ?? '')) && (!filled(city) || samePlace(city, at.city ?? ''));

/** Whether the rule's scope covers the event: every filled scope field equals the event's. */
export function scopeCovers(rule: RuleRecord, scope: ScopeFacts): boolean {
  return (!filled(rule.customerId) || scope.customerIds.includes(rule.customerId))
    && (!filled(rule.carrierId) || rule.carrierId === scope.carrierId)
    && (!filled(rule.businessType) || rule.businessType === scope.businessType)
    && placeCovers(rule.originProvince, rule.originCity, scope.origin)
    && placeCovers(rule.destProvince, rule.destCity, scope.destination);
}

const level = (province: string | null, city: string | null) => (filled(city) ? 2 : filled(province) ? 1 : 0);

export const specificity = (rule: RuleRecord): number => prepared(rule).specificity;

function specificityOf(rule: RuleRecord): number {
  return 16 * (level(rule.originProvince, rule.originCity) + level(rule.destProvince, rule.destCity))
    + (filled(rule.customerId) ? 8 : 0) + (filled(rule.carrierId) ? 4 : 0) + (filled(rule.businessType) ? 2 : 0)
    + (rule.conditions?.length ? 1 : 0);
}

/** Negative when a should win over b. */
export function compareRules(a: RuleRecord, b: RuleRecord): number {
  return specificity(b) - specificity(a)
    || b.priority - a.priority
    || (b.validFrom ?? 0) - (a.validFrom ?? 0)
    || b.id - a.id;
}

export function ruleApplies(rule: RuleRecord, at: number, scope: ScopeFacts, facts: FactValues): boolean {
  return validAt(rule, at) && scopeCovers(rule, scope) && conditionsHold(rule.conditions, facts);
}

/**
 * A rule as the choice tests it, worked out once per rule object: its validity as two numbers, each
 * filled scope field as a value (null: open) and its conditions compiled (null: none), so that judging
 * an event tests only what the rule restricts and allocates nothing (a batch's or a preview's rules judge
 * many events). Answers as validAt && scopeCovers && conditionsHold.
 */
interface Compiled<R> {
  rule: R;
  live: boolean;
  from: number;
  until: number;
  customerId: number | null;
  carrierId: number | null;
  businessType: number | null;
  originProvince: string | null;
  originCity: string | null;
  destProvince: string | null;
  destCity: string | null;
  holds: ((facts: FactValues) => boolean) | null;
}
const compiledOf = new WeakMap<RuleRecord, Compiled<RuleRecord>>();

const orNull = <T>(v: T | null | undefined): T | null => (filled(v) ? v : null);

function compiled<R extends RuleRecord>(rule: R): Compiled<R> {
  let c = compiledOf.get(rule);
  if (!c) {
    c = {
      rule, live: rule.status === 0, from: filled(rule.validFrom) ? rule.validFrom : -Infinity, until: prepared(rule).until,
      customerId: orNull(rule.customerId), carrierId: orNull(rule.carrierId), businessType: orNull(rule.businessType),
      originProvince: orNull(rule.originProvince), originCity: orNull(rule.originCity),
      destProvince: orNull(rule.destProvince), destCity: orNull(rule.destCity),
      holds: rule.conditions?.length ? compileConditions(rule.conditions) : null,
    };
    compiledOf.set(rule, c);
  }
  return c as Compiled<R>;
}

/** A list of rules best first, compiled, kept per list object. */
const rankedOf = new WeakMap<readonly RuleRecord[], readonly Compiled<RuleRecord>[]>();

function ranked<R extends RuleRecord>(rules: readonly R[]): readonly Compiled<R>[] {
  let out = rankedOf.get(rules);
  if (!out) {
    out = [...rules].sort(compareRules).map(compiled);
    rankedOf.set(rules, out);
  }
  return out as readonly Compiled<R>[];
}

/** The rule that applies to the event, or null when none does: the first that applies, best first. */
export function chooseRule<R extends RuleRecord>(rules: readonly R[], at: number, scope: ScopeFacts, facts: FactValues): R | null {
  const list = ranked(rules);
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    // validAt, scopeCovers and conditionsHold, each filled field tested alone.
    if (!c.live || at < c.from || at >= c.until) continue;
    if (c.customerId !== null && !scope.customerIds.includes(c.customerId)) continue;
    if (c.carrierId !== null && c.carrierId !== scope.carrierId) continue;
    if (c.businessType !== null && c.businessType !== scope.businessType) continue;
    if (c.originProvince !== null && !samePlace(c.originProvince, scope.origin.province ?? '')) continue;
    if (c.originCity !== null && !samePlace(c.originCity, scope.origin.city ?? '')) continue;
    if (c.destProvince !== null && !samePlace(c.destProvince, scope.destination.province ?? '')) continue;
    if (c.destCity !== null && !samePlace(c.destCity, scope.destination.city ?? '')) continue;
    if (c.holds !== null && !c.holds(facts)) continue;
    return c.rule;
  }
  return null;
}
