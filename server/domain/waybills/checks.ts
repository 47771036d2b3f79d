// Gate checks (spec waybill statuses 2 待入场检查, 3 待卸货检查, 4 待出场检查). They are not states of
// the waybill machine: a check is a record the gate keeper leaves on the waybill at the moment the
// vehicle is at that gate, judged from the machine's step — entry once the vehicle has arrived at
// the loading or unloading place (before loading / delivery starts), unloading before the delivery
// is confirmed, exit before the vehicle leaves. A check moves nothing; its result is on the timeline.
import { Step, WaybillStatus, type NodeType, type WaybillState } from '../workflow/waybill-machine.ts';

export const CHECK_TYPES = { ENTRY: 2, UNLOADING: 3, EXIT: 4 } as const;
export const CHECK_NAMES: Record<number, string> = { 2: '入场检查', 3: '卸货检查', 4: '出场检查' };

/** checkType → the step at which each node of the route is at that gate. */
const GATES: Record<number, Partial<Record<NodeType, number>>> = {
  [CHECK_TYPES.ENTRY]: { start: Step.AWAITING_LOADING_START, end: Step.AWAITING_DELIVERY },
  [CHECK_TYPES.UNLOADING]: { end: Step.AWAITING_DELIVERY },
  [CHECK_TYPES.EXIT]: { start: Step.AWAITING_LEAVING_LOADING, end: Step.AWAITING_LEAVING_UNLOADING },
};

/** The node (start or end) at whose gate a check of `checkType` may be made now, or null. */
export function checkPoint(state: Pick<WaybillState, 'status' | 'step'>, checkType: number): NodeType | null {
  if (state.status !== WaybillStatus.IN_TRANSIT) return null;
  const gates = GATES[checkType] ?? {};
  return (Object.keys(gates) as NodeType[]).find((node) => gates[node] === state.step) ?? null;
}

/** The checks that may be made now, with their node. */
export const checksNow = (state: Pick<WaybillState, 'status' | 'step'>) =>
  Object.values(CHECK_TYPES).map((checkType) => ({ checkType, node: checkPoint(state, checkType) })).filter((c) => c.node !== null);
