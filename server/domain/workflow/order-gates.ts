// The order statuses in which each order page action can apply at all. These actions do not move
// the order's own status (the machine in order-machine.ts does that for 委托, 取消委托, 作废); they
// work on its goods, parts and waybills. One table serves both sides: the endpoints refuse any other
// status with `订单当前状态不能<动作>，请刷新后重试` before their finer checks (parts, waybills), and
// the page's rows offer the action only in these statuses (server/registry/route-shapes.ts derives
// `availableWhen` from it for an action declaring `state: { machine: 'order', action }`).
import { OrderStatus } from './order-machine.ts';

const O = OrderStatus;
/** The order statuses of a record on its way (orderStatus dictionary 6 … 16: a waybill carries it). */
const ON_THE_WAY = [6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16] as const;
/** Every status an order can be in (the orderStatus dictionary, less 1 已接收 which no order reaches). */
export const ORDER_STATUSES: readonly number[] = [
  O.AWAITING_DISPATCH, O.AWAITING_VEHICLE, O.AWAITING_DRIVER, ...ON_THE_WAY, O.COMPLETED, O.ENDED_ABNORMALLY, O.VOIDED,
  O.PART_AWAITING_END, O.AWAITING_TRANSFER, O.REJECTED, O.NOT_DELEGATED,
];
const ENDED: readonly number[] = [O.COMPLETED, O.ENDED_ABNORMALLY, O.VOIDED];
/** Still only paper: no waybill carries any of its goods. */
const PAPER = [O.AWAITING_DISPATCH, O.AWAITING_VEHICLE, O.REJECTED, O.NOT_DELEGATED];
/**
 * Some of its goods may still wait for a vehicle: paper orders, and orders with some goods on a
 * waybill (order-machine.ts: a partly dispatched order shows its waybills' progress, 999 部分待结束
 * or 31 待转运). Which of those really has goods waiting, the list row says (`goodsWaiting`, from
 * server/domain/orders/list.ts); the endpoints check the parts themselves.
 */
const GOODS_MAY_WAIT = [...PAPER, O.AWAITING_DRIVER, ...ON_THE_WAY, O.PART_AWAITING_END, O.AWAITING_TRANSFER];

export interface OrderGate {
  /** The action's name in refusals. */
  name: string;
  statuses: readonly number[];
  /** Further row fields that must hold one of their values (the list row carries them). */
  also?: Record<string, readonly number[]>;
}

export const ORDER_GATES = {
  update: { name: '修改', statuses: PAPER },
  split: { name: '拆分', statuses: GOODS_MAY_WAIT, also: { splittable: [1], goodsWaiting: [1] } },
  assignVehicle: { name: '派车', statuses: GOODS_MAY_WAIT, also: { goodsWaiting: [1] } },
  changeDestination: { name: '变更目的地', statuses: ORDER_STATUSES.filter((s) => !ENDED.includes(s)) },
  changeGoods: { name: '变更货物明细', statuses: ORDER_STATUSES.filter((s) => !ENDED.includes(s)) },
  distribute: { name: '分配', statuses: ORDER_STATUSES.filter((s) => s !== O.VOIDED) },
} as const satisfies Record<string, OrderGate>;

export type OrderGatedAction = keyof typeof ORDER_GATES;

export const isOrderGatedAction = (action: string): action is OrderGatedAction => Object.hasOwn(ORDER_GATES, action);

/** The refusal for `action` on an order in `status`, or undefined when the status allows it. */
export function orderGateRefusal(status: number, action: OrderGatedAction): string | undefined {
  const gate: OrderGate = ORDER_GATES[action];
  return gate.statuses.includes(status) ? undefined : `订单当前状态不能${gate.name}，请刷新后重试`;
}
