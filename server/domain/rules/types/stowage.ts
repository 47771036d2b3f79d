// Stowage rules (配载规则, stowageRule/*): how auto-stowage (智能配载, orders/stowage/auto-run.ts)
// groups the open orders a rule covers and loads them: onto the in-service vehicles of the rule's
// carrier and car models, at most so many orders and so full per vehicle, with the loading and
// unloading places the same (or in the same city) when the rule asks. The conditions test what the
// order gives (order-rules.ts orderFactValues). An order has no carrier yet: the rule's carrier
// (vehicleCarrierId) is part of its effect, not of its scope.
import { invalid } from '../../../http/envelope.ts';
import type { RuleRecord, RuleType } from '../rule-type.ts';
import { delegateRuleType } from './delegate.ts';

/** Dictionary stowagePlaceMatch. */
export const PlaceMatch = { ANY: 0, SAME_PLACE: 1, SAME_CITY: 2 } as const;
/** Dictionary stowageRunMode. */
export const RunMode = { ON_DEMAND: 0, DAILY: 1 } as const;

export interface StowageRuleRecord extends RuleRecord {
  vehicleCarrierId: number;
  carModelIds: number[] | string;
  maxOrders: number;
  maxLoadRate: number;
  loadingPlace: number;
  unloadingPlace: number;
  autoRun: number;
  runTimes: string | null;
}

export interface StowageEffect {
  carrierId: number;
  carModelIds: number[];
  maxOrders: number;
  maxLoadRate: number;
  loadingPlace: number;
  unloadingPlace: number;
  /** Daily run times ('08:00'); empty: the rule runs only on demand. */
  runTimes: string[];
}

/** The stored JSON array (or the array itself, from a form). */
const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v : typeof v === 'string' && v ? JSON.parse(v) : []) as number[];

export const runTimesOf = (autoRun: unknown, runTimes: unknown): string[] =>
  autoRun === RunMode.DAILY && typeof runTimes === 'string' && runTimes ? [...new Set(runTimes.split(','))].sort() : [];

/** A rule that runs every day must say when. */
export function checkSchedule(record: Record<string, unknown>) {
  if (record.autoRun === RunMode.DAILY && !record.runTimes) throw invalid('每日运行时间：每日定时运行时请填写运行时间', { field: 'runTimes' });
}

export const stowageRuleType: RuleType<StowageEffect> = {
  key: 'stowage',
  title: '配载规则',
  resource: 'stowageRule',
  // The order's own facts, as the delegate rules (also judged on orders) test them: one list.
  fields: delegateRuleType.fields,
  effectOf(rule) {
    const r = rule as StowageRuleRecord;
    return {
      carrierId: r.vehicleCarrierId, carModelIds: idsOf(r.carModelIds), maxOrders: r.maxOrders, maxLoadRate: r.maxLoadRate,
      loadingPlace: r.loadingPlace ?? 0, unloadingPlace: r.unloadingPlace ?? 0, runTimes: runTimesOf(r.autoRun, r.runTimes),
    };
  },
};
