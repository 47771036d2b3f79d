// The waybill state machine: which action moves which state to which. One table, pure functions,
// no database: the endpoints (orders and waybills issue) run a transition inside one transaction
// with a version check. docs/state-machines.md explains every row.
//
// A waybill's state is three catalogues of spec section 4 at once:
//   status      the waybill catalogue (100 待派车 ... 700 已转运, 1 司机拒单)
//   step        the carriage contract order catalogue (2 待派车 ... 16 待评价, 90 已取消, 999 已完成)
//   signStatus  the sign-off catalogue (1210 未签收, 1211 正常签收, 1213 部分签收, 1212 异常签收)

export const WaybillStatus = {
  AWAITING_VEHICLE: 100,
  AWAITING_DRIVER: 200,
  AWAITING_TRANSPORT: 300,
  IN_TRANSIT: 400,
  COMPLETED: 500,
  ENDED_ABNORMALLY: 600,
  TRANSFERRED: 700,
  DRIVER_REFUSED: 1,
} as const;

export const Step = {
  AWAITING_VEHICLE: 2,
  AWAITING_DRIVER: 3,
  AWAITING_TRANSPORT: 4,
  AWAITING_ARRIVAL_AT_LOADING: 5,
  AWAITING_LOADING_START: 6,
  AWAITING_LOADING_CONFIRMATION: 7,
  AWAITING_LEAVING_LOADING: 8,
  AWAITING_ARRIVAL_AT_UNLOADING: 9,
  AWAITING_DELIVERY: 10,
  AWAITING_LEAVING_UNLOADING: 11,
  AWAITING_SIGN_OFF: 12,
  AWAITING_RECEIPT: 13,
  AWAITING_RECEIPT_REVIEW: 14,
  AWAITING_RE_REVIEW: 15,
  AWAITING_EVALUATION: 16,
  CANCELLED: 90,
  DONE: 999,
} as const;

export const SignStatus = { NOT_SIGNED: 1210, NORMAL: 1211, ABNORMAL: 1212, PARTIAL: 1213 } as const;

export interface WaybillState {
  status: number;
  step: number;
  signStatus: number;
}

export type NodeType = 'start' | 'via' | 'end';

/** What an action may carry that decides where it leads. */
export interface ActionInput {
  /** arriveWaybillNode / leaveWaybillNode: which node of the route. */
  nodeType?: NodeType;
  /** receiptReview / receiptReReview: passed or sent back. */
  passed?: boolean;
  /** signOrder: signed quantity against the delivered quantity, and whether damage was recorded. */
  signedQuantity?: number;
  deliveredQuantity?: number;
  abnormal?: boolean;
}

export type WaybillAction =
  | 'assignVehicle' | 'cancelVehicle' | 'receive' | 'refuse' | 'startNavigation'
  | 'arriveWaybillNode' | 'startLoad' | 'confirmLoad' | 'leaveWaybillNode' | 'confirmDelivery'
  | 'signOrder' | 'receipt' | 'receiptReview' | 'receiptReReview' | 'evaluate'
  | 'abnormalEnd' | 'manualEnd' | 'transfer';

export const ACTION_NAMES: Record<WaybillAction, string> = {
  assignVehicle: '派车', cancelVehicle: '取消派车', receive: '接单', refuse: '拒单', startNavigation: '开始导航',
  arriveWaybillNode: '确认到达', startLoad: '开始装货', confirmLoad: '确认装货', leaveWaybillNode: '确认离开',
  confirmDelivery: '确认交货', signOrder: '签收', receipt: '上传回单', receiptReview: '回单审核',
  receiptReReview: '回单复核', evaluate: '评价', abnormalEnd: '异常结束', manualEnd: '手动结束', transfer: '转运',
};

interface Row {
  action: WaybillAction;
  /** The states the action starts from; any listed status AND any listed step. */
  status: readonly number[];
  step: readonly number[];
  /** Only for this node of the route (arrive/leave). */
  nodeType?: NodeType;
  /** Only when the input says so (review passed or not). */
  when?: (input: ActionInput) => boolean;
  to: (state: WaybillState, input: ActionInput) => Partial<WaybillState>;
}

const S = WaybillStatus;
const T = Step;
const RUNNING_STEPS = [T.AWAITING_TRANSPORT, T.AWAITING_ARRIVAL_AT_LOADING, T.AWAITING_LOADING_START, T.AWAITING_LOADING_CONFIRMATION,
  T.AWAITING_LEAVING_LOADING, T.AWAITING_ARRIVAL_AT_UNLOADING, T.AWAITING_DELIVERY, T.AWAITING_LEAVING_UNLOADING] as const;
const go = (step: number, status?: number) => () => ({ step, ...(status === undefined ? {} : { status }) });

function signOutcome(input: ActionInput): number {
  if (input.abnormal) return SignStatus.ABNORMAL;
  const delivered = input.deliveredQuantity ?? 0;
  return (input.signedQuantity ?? delivered) < delivered ? SignStatus.PARTIAL : SignStatus.NORMAL;
}

/** The transition table. Rows are tried in order; the first that matches wins. */
export const WAYBILL_TRANSITIONS: readonly Row[] = [
  { action: 'assignVehicle', status: [S.AWAITING_VEHICLE, S.DRIVER_REFUSED], step: [T.AWAITING_VEHICLE], to: go(T.AWAITING_DRIVER, S.AWAITING_DRIVER) },
  { action: 'cancelVehicle', status: [S.AWAITING_DRIVER, S.DRIVER_REFUSED], step: [T.AWAITING_DRIVER, T.AWAITING_VEHICLE], to: go(T.AWAITING_VEHICLE, S.AWAITING_VEHICLE) },
  { action: 'receive', status: [S.AWAITING_DRIVER], step: [T.AWAITING_DRIVER], to: go(T.AWAITING_TRANSPORT, S.AWAITING_TRANSPORT) },
  { action: 'refuse', status: [S.AWAITING_DRIVER], step: [T.AWAITING_DRIVER], to: go(T.AWAITING_VEHICLE, S.DRIVER_REFUSED) },
  // Entered when the terminal reports navigation (mainStatus 400), not by a person.
  { action: 'startNavigation', status: [S.AWAITING_TRANSPORT], step: [T.AWAITING_TRANSPORT], to: go(T.AWAITING_ARRIVAL_AT_LOADING) },
  { action: 'arriveWaybillNode', nodeType: 'start', status: [S.AWAITING_TRANSPORT], step: [T.AWAITING_TRANSPORT, T.AWAITING_ARRIVAL_AT_LOADING], to: go(T.AWAITING_LOADING_START, S.IN_TRANSIT) },
  { action: 'startLoad', status: [S.IN_TRANSIT], step: [T.AWAITING_LOADING_START], to: go(T.AWAITING_LOADING_CONFIRMATION) },
  { action: 'confirmLoad', status: [S.IN_TRANSIT], step: [T.AWAITING_LOADING_CONFIRMATION], to: go(T.AWAITING_LEAVING_LOADING) },
  { action: 'leaveWaybillNode', nodeType: 'start', status: [S.IN_TRANSIT], step: [T.AWAITING_LEAVING_LOADING], to: go(T.AWAITING_ARRIVAL_AT_UNLOADING) },
  // Via points are recorded on their node; the waybill stays on its way to the unloading place.
  { action: 'arriveWaybillNode', nodeType: 'via', status: [S.IN_TRANSIT], step: [T.AWAITING_ARRIVAL_AT_UNLOADING], to: go(T.AWAITING_ARRIVAL_AT_UNLOADING) },
  { action: 'leaveWaybillNode', nodeType: 'via', status: [S.IN_TRANSIT], step: [T.AWAITING_ARRIVAL_AT_UNLOADING], to: go(T.AWAITING_ARRIVAL_AT_UNLOADING) },
  { action: 'arriveWaybillNode', nodeType: 'end', status: [S.IN_TRANSIT], step: [T.AWAITING_ARRIVAL_AT_UNLOADING], to: go(T.AWAITING_DELIVERY) },
  { action: 'confirmDelivery', status: [S.IN_TRANSIT], step: [T.AWAITING_DELIVERY], to: go(T.AWAITING_LEAVING_UNLOADING) },
  { action: 'leaveWaybillNode', nodeType: 'end', status: [S.IN_TRANSIT], step: [T.AWAITING_LEAVING_UNLOADING], to: go(T.AWAITING_SIGN_OFF) },
  { action: 'signOrder', status: [S.IN_TRANSIT], step: [T.AWAITING_SIGN_OFF], to: (_s, input) => ({ step: T.AWAITING_RECEIPT, status: S.COMPLETED, signStatus: signOutcome(input) }) },
  { action: 'receipt', status: [S.COMPLETED], step: [T.AWAITING_RECEIPT], to: go(T.AWAITING_RECEIPT_REVIEW) },
  { action: 'receiptReview', status: [S.COMPLETED], step: [T.AWAITING_RECEIPT_REVIEW], when: (i) => i.passed === true, to: go(T.AWAITING_RE_REVIEW) },
  { action: 'receiptReview', status: [S.COMPLETED], step: [T.AWAITING_RECEIPT_REVIEW], when: (i) => i.passed === false, to: go(T.AWAITING_RECEIPT) },
  { action: 'receiptReReview', status: [S.COMPLETED], step: [T.AWAITING_RE_REVIEW], when: (i) => i.passed === true, to: go(T.AWAITING_EVALUATION) },
  { action: 'receiptReReview', status: [S.COMPLETED], step: [T.AWAITING_RE_REVIEW], when: (i) => i.passed === false, to: go(T.AWAITING_RECEIPT_REVIEW) },
  { action: 'evaluate', status: [S.COMPLETED], step: [T.AWAITING_EVALUATION], to: go(T.DONE) },
  // Before the goods are signed for, a waybill can be ended abnormally from any live state.
  { action: 'abnormalEnd', status: [S.AWAITING_VEHICLE, S.DRIVER_REFUSED, S.AWAITING_DRIVER, S.AWAITING_TRANSPORT, S.IN_TRANSIT],
    step: [T.AWAITING_VEHICLE, T.AWAITING_DRIVER, ...RUNNING_STEPS, T.AWAITING_SIGN_OFF], to: go(T.CANCELLED, S.ENDED_ABNORMALLY) },
  // After sign-off the paperwork may be closed by hand, skipping receipt, review and evaluation.
  { action: 'manualEnd', status: [S.COMPLETED], step: [T.AWAITING_RECEIPT, T.AWAITING_RECEIPT_REVIEW, T.AWAITING_RE_REVIEW, T.AWAITING_EVALUATION], to: go(T.DONE) },
  // On the road, the goods can move to another vehicle: this waybill ends as transferred and the
  // endpoint creates the receiving vehicle's waybill at 待到达卸货地.
  { action: 'transfer', status: [S.IN_TRANSIT], step: [T.AWAITING_ARRIVAL_AT_UNLOADING], to: go(T.DONE, S.TRANSFERRED) },
];

export const INITIAL_WAYBILL_STATE: WaybillState = { status: S.AWAITING_VEHICLE, step: T.AWAITING_VEHICLE, signStatus: SignStatus.NOT_SIGNED };

export type Outcome = { ok: true; state: WaybillState } | { ok: false; message: string };

function rowFor(state: WaybillState, action: WaybillAction, input: ActionInput): Row | undefined {
  return WAYBILL_TRANSITIONS.find(
    (r) =>
      r.action === action &&
      r.status.includes(state.status) &&
      r.step.includes(state.step) &&
      (r.nodeType === undefined || r.nodeType === input.nodeType) &&
      (r.when === undefined || r.when(input)),
  );
}

/** The state after `action`, or the refusal to show (the state is then unchanged by the caller). */
export function applyWaybillAction(state: WaybillState, action: WaybillAction, input: ActionInput = {}): Outcome {
  const row = rowFor(state, action, input);
  if (!row) return { ok: false, message: `运单当前状态不能${ACTION_NAMES[action]}，请刷新后重试` };
  return { ok: true, state: { ...state, ...row.to(state, input) } };
}

/** The actions a waybill in `state` offers now (the buttons a user may see, before permissions). */
export function availableActions(state: WaybillState): WaybillAction[] {
  return [...new Set(WAYBILL_TRANSITIONS.filter((r) => r.status.includes(state.status) && r.step.includes(state.step)).map((r) => r.action))];
}

export const isFinished = (state: WaybillState) => state.step === T.DONE || state.step === T.CANCELLED;
