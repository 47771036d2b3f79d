// The waybill timeline's judgements, pure: whether a node was reached early or late, by how much,
// and which of the five node icons (nodeStatus 0-4 of the nodeStatus dictionary) it shows.
import { Step, WaybillStatus } from '../workflow/waybill-machine.ts';
import type { NodeType } from '../workflow/waybill-machine.ts';

export const ArriveLeaveState = { ON_TIME: 1, EARLY: 2, LATE: 3 } as const;
export const NodeStatus = { NOT_REACHED: 0, ARRIVED: 1, LEFT: 2, ARRIVED_LATE: 3, MISSED: 4 } as const;

const MINUTE = 60_000;

/**
 * Judged in whole minutes, as the times are shown: within the same minute is on time (1), a
 * minute or more before the required time early (2), after it late (3). No required time: null.
 * A prescription rule's tolerance widens 'the same minute' to that many minutes either side.
 */
export function arriveLeaveState(actual: number | null, required: number | null, toleranceMinutes = 0): number | null {
  if (actual === null || required === null) return null;
  const minutes = Math.trunc((actual - required) / MINUTE);
  return minutes > toleranceMinutes ? ArriveLeaveState.LATE : minutes < -toleranceMinutes ? ArriveLeaveState.EARLY : ArriveLeaveState.ON_TIME;
}

/** '1小时5分钟', '3天2小时', '45分钟': how far apart two times are, in whole minutes. */
export function durationStr(ms: number): string {
  let minutes = Math.trunc(Math.abs(ms) / MINUTE);
  const days = Math.trunc(minutes / 1440);
  minutes -= days * 1440;
  const hours = Math.trunc(minutes / 60);
  minutes -= hours * 60;
  const parts = [days ? `${days}天` : '', hours ? `${hours}小时` : '', minutes || (!days && !hours) ? `${minutes}分钟` : ''];
  return parts.join('');
}

/** The '晚点' tooltip's time (empty unless late) and the early/late/on-time difference. */
export function lateness(actual: number | null, required: number | null, toleranceMinutes = 0) {
  const state = arriveLeaveState(actual, required, toleranceMinutes);
  if (state === null) return { state, lateTimeStr: '', diffStr: '' };
  const diff = durationStr(actual! - required!);
  if (state === ArriveLeaveState.LATE) return { state, lateTimeStr: diff, diffStr: `晚点${diff}` };
  if (state === ArriveLeaveState.EARLY) return { state, lateTimeStr: '', diffStr: `提前${diff}` };
  return { state, lateTimeStr: '', diffStr: '准时' };
}

/** Normalises the stored node type: start and end by name, anything else is a via point. */
export const nodeTypeOf = (stored: string): NodeType => (stored === 'start' || stored === 'end' ? stored : 'via');

/** The step from which the waybill is past a node: loading starts, delivery starts, unloading left. */
const PAST_FROM: Record<NodeType, number> = {
  start: Step.AWAITING_LOADING_START,
  via: Step.AWAITING_DELIVERY,
  end: Step.AWAITING_LEAVING_UNLOADING,
};

export interface NodeTimes {
  nodeType: string;
  actualArriveTime: number | null;
  actualLeaveTime: number | null;
  arriveState: number | null;
}

/**
 * Left (2) once a leave time is recorded; arrived (1), or arrived late (3); missed (4) when the
 * waybill went past the node without reaching it, or ended (abnormally, or handed on by a
 * transfer) before it; otherwise not reached yet (0).
 */
export function nodeStatusOf(node: NodeTimes, waybill: { status: number; step: number }): number {
  if (node.actualLeaveTime !== null) return NodeStatus.LEFT;
  if (node.actualArriveTime !== null) return node.arriveState === ArriveLeaveState.LATE ? NodeStatus.ARRIVED_LATE : NodeStatus.ARRIVED;
  const ended = waybill.status === WaybillStatus.ENDED_ABNORMALLY || waybill.status === WaybillStatus.TRANSFERRED;
  const past = waybill.step !== Step.CANCELLED && waybill.step >= PAST_FROM[nodeTypeOf(node.nodeType)];
  return ended || past ? NodeStatus.MISSED : NodeStatus.NOT_REACHED;
}
