// The payment machine of network-freight waybills (docs/state-machines.md "Payment"): the payment
// waybill statuses 1–7 (dictionary paymentWaybillStatus) and, at 7, the process status of the channel
// (paymentProcessStatus 1–3). One table of transitions, pure. What each step checks (a driver's papers,
// a bank account, the compliance checks) is in gates.ts; who may act is part of each row: finance
// (corporation staff holding the operation) or the carrier being paid (its users, for the steps that are
// the carrier's to do: the account, the agreement, evidence).
export const PaymentStatus = {
  AWAITING_CERTIFICATES: 1,
  AWAITING_ACCOUNT: 2,
  AWAITING_AGREEMENT: 3,
  AWAITING_APPLICATION: 4,
  AWAITING_COMPLIANCE: 5,
  AWAITING_EVIDENCE: 6,
  APPLYING: 7,
} as const;

export const ProcessStatus = { PAID: 1, PROCESSING: 2, FAILED: 3 } as const;

export type PaymentAction = 'certify' | 'account' | 'sign' | 'apply' | 'check' | 'evidence' | 'retry' | 'query';
export type PaymentActor = 'finance' | 'carrier';

const S = PaymentStatus;
const F = ['finance'] as const;
const CF = ['carrier', 'finance'] as const;

interface Row {
  action: PaymentAction;
  from: number;
  /** At status 7 the action also needs one of these process statuses. */
  process?: readonly number[];
  /** The status reached when the step's checks pass (check: 7; it falls to 6 when they fail). */
  to: number;
  by: readonly PaymentActor[];
  name: string;
}

export const PAYMENT_TRANSITIONS: readonly Row[] = [
  { action: 'certify', from: S.AWAITING_CERTIFICATES, to: S.AWAITING_ACCOUNT, by: F, name: '核验证件' },
  { action: 'account', from: S.AWAITING_ACCOUNT, to: S.AWAITING_AGREEMENT, by: CF, name: '完善收款信息' },
  { action: 'sign', from: S.AWAITING_AGREEMENT, to: S.AWAITING_APPLICATION, by: CF, name: '签署协议' },
  { action: 'apply', from: S.AWAITING_APPLICATION, to: S.AWAITING_COMPLIANCE, by: F, name: '申请付款' },
  { action: 'check', from: S.AWAITING_COMPLIANCE, to: S.APPLYING, by: F, name: '合规校验' },
  { action: 'evidence', from: S.AWAITING_EVIDENCE, to: S.AWAITING_COMPLIANCE, by: CF, name: '补充佐证材料' },
  { action: 'retry', from: S.APPLYING, process: [ProcessStatus.FAILED], to: S.APPLYING, by: F, name: '重新支付' },
  { action: 'query', from: S.APPLYING, process: [ProcessStatus.PROCESSING], to: S.APPLYING, by: F, name: '查询支付结果' },
];

export const paymentActionName = (action: PaymentAction) => PAYMENT_TRANSITIONS.find((r) => r.action === action)!.name;

/** Who the user is for a payment: staff are finance, the paid carrier's users the carrier, anyone else neither. */
export function paymentActorOf(user: { userType: number; partnerId?: number | null }, carrierId: number): PaymentActor | null {
  if (user.userType === 0) return 'finance';
  return user.userType === 2 && user.partnerId === carrierId ? 'carrier' : null;
}

export type PaymentOutcome = { ok: true; to: number } | { ok: false; message: string };

interface State {
  status: number;
  processStatus: number | null;
}

const fits = (r: Row, p: State) => r.from === p.status && (!r.process || (p.processStatus !== null && r.process.includes(p.processStatus)));

export function applyPaymentAction(p: State, action: PaymentAction, actor: PaymentActor | null): PaymentOutcome {
  const row = PAYMENT_TRANSITIONS.find((r) => r.action === action)!;
  if (!actor || !row.by.includes(actor)) return { ok: false, message: `无权${row.name}` };
  if (!fits(row, p)) return { ok: false, message: `支付单当前状态不能${row.name}，请刷新后重试` };
  return { ok: true, to: row.to };
}

/** The actions a user may take on a payment now (the list's buttons). */
export function paymentActionsFor(p: State, actor: PaymentActor | null): PaymentAction[] {
  return PAYMENT_TRANSITIONS.filter((r) => actor !== null && r.by.includes(actor) && fits(r, p)).map((r) => r.action);
}
