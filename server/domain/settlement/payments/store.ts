// Payments in the user's scope, in SQL: staff see the corporation's payments; a carrier user only the
// payments to its own carrier; a customer user none (what we pay a carrier is not the customer's
// business). Anything else reads as not found, so another carrier's id reveals nothing.
import type { SessionUser } from '../../../http/context.ts';
import { failure } from '../../../http/envelope.ts';
import { NOT_FOUND } from '../../../resources/engine.ts';
import { all, one, run, type Conn } from '../../../resources/statements.ts';

export interface Where {
  sql: string[];
  params: unknown[];
}

export function paymentScope(user: SessionUser, alias = 'p'): Where {
  const where: Where = { sql: [`${alias}.corp_id = ?`, `${alias}.is_deleted = 0`], params: [user.corpId] };
  if (user.userType === 0) return where;
  if (user.userType === 2) {
    where.sql.push(`${alias}.carrier_id = ?`);
    where.params.push(user.partnerId ?? -1);
  } else where.sql.push('1 = 0');
  return where;
}

export interface PaymentRow {
  id: number;
  corpId: number;
  waybillId: number;
  carrierId: number;
  driverId: number | null;
  amount: number;
  status: number;
  processStatus: number | null;
  attempts: number;
  payeeName: string | null;
  bankName: string | null;
  bankAccount: string | null;
  agreementSigned: number;
  checkResult: string | null;
  evidence: string | null;
  channelNote: string | null;
  paidAt: number | null;
  version: number;
  updatedAt: number;
}

export const PAYMENT_COLUMNS = `p.id, p.corp_id AS "corpId", p.waybill_id AS "waybillId", p.carrier_id AS "carrierId", p.driver_id AS "driverId",
  p.amount, p.status, p.process_status AS "processStatus", p.attempts, p.payee_name AS "payeeName", p.bank_name AS "bankName",
  p.bank_account AS "bankAccount", p.agreement_signed AS "agreementSigned", p.check_result AS "checkResult", p.evidence,
  p.channel_note AS "channelNote", p.paid_at AS "paidAt", p.version, p.updated_at AS "updatedAt"`;

/** The payment in the user's scope, or code 0 '记录不存在或无权访问'. */
export async function loadPayment(conn: Conn, user: SessionUser, id: number): Promise<PaymentRow> {
  const where = paymentScope(user);
  const row = await one<PaymentRow>(conn, `SELECT ${PAYMENT_COLUMNS} FROM waybill_payments p WHERE ${where.sql.join(' AND ')} AND p.id = ?`, ...where.params, id);
  if (!row) throw failure(NOT_FOUND);
  return row;
}

/** Each step on the payment's timeline (record_history, resource 'waybillPayment'): status before and after, and what was noted. */
export function recordPaymentHistory(
  conn: Conn, user: { corpId: number; userId: number; name: string }, paymentId: number, action: string,
  from: number | null, to: number | null, version: number, note: string | null, now: number,
) {
  const changes = [{ field: 'status', title: '支付运单状态', before: from, after: to }, ...(note ? [{ field: 'note', title: '说明', before: null, after: note }] : [])];
  return run(conn,
    `INSERT INTO record_history (corp_id, resource, record_id, action, user_id, user_name, changed_at, changes, record_version)
     VALUES (?, 'waybillPayment', ?, ?, ?, ?, ?, ?, ?)`,
    user.corpId, paymentId, action, user.userId, user.name, now, JSON.stringify(changes), version);
}

export const paymentHistory = (conn: Conn, paymentId: number) =>
  all<{ action: string; userName: string; changedAt: number; changes: string }>(conn,
    `SELECT action, user_name AS "userName", changed_at AS "changedAt", changes FROM record_history
      WHERE resource = 'waybillPayment' AND record_id = ? ORDER BY id`, paymentId);

export const writerOf = (user: SessionUser) => ({ corpId: user.corpId, userId: user.userId, name: user.realName || user.userName });
