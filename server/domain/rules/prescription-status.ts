// A waybill's timeliness statuses (dictionary timelinessStatus), pure, from its nodes at a moment
// (docs/rules.md "Prescription rules", "Timeliness status"): one for the arrivals and leavings, one for
// the transport duration against the rule's limit.
import { ArriveLeaveState } from '../waybills/timeline.ts';
import type { PlanNode } from './prescription-times.ts';

export const Timeliness = { EARLY: 10, ON_TIME: 20, LATE: 30, NOT_LEFT: 40, NOT_ARRIVED: 50, UNFINISHED: 60, NORMAL: 70, OVERTIME: 80, UNKNOWN: 90 } as const;

type StatusNode = Pick<PlanNode, 'nodeType' | 'requiredArriveTime' | 'requiredLeaveTime' | 'actualArriveTime' | 'actualLeaveTime' | 'toleranceMinutes'>
  & { arriveState: number | null; leaveState: number | null };

const MINUTE = 60_000;
const overdue = (required: number | null, tolerance: number | null, now: number) => required !== null && now > required + (tolerance ?? 0) * MINUTE;

/**
 * Arrival timeliness. Once the unloading place is reached: 30 晚点 when any arrival or leaving was judged
 * late, else 10 提前 when the unloading place was reached early, else 20 准时; 90 未知 when no recorded
 * time had a required time. Before: 40 未离开 when a place reached has not been left by its required
 * leave time, 50 未到达 when a place has not been reached by its required arrival, else 60 运输未完成;
 * 90 未知 when the route has no required time at all.
 */
export function timelinessStatus(nodes: readonly StatusNode[], now: number): number {
  const end = nodes.at(-1);
  if (!end) return Timeliness.UNKNOWN;
  if (end.actualArriveTime !== null) {
    const states = nodes.flatMap((n) => [n.arriveState, n.leaveState]).filter((s) => s !== null);
    if (states.length === 0) return Timeliness.UNKNOWN;
    if (states.includes(ArriveLeaveState.LATE)) return Timeliness.LATE;
    return end.arriveState === ArriveLeaveState.EARLY ? Timeliness.EARLY : Timeliness.ON_TIME;
  }
  if (!nodes.some((n) => n.requiredArriveTime !== null || n.requiredLeaveTime !== null)) return Timeliness.UNKNOWN;
  for (const n of nodes) {
    if (n.actualArriveTime !== null && n.actualLeaveTime === null && overdue(n.requiredLeaveTime, n.toleranceMinutes, now)) return Timeliness.NOT_LEFT;
    if (n.actualArriveTime === null && overdue(n.requiredArriveTime, n.toleranceMinutes, now)) return Timeliness.NOT_ARRIVED;
  }
  return Timeliness.UNFINISHED;
}

/**
 * Transport duration, from leaving the loading place to reaching the unloading place, against the
 * rule's limit (with its tolerance): 70 正常 within it (so far, while on the way), 80 超时 past it;
 * 90 未知 without a limit or before the loading place is left.
 */
export function transportStatus(nodes: readonly StatusNode[], limitMinutes: number | null, now: number): number {
  const start = nodes[0];
  const end = nodes.at(-1);
  if (!start || !end || limitMinutes === null || start.actualLeaveTime === null) return Timeliness.UNKNOWN;
  const took = (end.actualArriveTime ?? now) - start.actualLeaveTime;
  return took > (limitMinutes + (end.toleranceMinutes ?? 0)) * MINUTE ? Timeliness.OVERTIME : Timeliness.NORMAL;
}
