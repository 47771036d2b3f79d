// The order state machine. Before an order has waybills its own actions move it (delegate,
// reject, cancel); once its goods travel, its status follows its waybills: the least advanced
// part decides, so a dispatcher always sees what is still to do. docs/state-machines.md explains it.
import { Step, WaybillStatus, type WaybillState } from './waybill-machine.ts';

export const OrderStatus = {
  AWAITING_DISPATCH: 2,
  AWAITING_VEHICLE: 3,
  AWAITING_DRIVER: 4,
  COMPLETED: -1,
  ENDED_ABNORMALLY: -2,
  VOIDED: -3,
  PART_AWAITING_END: 999,
  REJECTED: 20,
  NOT_DELEGATED: 30,
  /** Goods put down for a transfer (transfer/transferUnload) wait for the next vehicle. */
  AWAITING_TRANSFER: 31,
} as const;

export const TaskStatus = { AWAITING_DISPATCH: 1, AWAITING_CONFIRMATION: 10, AWAITING_COMPLETION: 20, COMPLETED: 40 } as const;

export type OrderAction = 'delegate' | 'rejectDelegation' | 'cancelDelegation' | 'cancelOrder';

export const ORDER_ACTION_NAMES: Record<OrderAction, string> = {
  delegate: '委托', rejectDelegation: '拒绝委托', cancelDelegation: '取消委托', cancelOrder: '作废',
};

const O = OrderStatus;
/** Order-level actions: allowed only while no waybill carries the order's goods. */
const ORDER_TRANSITIONS: readonly { action: OrderAction; from: readonly number[]; to: number }[] = [
  { action: 'delegate', from: [O.AWAITING_DISPATCH, O.REJECTED, O.NOT_DELEGATED], to: O.AWAITING_VEHICLE },
  { action: 'rejectDelegation', from: [O.AWAITING_VEHICLE], to: O.REJECTED },
  { action: 'cancelDelegation', from: [O.AWAITING_VEHICLE, O.REJECTED], to: O.AWAITING_DISPATCH },
  { action: 'cancelOrder', from: [O.AWAITING_DISPATCH, O.AWAITING_VEHICLE, O.REJECTED, O.NOT_DELEGATED], to: O.VOIDED },
];

export function applyOrderAction(status: number, action: OrderAction, hasWaybills: boolean) {
  const row = ORDER_TRANSITIONS.find((r) => r.action === action && r.from.includes(status));
  if (!row || hasWaybills) return { ok: false as const, message: `订单当前状态不能${ORDER_ACTION_NAMES[action]}，请刷新后重试` };
  return { ok: true as const, status: row.to };
}

/** Order status shown for one waybill part, by the part's carriage step. */
const ORDER_STATUS_BY_STEP: Record<number, number> = {
  [Step.AWAITING_VEHICLE]: O.AWAITING_VEHICLE,
  [Step.AWAITING_DRIVER]: O.AWAITING_DRIVER,
  [Step.AWAITING_TRANSPORT]: 6,
  [Step.AWAITING_ARRIVAL_AT_LOADING]: 6,
  [Step.AWAITING_LOADING_START]: 7,
  [Step.AWAITING_LOADING_CONFIRMATION]: 8,
  [Step.AWAITING_LEAVING_LOADING]: 9,
  [Step.AWAITING_ARRIVAL_AT_UNLOADING]: 10,
  [Step.AWAITING_DELIVERY]: 11,
  [Step.AWAITING_LEAVING_UNLOADING]: 12,
  [Step.AWAITING_SIGN_OFF]: 13,
  [Step.AWAITING_RECEIPT]: 14,
  [Step.AWAITING_RECEIPT_REVIEW]: 15,
  [Step.AWAITING_RE_REVIEW]: 16,
  [Step.AWAITING_EVALUATION]: O.COMPLETED,
  [Step.DONE]: O.COMPLETED,
  [Step.CANCELLED]: O.ENDED_ABNORMALLY,
};

/** Progress order of the live order statuses: a lower rank is less advanced. */
const RANK = [O.AWAITING_DISPATCH, O.AWAITING_VEHICLE, O.AWAITING_DRIVER, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];

export interface OrderProgress {
  /** The order's own status from its own actions (2, 3, 20, 30 or -3). */
  own: number;
  /** Waybills carrying its goods; transferred ones hand their goods on and are left out. */
  parts: readonly WaybillState[];
  /** Goods not yet on any waybill. */
  unassigned: boolean;
}

/**
 * Once a waybill carries some of its goods, the order shows how its waybills are doing (the least
 * advanced live one): a dispatched order never reads 待调度 again, whatever is still waiting. Goods
 * still waiting for a vehicle only keep it from ending: with every waybill finished it shows 999
 * 部分待结束. What still waits is shown beside the status (the detail's parts and 待派 quantities).
 */
export function orderStatusOf({ own, parts, unassigned }: OrderProgress): number {
  if (own === O.VOIDED || parts.length === 0) return own;
  const statuses = parts.filter((p) => p.status !== WaybillStatus.TRANSFERRED).map((p) => ORDER_STATUS_BY_STEP[p.step]);
  const live = statuses.filter((s) => RANK.includes(s));
  const finished = statuses.length - live.length;
  if (live.length === 0) {
    if (unassigned) return finished > 0 ? O.PART_AWAITING_END : own === O.AWAITING_VEHICLE ? O.AWAITING_VEHICLE : O.AWAITING_DISPATCH;
    return statuses.includes(O.COMPLETED) ? O.COMPLETED : O.ENDED_ABNORMALLY;
  }
  if (finished > 0) return O.PART_AWAITING_END;
  return live.reduce((least, s) => (RANK.indexOf(s) < RANK.indexOf(least) ? s : least));
}

/** The task catalogue (1 待调度, 10 待确认, 20 待完成, 40 已完成) follows the order status. */
export function taskStatusOf(orderStatus: number): number {
  if (orderStatus === O.AWAITING_DISPATCH) return TaskStatus.AWAITING_DISPATCH;
  if ([O.AWAITING_VEHICLE, O.AWAITING_DRIVER, O.REJECTED, O.NOT_DELEGATED].includes(orderStatus as never)) return TaskStatus.AWAITING_CONFIRMATION;
  if ([O.COMPLETED, O.ENDED_ABNORMALLY, O.VOIDED].includes(orderStatus as never)) return TaskStatus.COMPLETED;
  return TaskStatus.AWAITING_COMPLETION;
}
