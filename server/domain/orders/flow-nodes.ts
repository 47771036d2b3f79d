// The order monitor's flow (businessStateHistory/getOrderMonitorList; spec section 3 "Order flow
// node"): the steps an order goes through, each judged over ALL the waybills carrying it. Pure:
// the caller loads the order's waybills, their events and route nodes.
//   flowNodeStatus 1 done, 3 done but late (both show a check), 2 under way (the active dot:
//   some waybills got there, or it is the next step), 0 not reached yet.
import { formatTime } from '../../resources/time.ts';
import { lateness } from '../waybills/timeline.ts';
import { Step, WaybillStatus } from '../workflow/waybill-machine.ts';

export const FlowNodeStatus = { NOT_REACHED: 0, DONE: 1, UNDER_WAY: 2, DONE_LATE: 3 } as const;
const STATUS_NAMES: Record<number, string> = { 0: '未到达', 1: '已完成', 2: '进行中', 3: '已完成（晚点）' };

export interface FlowNodeTimes {
  requiredArriveTime: number | null;
  actualArriveTime: number | null;
  actualLeaveTime: number | null;
}

export interface FlowWaybill {
  waybillNo: string;
  status: number;
  step: number;
  /** Timeline events: the time a step was first reached comes from them. */
  events: { fromStep: number; toStep: number; at: number }[];
  /** Where the order's goods are loaded and unloaded on this waybill's route. */
  loading: FlowNodeTimes | null;
  unloading: FlowNodeTimes | null;
}

export interface FlowInput {
  createdAt: number;
  voidedAt: number | null;
  /** Goods of the order that no waybill carries yet. */
  unassigned: boolean;
  waybills: FlowWaybill[];
}

interface Stage {
  name: string;
  /** The carriage step from which a waybill is past this stage. */
  step: number;
  /** The route node whose arrival (or leaving) marks it, when there is one. */
  node?: { which: 'loading' | 'unloading'; time: 'actualArriveTime' | 'actualLeaveTime' };
}

const STAGES: Stage[] = [
  { name: '派车', step: Step.AWAITING_DRIVER },
  { name: '司机接单', step: Step.AWAITING_TRANSPORT },
  { name: '到达装货地', step: Step.AWAITING_LOADING_START, node: { which: 'loading', time: 'actualArriveTime' } },
  { name: '装货完成', step: Step.AWAITING_LEAVING_LOADING },
  { name: '离开装货地', step: Step.AWAITING_ARRIVAL_AT_UNLOADING, node: { which: 'loading', time: 'actualLeaveTime' } },
  { name: '到达卸货地', step: Step.AWAITING_DELIVERY, node: { which: 'unloading', time: 'actualArriveTime' } },
  { name: '确认交货', step: Step.AWAITING_LEAVING_UNLOADING },
  { name: '签收', step: Step.AWAITING_RECEIPT },
  { name: '完成', step: Step.AWAITING_EVALUATION },
];

const pastStep = (w: FlowWaybill, step: number) => w.step !== Step.CANCELLED && w.step >= step;

function reachedAt(w: FlowWaybill, s: Stage): number | null | undefined {
  const nodeTime = s.node ? w[s.node.which]?.[s.node.time] ?? null : null;
  // A stowed waybill unloads this order at a via point: reaching it counts before the route's end.
  if (nodeTime !== null) return nodeTime;
  if (!pastStep(w, s.step)) return undefined;
  const events = w.events.filter((e) => e.fromStep < s.step && e.toStep >= s.step && e.toStep !== Step.CANCELLED);
  return events.length ? Math.max(...events.map((e) => e.at)) : null;
}

/** The late arrivals behind an arrival stage, as the flow's line alarms. */
function lateOf(live: FlowWaybill[], s: Stage) {
  if (s.node?.time !== 'actualArriveTime') return [];
  return live.flatMap((w) => {
    const n = w[s.node!.which];
    const late = n ? lateness(n.actualArriveTime, n.requiredArriveTime) : null;
    if (!n || !late?.lateTimeStr) return [];
    return [{ waybillNo: w.waybillNo, startTimeStr: formatTime(n.requiredArriveTime), endTimeStr: formatTime(n.actualArriveTime), alarmTypeStr: '晚点', lateTimeStr: late.lateTimeStr }];
  });
}

const named = <T extends { flowNodeStatus: number }>(nodes: T[]) => nodes.map((n) => ({ ...n, flowNodeStatusStr: STATUS_NAMES[n.flowNodeStatus] }));

export function orderFlow(input: FlowInput) {
  const created = { flowNodeName: '下单', flowNodeStatus: FlowNodeStatus.DONE, arriveTime: input.createdAt, arriveTimeStr: formatTime(input.createdAt), lineAlarm: [] as unknown[] };
  if (input.voidedAt !== null) {
    return named([created, { flowNodeName: '作废', flowNodeStatus: FlowNodeStatus.DONE, arriveTime: input.voidedAt, arriveTimeStr: formatTime(input.voidedAt), lineAlarm: [] }]);
  }
  // Ended and transferred waybills no longer carry the order's goods.
  const live = input.waybills.filter((w) => w.status !== WaybillStatus.ENDED_ABNORMALLY && w.status !== WaybillStatus.TRANSFERRED);
  const nodes = STAGES.map((s) => {
    const times = live.map((w) => reachedAt(w, s));
    const reached = times.filter((t) => t !== undefined);
    const known = reached.filter((t): t is number => t !== null);
    const lineAlarm = lateOf(live, s);
    const done = live.length > 0 && !input.unassigned && reached.length === live.length;
    const flowNodeStatus = done ? (lineAlarm.length ? FlowNodeStatus.DONE_LATE : FlowNodeStatus.DONE) : reached.length ? FlowNodeStatus.UNDER_WAY : FlowNodeStatus.NOT_REACHED;
    const arriveTime = known.length ? Math.max(...known) : null;
    return { flowNodeName: s.name, flowNodeStatus, arriveTime, arriveTimeStr: formatTime(arriveTime), lineAlarm };
  });
  const flow = [created, ...nodes];
  if (live.length === 0 && input.waybills.some((w) => w.status === WaybillStatus.ENDED_ABNORMALLY)) {
    const at = Math.max(...input.waybills.flatMap((w) => w.events.filter((e) => e.toStep === Step.CANCELLED).map((e) => e.at)), input.createdAt);
    return named([...flow.filter((n) => n.flowNodeStatus !== FlowNodeStatus.NOT_REACHED), { flowNodeName: '异常结束', flowNodeStatus: FlowNodeStatus.DONE, arriveTime: at, arriveTimeStr: formatTime(at), lineAlarm: [] }]);
  }
  // The step after the last one done is the one under way.
  const next = flow.findIndex((n) => n.flowNodeStatus === FlowNodeStatus.NOT_REACHED || n.flowNodeStatus === FlowNodeStatus.UNDER_WAY);
  if (next > 0 && flow[next].flowNodeStatus === FlowNodeStatus.NOT_REACHED) flow[next] = { ...flow[next], flowNodeStatus: FlowNodeStatus.UNDER_WAY };
  return named(flow);
}
