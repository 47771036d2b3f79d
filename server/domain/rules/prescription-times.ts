// The required times a prescription rule gives a waybill's route, pure (docs/rules.md "Prescription
// rules"). A time typed on the node (by the dispatcher, an order's required times, a schedule) is kept:
// the rule fills only the times the node does not carry, and a time it filled earlier it may fill again
// when the route moves on (the unloading deadline from the actual leave time). A time already judged
// (its arrival or leaving recorded) is never changed. Live (prescription-apply.ts) and the preview
// (prescription-preview.ts) both go through `deriveTimes`.
import { DAY_MS, shanghaiDayStart } from '../../resources/time.ts';
import { arriveLeaveState } from '../waybills/timeline.ts';
import type { PrescriptionEffect } from './types/prescription.ts';

const MINUTE = 60_000;

/** The node's times as the derivation reads and writes them. */
export interface PlanNode {
  nodeType: string;
  requiredArriveTime: number | null;
  requiredLeaveTime: number | null;
  actualArriveTime: number | null;
  actualLeaveTime: number | null;
  /** The rule that set requiredArriveTime / requiredLeaveTime; null: typed, or none. */
  arriveByRule: number | null;
  leaveByRule: number | null;
  toleranceMinutes: number | null;
}

/** Minutes allowed from leaving the loading place to arriving at the unloading place (null: the rule gives none). */
export function transportLimitMinutes(effect: PrescriptionEffect, distanceKm: number | null): number | null {
  if (effect.transportMinutes !== null) return effect.transportMinutes;
  if (effect.kmPerDay !== null && distanceKm !== null) return Math.ceil((distanceKm / effect.kmPerDay) * 1440);
  return null;
}

/** The first Shanghai clock time (minutes after midnight) at or after `from`. */
export function nextClock(from: number, clockMinutes: number): number {
  const t = shanghaiDayStart(from) + clockMinutes * MINUTE;
  return t >= from ? t : t + DAY_MS;
}

const plus = (t: number | null, minutes: number | null) => (t === null || minutes === null ? null : t + minutes * MINUTE);

/**
 * The route with the rule's times filled in where the node carries none (or only the rule's own), as of
 * what the route has recorded: the loading place by the generation time (`createdAt`), its leaving by the
 * arrival there, the unloading place by the leaving (actual, else required), its leaving by the arrival
 * there. Via points get no time from the rule. Each node also takes the rule's tolerance.
 */
export function deriveTimes(effect: PrescriptionEffect, nodes: readonly PlanNode[], createdAt: number, distanceKm: number | null): PlanNode[] {
  const out = nodes.map((n) => ({ ...n, toleranceMinutes: effect.toleranceMinutes }));
  const start = out[0];
  const end = out.at(-1);
  if (!start || !end || start === end) return out;
  const fillArrive = (n: PlanNode, t: number | null) => {
    if (t === null || n.actualArriveTime !== null || (n.requiredArriveTime !== null && n.arriveByRule === null)) return;
    n.requiredArriveTime = t;
    n.arriveByRule = effect.ruleId;
  };
  const fillLeave = (n: PlanNode, t: number | null) => {
    if (t === null || n.actualLeaveTime !== null || (n.requiredLeaveTime !== null && n.leaveByRule === null)) return;
    n.requiredLeaveTime = t;
    n.leaveByRule = effect.ruleId;
  };
  fillArrive(start, effect.loadArriveClock !== null ? nextClock(createdAt, effect.loadArriveClock) : plus(createdAt, effect.loadArriveMinutes));
  fillLeave(start, plus(start.actualArriveTime ?? start.requiredArriveTime, effect.loadDwellMinutes));
  const left = start.actualLeaveTime ?? start.requiredLeaveTime ?? start.requiredArriveTime;
  fillArrive(end, plus(left, transportLimitMinutes(effect, distanceKm)));
  fillLeave(end, plus(end.actualArriveTime ?? end.requiredArriveTime, effect.unloadDwellMinutes));
  return out;
}

/** An arrival or leaving judged against the node's required time with its tolerance: 1 on time, 2 early, 3 late. */
export const judge = (actual: number | null, required: number | null, n: Pick<PlanNode, 'toleranceMinutes'>) =>
  arriveLeaveState(actual, required, n.toleranceMinutes ?? 0);
