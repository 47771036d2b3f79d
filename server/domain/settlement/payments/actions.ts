// Runs one payment step: in ONE transaction, take the payment's lock, load it in the user's scope,
// check the version the user read, ask the machine (machine.ts) whether this user may do this now, run
// the step's checks (gates.ts), write the new status guarded by the version and leave the step on the
// payment's timeline. A refusal throws, so nothing is half-applied. Money leaves through the channel
// only after that transaction (submit.ts): a step that sends (合规校验 passed, 重新支付) first commits a
// new attempt row at 2 处理中, unique per payment and attempt, so a double click never pays twice.
import type { SessionUser } from '../../../http/context.ts';
import { failure } from '../../../http/envelope.ts';
import type { Registry } from '../../../registry/types.ts';
import { labelOf } from '../../../registry/labels.ts';
import { run, tx, type Conn } from '../../../resources/statements.ts';
import { STALE } from '../../waybills/scope.ts';
import { certificateProblem, complianceOf } from './gates.ts';
import { applyPaymentAction, paymentActionName, paymentActorOf, PaymentStatus, ProcessStatus, type PaymentAction } from './machine.ts';
import { loadPayment, recordPaymentHistory, writerOf, type PaymentRow } from './store.ts';
import { queryLastAttempt, startAttempt, submitAttempt } from './submit.ts';

export interface PaymentActionInput {
  id: number;
  version: number;
  payeeName?: string;
  bankName?: string;
  bankAccount?: string;
  agreed?: boolean;
  evidence?: string;
}

interface Change {
  status: number;
  set?: Record<string, unknown>;
  note?: string | null;
  /** The step sends money: a new attempt is started and submitted after the commit. */
  send?: boolean;
}

async function stepChange(conn: Conn, p: PaymentRow, action: PaymentAction, to: number, input: PaymentActionInput): Promise<Change> {
  switch (action) {
    case 'certify': {
      const problem = await certificateProblem(conn, p.driverId);
      if (problem) throw failure(problem);
      return { status: to };
    }
    case 'account':
      return { status: to, set: { payee_name: input.payeeName!.trim(), bank_name: input.bankName!.trim(), bank_account: input.bankAccount! }, note: `${input.bankName!.trim()} 尾号${input.bankAccount!.slice(-4)}` };
    case 'sign':
      if (input.agreed !== true) throw failure('须同意运输服务协议后才能签署');
      return { status: to, set: { agreement_signed: 1, agreement_signed_at: Date.now() } };
    case 'evidence':
      return { status: to, set: { evidence: input.evidence!.trim() }, note: input.evidence!.trim() };
    case 'check': {
      const c = await complianceOf(conn, p.waybillId);
      if (c.problems.length) return { status: PaymentStatus.AWAITING_EVIDENCE, set: { check_result: c.problems.join('；') }, note: c.problems.join('；') };
      return { status: to, set: { check_result: null, amount: c.amount }, send: true };
    }
    case 'retry':
      return { status: to, send: true };
    default:
      return { status: to };
  }
}

export async function runPaymentAction(conn: Conn, reg: Registry, user: SessionUser, action: PaymentAction, input: PaymentActionInput) {
  if (action === 'query') return view(reg, await queryPayment(conn, user, input));
  const attempt = await tx(conn, async () => {
    const now = Date.now();
    await conn.lock(`payments:${input.id}`);
    const p = await loadPayment(conn, user, input.id);
    if (p.version !== input.version) throw failure(STALE);
    const outcome = applyPaymentAction(p, action, paymentActorOf(user, p.carrierId));
    if (!outcome.ok) throw failure(outcome.message);
    const change = await stepChange(conn, p, action, outcome.to, input);
    const set = { ...change.set, ...(change.send ? { process_status: ProcessStatus.PROCESSING, attempts: p.attempts + 1, channel_note: null } : {}) };
    const cols = Object.keys(set);
    const r = await run(conn,
      `UPDATE waybill_payments SET status = ?, ${cols.map((c) => `${c} = ?, `).join('')}version = version + 1, updated_by = ?, updated_at = ? WHERE id = ? AND version = ?`,
      change.status, ...Object.values(set), user.userId, now, p.id, p.version);
    if (r.changes !== 1) throw failure(STALE);
    await recordPaymentHistory(conn, writerOf(user), p.id, action, p.status, change.status, p.version + 1, change.note ?? null, now);
    return change.send ? startAttempt(conn, user, p.id, p.attempts + 1, now) : null;
  });
  if (attempt) await submitAttempt(conn, attempt);
  return view(reg, await loadPayment(conn, user, input.id));
}

/** 查询支付结果: asks the channel about the last attempt (still 处理中) and records its answer. */
async function queryPayment(conn: Conn, user: SessionUser, input: PaymentActionInput): Promise<PaymentRow> {
  const p = await loadPayment(conn, user, input.id);
  if (p.version !== input.version) throw failure(STALE);
  const outcome = applyPaymentAction(p, 'query', paymentActorOf(user, p.carrierId));
  if (!outcome.ok) throw failure(outcome.message);
  await queryLastAttempt(conn, user, p);
  return loadPayment(conn, user, input.id);
}

function view(reg: Registry, p: PaymentRow) {
  return { id: p.id, version: p.version, status: p.status, statusStr: labelOf(reg, 'paymentWaybillStatus', p.status),
    processStatus: p.processStatus, processStatusStr: labelOf(reg, 'paymentProcessStatus', p.processStatus), checkResult: p.checkResult, channelNote: p.channelNote };
}

export { paymentActionName };
