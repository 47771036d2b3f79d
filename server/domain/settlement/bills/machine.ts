// The bill state machine (docs/state-machines.md "Bill"): statuses 2–11 of the dictionary billStatus,
// one table of transitions, pure. Who may act is part of each row: finance (corporation staff with
// the operation) or the bill's partner (the carrier's users for a carrier bill, the customer's for a
// customer bill). Confirming and sending back are the partner's; finance may do them on the partner's
// behalf (代确认, when the partner answered by phone or on paper), and the timeline says who did. A bill's lines and totals change only at 2 待确认; from 4 待发送 on it is frozen.
export const BillSide = { RECEIVABLE: 1, PAYABLE: 2 } as const;
export type BillSideValue = (typeof BillSide)[keyof typeof BillSide];

export const BillStatus = {
  AWAITING_CONFIRMATION: 2,
  CONFIRMED: 3,
  AWAITING_SENDING: 4,
  AWAITING_CUSTOMER: 5,
  AWAITING_INVOICING: 6,
  AWAITING_WRITE_OFF: 7,
  COMPLETED: 8,
  AWAITING_CARRIER: 9,
  AWAITING_INVOICE_RECEIPT: 10,
  AWAITING_PAYMENT: 11,
} as const;

/** The only status whose lines and totals may change (finance is still preparing the bill). */
export const EDITABLE_STATUS = BillStatus.AWAITING_CONFIRMATION;

export type BillAction = 'audit' | 'reopen' | 'distribute' | 'confirm' | 'reject' | 'invoice' | 'writeOff' | 'pay' | 'remove';
export type Actor = 'finance' | 'partner';

const S = BillStatus;
const F = ['finance'] as const;
const PF = ['partner', 'finance'] as const;
const { RECEIVABLE: R, PAYABLE: P } = BillSide;

interface Row {
  action: BillAction;
  side: BillSideValue;
  from: readonly number[];
  /** null: the bill is deleted (its waybills may be billed again). */
  to: number | null;
  by: readonly Actor[];
  name: string;
}

export const BILL_TRANSITIONS: readonly Row[] = [
  { action: 'audit', side: R, from: [S.AWAITING_CONFIRMATION], to: S.AWAITING_SENDING, by: F, name: '审核' },
  { action: 'audit', side: P, from: [S.AWAITING_CONFIRMATION], to: S.AWAITING_SENDING, by: F, name: '审核' },
  { action: 'reopen', side: R, from: [S.AWAITING_SENDING], to: S.AWAITING_CONFIRMATION, by: F, name: '退回修改' },
  { action: 'reopen', side: P, from: [S.AWAITING_SENDING], to: S.AWAITING_CONFIRMATION, by: F, name: '退回修改' },
  { action: 'distribute', side: R, from: [S.AWAITING_SENDING], to: S.AWAITING_CUSTOMER, by: F, name: '发送' },
  { action: 'distribute', side: P, from: [S.AWAITING_SENDING], to: S.AWAITING_CARRIER, by: F, name: '分发' },
  { action: 'confirm', side: R, from: [S.AWAITING_CUSTOMER], to: S.AWAITING_INVOICING, by: PF, name: '确认' },
  { action: 'confirm', side: P, from: [S.AWAITING_CARRIER], to: S.AWAITING_INVOICE_RECEIPT, by: PF, name: '确认' },
  { action: 'reject', side: R, from: [S.AWAITING_CUSTOMER], to: S.AWAITING_CONFIRMATION, by: PF, name: '驳回' },
  { action: 'reject', side: P, from: [S.AWAITING_CARRIER], to: S.AWAITING_CONFIRMATION, by: PF, name: '驳回' },
  { action: 'invoice', side: R, from: [S.AWAITING_INVOICING], to: S.AWAITING_WRITE_OFF, by: F, name: '开票' },
  { action: 'invoice', side: P, from: [S.AWAITING_INVOICE_RECEIPT], to: S.AWAITING_PAYMENT, by: F, name: '收票' },
  { action: 'writeOff', side: R, from: [S.AWAITING_WRITE_OFF], to: S.COMPLETED, by: F, name: '核销' },
  { action: 'pay', side: P, from: [S.AWAITING_PAYMENT], to: S.COMPLETED, by: F, name: '付款' },
  { action: 'remove', side: R, from: [S.AWAITING_CONFIRMATION], to: null, by: F, name: '删除' },
  { action: 'remove', side: P, from: [S.AWAITING_CONFIRMATION], to: null, by: F, name: '删除' },
];

/** The action's name for a side (分发 / 发送, 收票 / 开票), for messages and the bill's timeline. */
export function billActionName(action: BillAction, side: number): string {
  return (BILL_TRANSITIONS.find((r) => r.action === action && r.side === side) ?? BILL_TRANSITIONS.find((r) => r.action === action))!.name;
}

/** Who the user is for a bill: its partner's user, corporation staff (finance), or neither. */
export function actorOf(userType: number, side: number): Actor | null {
  if (userType === 0) return 'finance';
  return (side === P && userType === 2) || (side === R && userType === 1) ? 'partner' : null;
}

export type BillOutcome = { ok: true; status: number | null } | { ok: false; message: string };

export function applyBillAction(bill: { status: number; side: number }, action: BillAction, actor: Actor | null): BillOutcome {
  const name = billActionName(action, bill.side);
  const rows = BILL_TRANSITIONS.filter((r) => r.action === action && r.side === bill.side);
  if (!rows.length || !actor || !rows.some((r) => r.by.includes(actor))) return { ok: false, message: `无权${name}此账单` };
  const row = rows.find((r) => r.by.includes(actor) && r.from.includes(bill.status));
  if (!row) return { ok: false, message: `账单当前状态不能${name}，请刷新后重试` };
  return { ok: true, status: row.to };
}

/** The actions a user may take on a bill now (the list's and detail's buttons). */
export function billActionsFor(bill: { status: number; side: number }, actor: Actor | null): BillAction[] {
  return BILL_TRANSITIONS.filter((r) => r.side === bill.side && actor !== null && r.by.includes(actor) && r.from.includes(bill.status)).map((r) => r.action);
}
